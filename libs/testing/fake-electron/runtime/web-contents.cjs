'use strict';
// Electron's webContents: one per BrowserWindow, backed by one Chromium page target.
// Navigation, script evaluation and main -> renderer messages go over our CDP session to it.

const { EventEmitter } = require('node:events');
const { pathToFileURL } = require('node:url');
const path = require('node:path');
const { registry } = require('./registry.cjs');
const { host, dispatcherName } = require('./host.cjs');
const { makeEvent, emitPreventable } = require('./events.cjs');
const { encodeIpcValue } = require('./codec.cjs');
const { isHoldUrl } = require('./hold-server.cjs');
const { addNavigationMethods } = require('./web-contents-navigation.cjs');
const { addEditingMethods } = require('./web-contents-editing.cjs');
const { addExtraMethods } = require('./web-contents-extra.cjs');

class WebContents extends EventEmitter {
  /** @param {{ owner: any, webPreferences: Record<string, any> }} options */
  constructor({ owner, webPreferences }) {
    super();
    this.id = registry.nextWebContentsId++;
    this._owner = owner;
    this._webPreferences = webPreferences;
    /** @type {import('./cdp.cjs').CdpSession | null} */
    this._session = null;
    this._targetId = '';
    this._url = '';
    this._title = '';
    this._syncPaused = false;
    /** @type {(() => void)[]} dispatches waiting for the page to leave sendSync's pause */
    this._afterSyncPause = [];
    this._destroyed = false;
    this._crashed = false;
    this._loading = false;
    /** @type {Array<{ resolve: Function, reject: Function }>} */
    this._pendingLoads = [];
    /** Loader ids of the last documents that finished loading (set by attach). */
    this._loadedLoaders = [];
    this._loaderId = '';
    /** False until the first real navigation: the initial document fires no Electron events. */
    this._navigated = false;
    /** loadURL was called (before attach: navigate once attached instead of stopping the hold). */
    this._navigationRequested = false;
    /** @type {string | undefined} where an adopted popup goes once attached */
    this._initialUrl = undefined;
    this._windowOpenHandler = null;
    this._devToolsOpened = false;
    this._audioMuted = false;
    this._zoomFactor = 1;
    this._userAgent = '';
    const { IpcMain } = require('./ipc-main.cjs');
    this.ipc = new IpcMain();
    this.session = require('./session.cjs').defaultSession;
    this.hostWebContents = null;
    this.devToolsWebContents = null;
    this.debugger = new Debugger(this);
    this._attached = new Promise((resolve, reject) => {
      this._resolveAttached = resolve;
      this._rejectAttached = reject;
    });
    this._attached.catch(() => {});
    registry.webContents.set(this.id, this);
  }

  /** The page's top frame, a WebFrameMain (web-frame-main.cjs). */
  get mainFrame() {
    return require('./web-frame-main.cjs').frameFor(this, this._targetId);
  }

  /** @returns {Promise<import('./cdp.cjs').CdpSession>} */
  async _sessionOrThrow() {
    await this._attached;
    if (this._destroyed || !this._session) throw new Error('Object has been destroyed');
    return this._session;
  }

  _attach(session, targetInfo) {
    require('./web-contents-attach.cjs').attach(this, session, targetInfo);
  }

  _onTargetInfo(targetInfo) {
    if (targetInfo.url && !isHoldUrl(targetInfo.url)) this._url = require('./protocol.cjs').fromServed(targetInfo.url);
  }

  /** The page's document.title changed (reported by the renderer bootstrap). */
  _onDocumentTitle(title) {
    if (!title || title === this._title) return;
    this._title = title;
    const event = makeEvent();
    this.emit('page-title-updated', event, title, true);
    this._owner?._onPageTitle(event, title);
  }

  /**
   * The page is about to navigate itself (renderer-navigation.cjs holds it until this answers).
   * will-frame-navigate, then will-navigate, as Electron emits them for the main frame; either
   * listener's preventDefault() keeps the page. Id 0 is a navigation that cannot be held.
   */
  _onWillNavigate(url, id, contextId) {
    if (this._destroyed) return;
    const event = makeEvent({ url, isSameDocument: false, isMainFrame: true, frame: this.mainFrame, initiator: this.mainFrame });
    this.emit('will-frame-navigate', event);
    if (!event.defaultPrevented) this.emit('will-navigate', event, url, false, true, 0, 0);
    if (id === 0) return;
    this._dispatch({ t: event.defaultPrevented ? 'navigate-prevented' : 'navigate-allowed', id }, contextId).catch(() => {});
  }

