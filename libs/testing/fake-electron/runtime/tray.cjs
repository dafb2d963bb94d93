'use strict';
// Tray: an icon that is never drawn. Tooltip, title, image and context menu are kept; the app's
// 'click' listeners run when something emits 'click' (tests do: tray.emit('click')).

const { EventEmitter } = require('node:events');

class Tray extends EventEmitter {
  /** @param {string | import('./native-image.cjs').NativeImage} image */
  constructor(image) {
    super();
    this._image = image;
    this._pressedImage = undefined;
    this._toolTip = '';
    this._title = '';
    this._contextMenu = null;
    this._destroyed = false;
    this._ignoreDoubleClickEvents = false;
  }

  setImage(image) {
    this._image = image;
  }
  setPressedImage(image) {
    this._pressedImage = image;
  }
  setToolTip(toolTip) {
    this._toolTip = String(toolTip);
  }
  setTitle(title) {
    this._title = String(title);
  }
  getTitle() {
    return this._title;
  }
  setContextMenu(menu) {
    this._contextMenu = menu;
  }
  popUpContextMenu(menu) {
    (menu ?? this._contextMenu)?.popup();
  }
  closeContextMenu() {
    this._contextMenu?.closePopup();
  }
  displayBalloon() {
    this.emit('balloon-show');
  }
  removeBalloon() {}
  focus() {}
  getBounds() {
    return { x: 0, y: 0, width: 22, height: 22 };
  }
  setIgnoreDoubleClickEvents(ignore) {
    this._ignoreDoubleClickEvents = Boolean(ignore);
  }
  getIgnoreDoubleClickEvents() {
    return this._ignoreDoubleClickEvents;
  }
  destroy() {
    this._destroyed = true;
  }
  isDestroyed() {
    return this._destroyed;
  }
}

module.exports = { Tray };
