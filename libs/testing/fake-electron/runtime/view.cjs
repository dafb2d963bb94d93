'use strict';
// Electron's View, WebContentsView and ImageView (https://www.electronjs.org/docs/latest/api/view,
// https://www.electronjs.org/docs/latest/api/web-contents-view). Views form a tree under a window's
// contentView; bounds are relative to the parent view. Each WebContentsView has its own webContents,
// one Chromium page target in its own headless window (the same machinery as a BrowserWindow's:
// createTarget + web-contents-attach, preload and IPC included), placed on the screen at the
// window's position plus the view's offset and sized to the view. So Playwright, and the server,
// see each WebContentsView as a page of its own, as they do in Electron.

const { EventEmitter } = require('node:events');
const { host, createTarget } = require('./host.cjs');
const { makeEvent } = require('./events.cjs');

function checkedBounds(bounds) {
  if (!bounds || typeof bounds !== 'object')
    throw new TypeError('Error processing argument at index 0, conversion failure from ' + String(bounds));
  const out = {};
  for (const key of ['x', 'y', 'width', 'height']) {
    const value = bounds[key];
    if (typeof value !== 'number' || Number.isNaN(value))
      throw new TypeError(`Error processing argument at index 0, conversion failure: ${key} must be a number`);
    out[key] = Math.round(value);
  }
  return out;
}

class View extends EventEmitter {
  constructor() {
    super();
    this._bounds = { x: 0, y: 0, width: 0, height: 0 };
    /** @type {View[]} */
    this._children = [];
    /** @type {View | null} */
    this._parent = null;
    /** @type {any} the BaseWindow whose tree holds this view */
    this._window = null;
    this._visible = true;
    this._backgroundColor = '#00000000';
    this._borderRadius = 0;
  }

  get children() {
    return [...this._children];
  }

  /** Adds (or moves to the top, or to `index`) a child view. */
  addChildView(view, index) {
    if (!(view instanceof View)) throw new TypeError('Error processing argument at index 0, conversion failure from ' + String(view));
    if (view === this) throw new Error('A view cannot be added as its own child');
    if (view._parent) view._parent.removeChildView(view);
    const at = index === undefined || index < 0 || index > this._children.length ? this._children.length : Math.floor(index);
    this._children.splice(at, 0, view);
    view._parent = this;
    view._setWindow(this._window);
    view._layout();
  }

  removeChildView(view) {
    const index = this._children.indexOf(view);
    if (index < 0) return;
    this._children.splice(index, 1);
    view._parent = null;
    view._setWindow(null);
  }

  setBounds(bounds) {
    const next = checkedBounds(bounds);
    const previous = this._bounds;
    this._bounds = next;
    this._layout();
    if (Object.keys(next).some((key) => next[key] !== previous[key])) this.emit('bounds-changed');
  }
  getBounds() {
    return { ...this._bounds };
  }
  setBackgroundColor(color) {
    this._backgroundColor = String(color);
  }
  /** Kept as data: views are not drawn as one surface here (see the README). */
  setBackgroundBlur(radius) {
    this._backgroundBlur = Number(radius) || 0;
  }
  setBorderRadius(radius) {
    this._borderRadius = Number(radius) || 0;
  }
  setVisible(visible) {
    this._visible = Boolean(visible);
  }
  getVisible() {
    return this._visible;
  }

  _setWindow(win) {
    this._window = win;
    for (const child of this._children) child._setWindow(win);
    this._onWindowChanged();
  }
  _onWindowChanged() {}

  /** Screen position of this view's top-left corner: the window's, plus every ancestor's offset. */
  _screenOrigin() {
    let x = this._bounds.x;
    let y = this._bounds.y;
    for (let view = this._parent; view; view = view._parent) {
      x += view._bounds.x;
      y += view._bounds.y;
    }
    const windowBounds = this._window?._bounds ?? { x: 0, y: 0 };
    return { x: windowBounds.x + x, y: windowBounds.y + y };
  }