  _onCrashed(status, exitCode) {
    if (this._destroyed) return;
    this._crashed = true;
    const reason = status === 'killed' ? 'killed' : status === 'oom' ? 'oom' : 'crashed';
    const details = { reason, exitCode: exitCode ?? 0 };
    this.emit('render-process-gone', makeEvent(), details);
    require('./app.cjs').app.emit('render-process-gone', makeEvent(), this, details);
  }

  _onTargetGone() {
    if (this._destroyed) return;
    this._destroyed = true;
    registry.webContents.delete(this.id);
    registry.byTargetId.delete(this._targetId);
    this._rejectAttached(new Error('Object has been destroyed'));
    for (const load of this._pendingLoads.splice(0)) load.reject(loadError('ERR_ABORTED', -3, this._url));
    this.emit('destroyed');
    this._owner?._onWebContentsGone();
  }

  /** Settles loadURL promises: all of them with an error, or those whose document finished loading. */
  _settleLoads(error) {
    const remaining = [];
    for (const load of this._pendingLoads) {
      if (error) load.reject(error);
      else if (this._loadedLoaders.includes(load.loaderId)) load.resolve();
      else remaining.push(load);
    }
    this._pendingLoads = remaining;
  }

  /** Runs a dispatcher call in the page (main world of the top frame, or the given context). */
  async _dispatch(message, contextId) {
    const session = await this._sessionOrThrow();
    // A page stopped in sendSync's channel (web-contents-attach.cjs, onPaused) would not run it:
    // it is run once the page goes on, in order.
    while (this._syncPaused) await new Promise((resolve) => this._afterSyncPause.push(resolve));
    const params = { expression: `globalThis[${JSON.stringify(dispatcherName())}]?.(${JSON.stringify(message)})` };
    if (contextId !== undefined) params.contextId = contextId;
    await session.sendQuietly('Runtime.evaluate', params);
  }

  getURL() {
    return this._url;
  }
  getTitle() {
    return this._title || this._url;
  }
  isDestroyed() {
    return this._destroyed;
  }
  isCrashed() {
    return this._crashed;
  }
  isLoading() {
    return this._loading;
  }
  isLoadingMainFrame() {
    return this._loading;
  }
  isWaitingForResponse() {
    return false;
  }
  getType() {
    return this._owner?._isView ? 'browserView' : 'window';
  }
  getOwnerBrowserWindow() {
    return this._owner?._hostWindow?.() ?? null;
  }
  getLastWebPreferences() {
    return { ...this._webPreferences };
  }
  getWebPreferences() {
    return { ...this._webPreferences };
  }
  getOSProcessId() {
    return 0;
  }
  /** Each webContents counts as its own renderer process (the id webFrameMain.fromId takes). */
  getProcessId() {
    return this.id;
  }
  getBackgroundThrottling() {
    return false;
  }
  setBackgroundThrottling() {}
  isFocused() {
    const win = this._owner?._hostWindow?.();
    return Boolean(win) && registry.focusedWindow === win;
  }
  focus() {
    this._owner?.focus();
  }
  isBeingCaptured() {
    return false;
  }
  setAudioMuted(muted) {
    this._audioMuted = Boolean(muted);
  }
  isAudioMuted() {
    return this._audioMuted;
  }
  isCurrentlyAudible() {
    return false;
  }
  getZoomFactor() {
    return this._zoomFactor;
  }
  setZoomFactor(factor) {
    this._zoomFactor = factor;
  }
  getZoomLevel() {
    return Math.log(this._zoomFactor) / Math.log(1.2);
  }
  setZoomLevel(level) {
    this._zoomFactor = 1.2 ** level;
  }
  setVisualZoomLevelLimits() {
    return Promise.resolve();
  }
  openDevTools() {
    this._devToolsOpened = true;
    this.emit('devtools-opened');
  }
  closeDevTools() {
    if (this._devToolsOpened) {
      this._devToolsOpened = false;
      this.emit('devtools-closed');
    }
  }
  isDevToolsOpened() {
    return this._devToolsOpened;
  }
  isDevToolsFocused() {
    return false;
  }
  toggleDevTools() {
    if (this._devToolsOpened) this.closeDevTools();
    else this.openDevTools();
  }
  setWindowOpenHandler(handler) {
    this._windowOpenHandler = handler;
  }
  setIgnoreMenuShortcuts() {}

  getUserAgent() {
    return this._userAgent || this.session.getUserAgent();
  }
  setUserAgent(userAgent) {
    this._userAgent = userAgent;
    this._sessionOrThrow().then(
      (s) => s.sendQuietly('Emulation.setUserAgentOverride', { userAgent }),
      () => {},
    );
  }

