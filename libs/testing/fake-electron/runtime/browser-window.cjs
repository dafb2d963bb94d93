'use strict';
// Electron's BrowserWindow: each window is one Chromium page target in its own headless window.
// Windows the renderer opens (window.open) or that are opened over CDP are adopted as windows too.

const { EventEmitter } = require('node:events');
const { registry } = require('./registry.cjs');
const { host, createTarget } = require('./host.cjs');
const { makeEvent, emitPreventable } = require('./events.cjs');
const { WebContents } = require('./web-contents.cjs');
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
    previous.webContents.emit('blur');
    app.emit('browser-window-blur', makeEvent(), previous);
  }
  if (win) {
    const index = focusHistory.indexOf(win);
    if (index >= 0) focusHistory.splice(index, 1);
    focusHistory.push(win);
    win.emit('focus', makeEvent());
    win.webContents.emit('focus');
    app.emit('browser-window-focus', makeEvent(), win);
  }
}

class BrowserWindow extends EventEmitter {
  /**
   * @param {Record<string, any>} [options]
   * @param {{ adopted?: boolean }} [internal]
   */
  constructor(options = {}, internal = {}) {
    const { app } = require('./app.cjs');
    if (!app.isReady()) throw new Error('Cannot create BrowserWindow before app is ready');
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
    this._readyToShow = false;
    this._adopted = Boolean(internal.adopted);
    this._parent = options.parent ?? null;
    this._menu = null;
    this._initState(options);
    this.webContents = new WebContents({ owner: this, webPreferences: { ...(options.webPreferences || {}) } });
    registry.windows.set(this.id, this);
    app.emit('web-contents-created', makeEvent(), this.webContents);
    app.emit('browser-window-created', makeEvent(), this);
    if (!this._adopted) {
      createTarget(this.webContents, { ...this._bounds, background: !this._visible }).catch((error) =>
        this.webContents._rejectAttached(error),
      );
    }
  }

  /** Called once the page target is attached: focus, then size the Chromium window to our bounds. */
  async _onAttached() {
    const browser = host.browser;
    const targetId = this.webContents._targetId;
    if (this._visible && !this._closed) {
      setFocusedWindow(this);
      browser.sendQuietly('Target.activateTarget', { targetId });
    }
    const found = await browser.sendQuietly('Browser.getWindowForTarget', { targetId });
    if (!found) return;
    this._windowId = found.windowId;
    // Popups come sized by Chromium from their window features; ours get our bounds now.
    if (!this._adopted) await this._applyBounds();
  }

  _onDomReady() {
    if (this._readyToShow) return;
    this._readyToShow = true;
    this._measureFrame();
    setImmediate(() => {
      if (!this._closed) this.emit('ready-to-show', makeEvent());
    });
  }

  _onPageTitle(event, title) {
    this.emit('page-title-updated', event, title, true);
    if (!event.defaultPrevented) this._title = title;
  }

  /** The page target is gone: the window is closed. */
  _onWebContentsGone() {
    if (this._closed) return;
    this._closed = true;
    registry.windows.delete(this.id);
    const index = focusHistory.indexOf(this);
    if (index >= 0) focusHistory.splice(index, 1);
    for (const child of this.getChildWindows()) child.close();
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

  /** Closes the window at once: no 'close' event, no beforeunload. */
  destroy() {
    if (this._closed) return;
    this._destroying = true;
    this._destroyCalled = true;
    this._closeTarget();
  }

  _closeTarget() {
    const contents = this.webContents;
    if (contents._targetId) host.browser?.sendQuietly('Target.closeTarget', { targetId: contents._targetId });
    else
      contents._attached.then(
        () => this._closeTarget(),
        () => this._onWebContentsGone(),
      );
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
    if (this.webContents._targetId) host.browser?.sendQuietly('Target.activateTarget', { targetId: this.webContents._targetId });
  }
  blur() {
    if (registry.focusedWindow === this) setFocusedWindow(null);
  }

  loadURL(url, options) {
    return this.webContents.loadURL(url, options);
  }
  loadFile(filePath, options) {
    return this.webContents.loadFile(filePath, options);
  }
  reload() {
    this.webContents.reload();
  }
  capturePage(rect) {
    return this.webContents.capturePage(rect);
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

  static getAllWindows() {
    return [...registry.windows.values()];
  }
  static getFocusedWindow() {
    return registry.focusedWindow;
  }
  static fromWebContents(contents) {
    return contents?._owner && !contents._owner._closed ? contents._owner : null;
  }
  static fromId(id) {
    return registry.windows.get(id) ?? null;
  }
  static fromBrowserView() {
    return null;
  }
}

addBoundsMethods(BrowserWindow);

module.exports = { BrowserWindow, setFocusedWindow };
