'use strict';
// Electron's BaseWindow (https://www.electronjs.org/docs/latest/api/base-window): a window with no
// web page of its own, composed of Views (`contentView`). BrowserWindow extends it and adds one
// webContents. A BaseWindow has no Chromium window: its geometry and state are kept here, and each
// WebContentsView in it is its own Chromium page target placed at the window's position plus the
// view's bounds (view.cjs).

const { EventEmitter } = require('node:events');
const { registry } = require('./registry.cjs');
const { makeEvent, emitPreventable } = require('./events.cjs');
const { addBoundsMethods, SCREEN } = require('./browser-window-bounds.cjs');

/** Windows in the order they last had focus (most recent last). */
const focusHistory = [];

function setFocusedWindow(win) {
  const previous = registry.focusedWindow;
  if (previous === win) return;
  registry.focusedWindow = win;
  const { app } = require('./app.cjs');
  if (previous && !previous._closed) {
    previous.emit('blur', makeEvent());
    previous.webContents?.emit('blur');
    app.emit('browser-window-blur', makeEvent(), previous);
  }
  if (win) {
    const index = focusHistory.indexOf(win);
    if (index >= 0) focusHistory.splice(index, 1);
    focusHistory.push(win);
    win.emit('focus', makeEvent());
    win.webContents?.emit('focus');
    app.emit('browser-window-focus', makeEvent(), win);
  }
}

class BaseWindow extends EventEmitter {
  /** @param {Record<string, any>} [options] */
  constructor(options = {}) {
    const { app } = require('./app.cjs');
    if (!app.isReady()) throw new Error(`Cannot create ${new.target.name} before app is ready`);
    super();
    this.id = registry.nextWindowId++;
    this._options = options;
    const width = Math.round(options.width ?? 800);
    const height = Math.round(options.height ?? 600);
    this._bounds = {
      x: Math.round(options.x ?? (SCREEN.width - width) / 2),
      y: Math.round(options.y ?? (SCREEN.height - height) / 2),
      width,
      height,
    };
    this._title = options.title ?? 'Electron';
    this._visible = options.show !== false;
    this._closed = false;
    this._destroying = false;
    this._parent = options.parent ?? null;
    this._menu = null;
    this._initState(options);
    const { View } = require('./view.cjs');
    this._contentView = new View();
    this._contentView._setWindow(this);
    this._contentView.setBounds({ x: 0, y: 0, width, height });
    /** @type {any[]} BrowserViews added with setBrowserView / addBrowserView */
    this._browserViews = [];
    registry.windows.set(this.id, this);
    if (new.target === BaseWindow && this._visible) setImmediate(() => this.focus());
  }

  get contentView() {
    return this._contentView;
  }
  set contentView(view) {
    this.setContentView(view);
  }
  setContentView(view) {
    if (this._contentView === view) return;
    this._contentView._setWindow(null);
    this._contentView = view;
    view._setWindow(this);
    view.setBounds({ x: 0, y: 0, width: this._bounds.width, height: this._bounds.height });
  }
  getContentView() {
    return this._contentView;
  }

  /** The window's geometry changed: the root view follows the content size, the views their places. */
  _layoutViews() {
    if (this._contentView) {
      const { width, height } = this._bounds;
      const root = this._contentView._bounds;
      if (root.width !== width || root.height !== height) this._contentView.setBounds({ ...root, width, height });
      else this._contentView._layout();
    }
  }

  /** The window is gone: registry, child windows, 'closed', focus to the next window, the app. */
  _onWindowGone() {
    if (this._closed) return;
    this._closed = true;
    registry.windows.delete(this.id);
    const index = focusHistory.indexOf(this);
    if (index >= 0) focusHistory.splice(index, 1);
    for (const child of this.getChildWindows()) child.close();
    this._contentView?._setWindow(null);
    this.emit('closed');
    if (registry.focusedWindow === this) {
      registry.focusedWindow = null;
      const next = [this._parent, ...[...focusHistory].reverse()].find((w) => w && !w._closed && w._visible);
      if (next) setFocusedWindow(next);
    }
    require('./app.cjs').app._onWindowClosed();
  }