  /** Evaluates code in the page's main world; resolves with the (serializable) result. */
  async executeJavaScript(code, userGesture = false) {
    const session = await this._sessionOrThrow();
    const result = await session.send('Runtime.evaluate', {
      expression: String(code),
      awaitPromise: true,
      returnByValue: true,
      userGesture: Boolean(userGesture),
    });
    if (result.exceptionDetails) {
      const details = result.exceptionDetails;
      throw new Error(details.exception?.description || details.text || 'Script failed to execute');
    }
    return result.result.value;
  }

  executeJavaScriptInIsolatedWorld(_worldId, scripts, userGesture) {
    return this.executeJavaScript(scripts.map((s) => s.code).join(';\n'), userGesture);
  }

  /** Main -> renderer message, delivered to ipcRenderer.on(channel) listeners. */
  send(channel, ...args) {
    if (typeof channel !== 'string') throw new TypeError('Missing required channel argument');
    const encoded = encodeIpcValue(args);
    this._dispatch({ t: 'message', channel, args: encoded }).catch(() => {});
  }

  postMessage(channel, message) {
    this.send(channel, message);
  }

  /** Main -> one frame of the page (an iframe too, when its preload runs: nodeIntegrationInSubFrames). */
  sendToFrame(frameId, channel, ...args) {
    return require('./web-contents-frames.cjs').sendToFrame(this, frameId, channel, args);
  }

  /**
   * Closes the page as if it called window.close(): the window's 'close' listeners may prevent
   * it; with waitForBeforeUnload the page's beforeunload runs first.
   */
  close(options = {}) {
    if (this._destroyed) return;
    // The window whose page this is (a BrowserWindow's own webContents), not a view's host window.
    const ownWindow = this._owner && !this._owner._isView ? this._owner : null;
    if (options.waitForBeforeUnload && this._session) {
      if (ownWindow && emitPreventable(ownWindow, 'close')) return;
      this._session.sendQuietly('Page.close');
    } else if (ownWindow) {
      ownWindow.close();
    } else {
      host.browser?.sendQuietly('Target.closeTarget', { targetId: this._targetId });
    }
  }

  destroy() {
    this.close();
  }

  async capturePage(rect) {
    const session = await this._sessionOrThrow();
    const params = { format: 'png' };
    if (rect) params.clip = { x: rect.x, y: rect.y, width: rect.width, height: rect.height, scale: 1 };
    const { data } = await session.send('Page.captureScreenshot', params);
    return require('./native-image.cjs').nativeImage.createFromBuffer(Buffer.from(data, 'base64'));
  }

  forcefullyCrashRenderer() {
    this._session?.sendQuietly('Page.crash');
  }

  static getAllWebContents() {
    return [...registry.webContents.values()];
  }
  static getFocusedWebContents() {
    const win = registry.focusedWindow;
    // A BaseWindow has no page of its own: its first WebContentsView's.
    return win?.webContents ?? win?.contentView?._webContentsViews()[0]?.webContents ?? null;
  }
  static fromId(id) {
    return registry.webContents.get(id);
  }
  static fromDevToolsTargetId(targetId) {
    return registry.byTargetId.get(targetId);
  }
  static fromFrame(frame) {
    return frame?._contents ?? undefined;
  }
}

addNavigationMethods(WebContents);
addEditingMethods(WebContents);
addExtraMethods(WebContents);

function loadError(name, code, url) {
  const error = new Error(`${name} (${code}) loading '${url}'`);
  Object.assign(error, { code: name, errno: code, url });
  return error;
}

/** webContents.debugger: the page's own Chromium session, exposed as Electron exposes it. */
class Debugger extends EventEmitter {
  constructor(contents) {
    super();
    this._contents = contents;
    this._attached = false;
  }
  attach() {
    if (this._attached) throw new Error('Debugger is already attached to the target');
    this._attached = true;
  }
  isAttached() {
    return this._attached;
  }
  detach() {
    this._attached = false;
    this.emit('detach', makeEvent(), 'target closed');
  }
  async sendCommand(method, params = {}) {
    if (!this._attached) throw new Error('Debugger is not attached to the target');
    const session = await this._contents._sessionOrThrow();
    return session.send(method, params);
  }
}

function toFileUrl(filePath, options = {}) {
  const url = pathToFileURL(path.resolve(host.appDir, filePath));
  if (options.query) url.search = new URLSearchParams(options.query).toString();
  if (options.search) url.search = options.search;
  if (options.hash) url.hash = options.hash;
  return url.href;
}

module.exports = { WebContents, Debugger, loadError, toFileUrl };