  _layout() {
    for (const child of this._children) child._layout();
  }

  /** @returns {WebContentsView[]} every WebContentsView in this subtree, this one included */
  _webContentsViews() {
    const own = this instanceof WebContentsView ? [this] : [];
    return own.concat(...this._children.map((child) => child._webContentsViews()));
  }
}

class WebContentsView extends View {
  /** @param {{ webPreferences?: Record<string, any>, webContents?: any }} [options] */
  constructor(options = {}) {
    const { app } = require('./app.cjs');
    if (!app.isReady()) throw new Error('Cannot create WebContentsView before app is ready');
    super();
    this._isView = true;
    this._windowId = undefined;
    /** What Chromium's window adds around the page, measured once a document is up. */
    this._frame = null;
    if (options.webContents) {
      // Electron moves an existing webContents into the view; here it keeps its own page target.
      this.webContents = options.webContents;
      this.webContents._owner = this;
    } else {
      const { WebContents } = require('./web-contents.cjs');
      this.webContents = new WebContents({ owner: this, webPreferences: { ...(options.webPreferences || {}) } });
      app.emit('web-contents-created', makeEvent(), this.webContents);
      createTarget(this.webContents, { x: 0, y: 0, width: 1, height: 1, background: true }).catch((error) =>
        this.webContents._rejectAttached(error),
      );
    }
  }

  // The owner interface WebContents and web-contents-attach call.
  _hostWindow() {
    return this._window && !this._window._closed ? this._window : null;
  }
  async _onAttached() {
    const found = await host.browser.sendQuietly('Browser.getWindowForTarget', { targetId: this.webContents._targetId });
    if (!found) return;
    this._windowId = found.windowId;
    await this._place();
  }
  async _onDomReady() {
    if (this._frame || !this._windowId) return;
    const session = this.webContents._session;
    const [windowBounds, viewport] = await Promise.all([
      host.browser.sendQuietly('Browser.getWindowBounds', { windowId: this._windowId }),
      session?.sendQuietly('Runtime.evaluate', { expression: '[innerWidth, innerHeight]', returnByValue: true }),
    ]);
    const inner = viewport?.result?.value;
    if (!windowBounds || !inner) return;
    this._frame = { width: windowBounds.bounds.width - inner[0], height: windowBounds.bounds.height - inner[1] };
    if (inner[0] !== this._bounds.width || inner[1] !== this._bounds.height) await this._place();
  }
  _onPageTitle() {}
  _onWebContentsGone() {}
  isDestroyed() {
    return this.webContents.isDestroyed();
  }
  focus() {
    const win = this._hostWindow();
    if (win) require('./base-window.cjs').setFocusedWindow(win);
    this._activate();
  }
  close() {
    if (this.webContents._targetId) host.browser?.sendQuietly('Target.closeTarget', { targetId: this.webContents._targetId });
  }
  _activate() {
    if (this.webContents._targetId) host.browser?.sendQuietly('Target.activateTarget', { targetId: this.webContents._targetId });
  }

  _onWindowChanged() {
    this._place();
  }
  _layout() {
    this._place();
    super._layout();
  }

  /** Puts the view's Chromium window where the view is on the screen, its page viewport the view's size. */
  async _place() {
    if (!this._windowId || this.webContents.isDestroyed()) return;
    const frame = this._frame || host.frame;
    const { x, y } = this._screenOrigin();
    const width = Math.max(this._bounds.width, 1);
    const height = Math.max(this._bounds.height, 1);
    await host.browser?.sendQuietly('Browser.setWindowBounds', {
      windowId: this._windowId,
      bounds: { left: x, top: y, width: width + frame.width, height: height + frame.height },
    });
  }
}

/** An image drawn in a window (https://www.electronjs.org/docs/latest/api/image-view): layout only, nothing is drawn. */
class ImageView extends View {
  constructor() {
    super();
    this._image = null;
  }
  setImage(image) {
    this._image = image;
  }
}

module.exports = { View, WebContentsView, ImageView };
