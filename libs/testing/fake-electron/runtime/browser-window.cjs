'use strict';
// Electron's BrowserWindow: a BaseWindow with one webContents, which is one Chromium page target in
// its own headless window. Windows the renderer opens (window.open) or that are opened over CDP are
// adopted as windows too.

const { host, createTarget } = require('./host.cjs');
const { makeEvent } = require('./events.cjs');
const { WebContents } = require('./web-contents.cjs');
const { BaseWindow, setFocusedWindow } = require('./base-window.cjs');

class BrowserWindow extends BaseWindow {
  /**
   * @param {Record<string, any>} [options]
   * @param {{ adopted?: boolean }} [internal]
   */
  constructor(options = {}, internal = {}) {
    super(options);
    const { app } = require('./app.cjs');
    this._readyToShow = false;
    this._adopted = Boolean(internal.adopted);
    this.webContents = new WebContents({ owner: this, webPreferences: { ...(options.webPreferences || {}) } });
    app.emit('web-contents-created', makeEvent(), this.webContents);
    app.emit('browser-window-created', makeEvent(), this);
    if (!this._adopted) {
      createTarget(this.webContents, { ...this._bounds, background: !this._visible }).catch((error) =>
        this.webContents._rejectAttached(error),
      );
    }
  }

  /** The window a webContents of this window belongs to (the owner interface of WebContents). */
  _hostWindow() {
    return this._closed ? null : this;
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
    else this._layoutViews();
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
    this._onWindowGone();
  }

  _closeTarget() {
    const contents = this.webContents;
    for (const view of this._browserViews.splice(0)) view.webContents.close();
    if (contents._targetId) host.browser?.sendQuietly('Target.closeTarget', { targetId: contents._targetId });
    else
      contents._attached.then(
        () => this._closeTarget(),
        () => this._onWebContentsGone(),
      );
  }

  _activate() {
    if (this.webContents._targetId) host.browser?.sendQuietly('Target.activateTarget', { targetId: this.webContents._targetId });
    super._activate();
  }

  static fromWebContents(contents) {
    return contents?._owner?._hostWindow?.() ?? null;
  }
  static fromBrowserView(view) {
    return view?._window ?? null;
  }
}

// Electron's BrowserWindow forwards these helpers to its webContents (lib/browser/api/browser-window.ts);
// `send` and the DevTools ones are undocumented on BrowserWindow but apps call them (stretchly's `win.send`).
for (const name of [
  'loadURL',
  'getURL',
  'loadFile',
  'reload',
  'send',
  'openDevTools',
  'closeDevTools',
  'isDevToolsOpened',
  'isDevToolsFocused',
  'toggleDevTools',
  'inspectElement',
  'inspectSharedWorker',
  'inspectServiceWorker',
  'showDefinitionForSelection',
  'capturePage',
  'getBackgroundThrottling',
  'setBackgroundThrottling',
]) {
  Object.defineProperty(BrowserWindow.prototype, name, {
    value: {
      [name](...args) {
        return this.webContents[name](...args);
      },
    }[name],
    writable: true,
    configurable: true,
  });
}

require('./browser-view.cjs').addBrowserViewMethods(BrowserWindow);

module.exports = { BrowserWindow, setFocusedWindow };
