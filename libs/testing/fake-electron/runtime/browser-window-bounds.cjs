'use strict';
// Geometry and window-state methods of BrowserWindow. Sizes are content sizes (the headless
// window has no frame of its own); Chromium's window is resized so the page viewport matches.

const { host } = require('./host.cjs');

/** The emulated display (Chromium runs with --screen-info={0,0 1920x1080}). */
const SCREEN = { width: 1920, height: 1080 };

const FLAGS = [
  ['resizable', true],
  ['movable', true],
  ['minimizable', true],
  ['maximizable', true],
  ['closable', true],
  ['focusable', true],
  ['alwaysOnTop', false],
  ['skipTaskbar', false],
  ['kiosk', false],
  ['fullScreenable', true],
  ['enabled', true],
  ['menuBarVisible', true],
  ['autoHideMenuBar', false],
  ['documentEdited', false],
  ['hasShadow', true],
  ['visibleOnAllWorkspaces', false],
  ['contentProtection', false],
];

/** @param {any} BrowserWindow */
function addBoundsMethods(BrowserWindow) {
  const proto = BrowserWindow.prototype;

  proto._initState = function initState(options) {
    this._flags = {};
    for (const [name, fallback] of FLAGS) this._flags[name] = options[name] ?? fallback;
    this._flags.menuBarVisible = !options.autoHideMenuBar;
    this._minimized = false;
    this._maximized = false;
    this._fullScreen = Boolean(options.fullscreen);
    this._normalBounds = null;
    this._minimumSize = [options.minWidth ?? 0, options.minHeight ?? 0];
    this._maximumSize = [options.maxWidth ?? 0, options.maxHeight ?? 0];
    this._opacity = options.opacity ?? 1;
    this._backgroundColor = options.backgroundColor ?? '#FFFFFF';
    this._representedFilename = '';
  };

  /** Resizes Chromium's window so the page viewport gets our size (frame: see _measureFrame). */
  proto._applyBounds = async function applyBounds() {
    if (!this._windowId || this._closed) return;
    const frame = this._frame || host.frame;
    const { x, y, width, height } = this._bounds;
    await host.browser?.sendQuietly('Browser.setWindowBounds', {
      windowId: this._windowId,
      bounds: { left: x, top: y, width: width + frame.width, height: height + frame.height },
    });
  };

  /**
   * Measures, once a document is up, what Chromium's window adds around the page (tab strip,
   * toolbar; it differs between normal and popup windows) and fixes the size if it is off.
   */
  proto._measureFrame = async function measureFrame() {
    const session = this.webContents._session;
    if (!this._windowId || !session || this._closed) return;
    const [windowBounds, viewport] = await Promise.all([
      host.browser.sendQuietly('Browser.getWindowBounds', { windowId: this._windowId }),
      session.sendQuietly('Runtime.evaluate', { expression: '[innerWidth, innerHeight]', returnByValue: true }),
    ]);
    const inner = viewport?.result?.value;
    if (!windowBounds || !inner || this._closed) return;
    const { left, top, width, height } = windowBounds.bounds;
    this._frame = { width: width - inner[0], height: height - inner[1] };
    if (this._adopted && this._options.width === undefined && this._options.height === undefined) {
      this._bounds = { x: left, y: top, width: inner[0], height: inner[1] };
      return;
    }
    if (!this._adopted) host.frame = { ...this._frame };
    if (inner[0] !== this._bounds.width || inner[1] !== this._bounds.height) await this._applyBounds();
  };

  proto.getBounds = function getBounds() {
    return { ...this._bounds };
  };
  proto.getContentBounds = proto.getBounds;
  proto.getNormalBounds = function getNormalBounds() {
    return { ...(this._normalBounds || this._bounds) };
  };

  proto.setBounds = function setBounds(bounds) {
    if (this._closed) return;
    const previous = this._bounds;
    const next = { ...previous, ...Object.fromEntries(Object.entries(bounds).filter(([, v]) => v !== undefined)) };
    next.x = Math.round(next.x);
    next.y = Math.round(next.y);
    next.width = Math.max(Math.round(next.width), this._minimumSize[0]);
    next.height = Math.max(Math.round(next.height), this._minimumSize[1]);
    this._bounds = next;
    this._applyBounds();
    if (next.width !== previous.width || next.height !== previous.height) {
      this.emit('resize');
      this.emit('resized');
    }
    if (next.x !== previous.x || next.y !== previous.y) {
      this.emit('move');
      this.emit('moved');
    }
  };
  proto.setContentBounds = proto.setBounds;

  proto.getSize = function getSize() {
    return [this._bounds.width, this._bounds.height];
  };
  proto.setSize = function setSize(width, height) {
    this.setBounds({ width, height });
  };
  proto.getContentSize = proto.getSize;
  proto.setContentSize = proto.setSize;
  proto.getPosition = function getPosition() {
    return [this._bounds.x, this._bounds.y];
  };
  proto.setPosition = function setPosition(x, y) {
    this.setBounds({ x, y });
  };
  proto.center = function center() {
    this.setBounds({ x: Math.round((SCREEN.width - this._bounds.width) / 2), y: Math.round((SCREEN.height - this._bounds.height) / 2) });
  };
  proto.setMinimumSize = function setMinimumSize(width, height) {
    this._minimumSize = [width, height];
  };
  proto.getMinimumSize = function getMinimumSize() {
    return [...this._minimumSize];
  };
  proto.setMaximumSize = function setMaximumSize(width, height) {
    this._maximumSize = [width, height];
  };
  proto.getMaximumSize = function getMaximumSize() {
    return [...this._maximumSize];
  };
  proto.setAspectRatio = function setAspectRatio() {};

  const enterState = (win, state, event) => {
    if (!win._normalBounds) win._normalBounds = { ...win._bounds };
    win[state] = true;
    win.setBounds({ x: 0, y: 0, width: SCREEN.width, height: SCREEN.height });
    win.emit(event);
  };
  const leaveState = (win, state, event) => {
    win[state] = false;
    if (!win._maximized && !win._fullScreen && win._normalBounds) {
      win.setBounds(win._normalBounds);
      win._normalBounds = null;
    }
    win.emit(event);
  };

  proto.maximize = function maximize() {
    if (!this._maximized) enterState(this, '_maximized', 'maximize');
  };
  proto.unmaximize = function unmaximize() {
    if (this._maximized) leaveState(this, '_maximized', 'unmaximize');
  };
  proto.isMaximized = function isMaximized() {
    return this._maximized;
  };
  proto.setFullScreen = function setFullScreen(flag) {
    if (flag && !this._fullScreen) enterState(this, '_fullScreen', 'enter-full-screen');
    else if (!flag && this._fullScreen) leaveState(this, '_fullScreen', 'leave-full-screen');
  };
  proto.isFullScreen = function isFullScreen() {
    return this._fullScreen;
  };
  proto.setSimpleFullScreen = proto.setFullScreen;
  proto.isSimpleFullScreen = proto.isFullScreen;
  proto.minimize = function minimize() {
    if (this._minimized) return;
    this._minimized = true;
    this.emit('minimize');
    this.blur();
  };
  proto.restore = function restore() {
    if (this._minimized) {
      this._minimized = false;
      this.emit('restore');
    }
    this.focus();
  };
  proto.isMinimized = function isMinimized() {
    return this._minimized;
  };
  proto.isNormal = function isNormal() {
    return !this._minimized && !this._maximized && !this._fullScreen;
  };

  for (const [name] of FLAGS) {
    const suffix = name[0].toUpperCase() + name.slice(1);
    const getter =
      name === 'hasShadow'
        ? 'hasShadow'
        : name === 'menuBarVisible'
          ? 'isMenuBarVisible'
          : name === 'autoHideMenuBar'
            ? 'isMenuBarAutoHide'
            : `is${suffix}`;
    const setter = name === 'menuBarVisible' ? 'setMenuBarVisibility' : `set${suffix}`;
    proto[getter] = function getFlag() {
      return this._flags[name];
    };
    proto[setter] = function setFlag(value) {
      this._flags[name] = Boolean(value);
    };
  }

  proto.setOpacity = function setOpacity(opacity) {
    this._opacity = opacity;
  };
  proto.getOpacity = function getOpacity() {
    return this._opacity;
  };
  proto.setBackgroundColor = function setBackgroundColor(color) {
    this._backgroundColor = color;
  };
  proto.getBackgroundColor = function getBackgroundColor() {
    return this._backgroundColor;
  };
  proto.setRepresentedFilename = function setRepresentedFilename(name) {
    this._representedFilename = name;
  };
  proto.getRepresentedFilename = function getRepresentedFilename() {
    return this._representedFilename;
  };
  proto.getNativeWindowHandle = function getNativeWindowHandle() {
    return Buffer.alloc(8);
  };
  for (const noop of [
    'setProgressBar',
    'setIcon',
    'flashFrame',
    'setOverlayIcon',
    'setTitleBarOverlay',
    'setIgnoreMouseEvents',
    'moveTop',
    'setVibrancy',
    'setShape',
    'setThumbarButtons',
  ]) {
    proto[noop] = function ignored() {};
  }
}

module.exports = { addBoundsMethods, SCREEN };
