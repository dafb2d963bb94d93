'use strict';
// Electron's deprecated BrowserView (https://www.electronjs.org/docs/latest/api/browser-view),
// built over WebContentsView as Electron 30+ builds it: a view in the window's contentView, with
// its own webContents (and page target).

const { WebContentsView } = require('./view.cjs');

class BrowserView {
  /** @param {{ webPreferences?: Record<string, any> }} [options] */
  constructor(options = {}) {
    this._view = new WebContentsView(options);
    this._window = null;
    this._autoResize = { width: false, height: false, horizontal: false, vertical: false };
  }
  get webContents() {
    return this._view.webContents;
  }
  setBounds(bounds) {
    this._view.setBounds(bounds);
  }
  getBounds() {
    return this._view.getBounds();
  }
  setBackgroundColor(color) {
    this._view.setBackgroundColor(color);
  }
  setAutoResize(options) {
    this._autoResize = { ...this._autoResize, ...options };
  }

  /** The window was resized by (dw, dh): Electron's setAutoResize behaviour. */
  _onWindowResized(dw, dh) {
    const { width, height, horizontal, vertical } = this._autoResize;
    if (!width && !height && !horizontal && !vertical) return;
    const b = this._view.getBounds();
    this._view.setBounds({
      x: horizontal && !width ? b.x + dw : b.x,
      y: vertical && !height ? b.y + dh : b.y,
      width: width ? b.width + dw : b.width,
      height: height ? b.height + dh : b.height,
    });
  }
}

/** BrowserWindow's BrowserView methods (set/add/remove/get/getBrowserViews/setTopBrowserView). */
function addBrowserViewMethods(BrowserWindow) {
  const proto = BrowserWindow.prototype;
  const trackResize = (win) => {
    if (win._browserViewResize) return;
    win._browserViewResize = { ...win._bounds };
    win.on('resize', () => {
      const before = win._browserViewResize;
      win._browserViewResize = { ...win._bounds };
      for (const view of win._browserViews) view._onWindowResized(win._bounds.width - before.width, win._bounds.height - before.height);
    });
  };
  proto.addBrowserView = function addBrowserView(view) {
    if (!(view instanceof BrowserView)) throw new TypeError('Error processing argument at index 0, conversion failure');
    if (view._window && view._window !== this) view._window.removeBrowserView(view);
    const index = this._browserViews.indexOf(view);
    if (index >= 0) this._browserViews.splice(index, 1);
    this._browserViews.push(view);
    view._window = this;
    this.contentView.addChildView(view._view);
    trackResize(this);
  };
  proto.removeBrowserView = function removeBrowserView(view) {
    const index = this._browserViews.indexOf(view);
    if (index < 0) return;
    this._browserViews.splice(index, 1);
    view._window = null;
    this.contentView.removeChildView(view._view);
  };
  proto.setBrowserView = function setBrowserView(view) {
    for (const existing of [...this._browserViews]) if (existing !== view) this.removeBrowserView(existing);
    if (view && !this._browserViews.includes(view)) this.addBrowserView(view);
  };
  proto.getBrowserView = function getBrowserView() {
    if (this._browserViews.length > 1) throw new Error('BrowserWindow have multiple BrowserViews, Use getBrowserViews() instead');
    return this._browserViews[0] ?? null;
  };
  proto.getBrowserViews = function getBrowserViews() {
    return [...this._browserViews];
  };
  proto.setTopBrowserView = function setTopBrowserView(view) {
    if (!this._browserViews.includes(view)) throw new Error('Given BrowserView is not attached to the window');
    this.addBrowserView(view);
  };
}

module.exports = { BrowserView, addBrowserViewMethods };