  /** Tries to close the window: 'close' listeners may prevent it. */
  close() {
    if (this._closed || this._destroying) return;
    if (emitPreventable(this, 'close')) return;
    this._destroying = true;
    this._closeTarget();
  }

  /** Closes the window at once: no 'close' event. */
  destroy() {
    if (this._closed) return;
    this._destroying = true;
    this._destroyCalled = true;
    this._closeTarget();
  }

  /** A BaseWindow has no page of its own: it closes on the next turn, as Electron's does. */
  _closeTarget() {
    setImmediate(() => this._onWindowGone());
  }

  /** Brings the window's page(s) to the front in Chromium. */
  _activate() {
    for (const view of this._contentView?._webContentsViews() ?? []) view._activate();
  }

  isDestroyed() {
    return this._closed || Boolean(this._destroyCalled);
  }

  getTitle() {
    return this._title;
  }
  setTitle(title) {
    this._title = String(title);
  }

  isVisible() {
    return this._visible && !this._closed;
  }
  show() {
    if (this._closed) return;
    if (!this._visible) {
      this._visible = true;
      this.emit('show');
    }
    this.focus();
  }
  showInactive() {
    if (this._closed || this._visible) return;
    this._visible = true;
    this.emit('show');
  }
  hide() {
    if (this._closed || !this._visible) return;
    this._visible = false;
    this.emit('hide');
    if (registry.focusedWindow === this) setFocusedWindow(null);
  }

  isFocused() {
    return registry.focusedWindow === this;
  }
  focus() {
    if (this._closed || this._options.focusable === false) return;
    setFocusedWindow(this);
    this._activate();
  }
  blur() {
    if (registry.focusedWindow === this) setFocusedWindow(null);
  }

  setMenu(menu) {
    this._menu = menu;
  }
  removeMenu() {
    this._menu = null;
  }

  getParentWindow() {
    return this._parent && !this._parent._closed ? this._parent : null;
  }
  setParentWindow(parent) {
    this._parent = parent;
  }
  getChildWindows() {
    return [...registry.windows.values()].filter((w) => w._parent === this);
  }
  isModal() {
    return Boolean(this._options.modal && this._parent);
  }

  /** Inert everywhere but macOS, as in Electron. */
  setTouchBar() {}
  setSheetOffset() {}
  setAutoHideCursor() {}
  selectPreviousTab() {}
  selectNextTab() {}
  showAllTabs() {}
  mergeAllWindows() {}
  moveTabToNewWindow() {}
  toggleTabBar() {}
  addTabbedWindow() {}
  setWindowButtonVisibility() {}
  setWindowButtonPosition() {}
  getWindowButtonPosition() {
    return null;
  }
  invalidateShadow() {}
  getMediaSourceId() {
    return `window:${this.id}:0`;
  }
  hookWindowMessage() {}
  isWindowMessageHooked() {
    return false;
  }
  unhookWindowMessage() {}
  unhookAllWindowMessages() {}
  setAppDetails() {}
  setThumbnailClip() {}
  setThumbnailToolTip() {}
  isTabletMode() {
    return false;
  }
  getAccentColor() {
    return '#0078d7';
  }
  setAccentColor() {}

  static getAllWindows() {
    return [...registry.windows.values()];
  }
  static getFocusedWindow() {
    return registry.focusedWindow;
  }
  static fromId(id) {
    return registry.windows.get(id) ?? null;
  }
}

addBoundsMethods(BaseWindow);
// A window with a page of its own (BrowserWindow) sizes its Chromium window; every window lays out its views.
BaseWindow.prototype._applyChromiumBounds = BaseWindow.prototype._applyBounds;
BaseWindow.prototype._applyBounds = async function applyBounds() {
  if (this.webContents) await this._applyChromiumBounds();
  this._layoutViews();
};

module.exports = { BaseWindow, setFocusedWindow, focusHistory };
