'use strict';
// Electron's app: readiness, quitting (before-quit -> close windows -> will-quit -> quit),
// window-all-closed, paths, name/version from the app's package.json, single-instance lock.

const { EventEmitter } = require('node:events');
const os = require('node:os');
const path = require('node:path');
const { host } = require('./host.cjs');
const { registry } = require('./registry.cjs');
const { makeEvent, emitPreventable } = require('./events.cjs');
const { CommandLine } = require('./command-line.cjs');
const { ELECTRON_VERSION } = require('./versions.cjs');

class App extends EventEmitter {
  constructor() {
    super();
    this.setMaxListeners(0);
    this.commandLine = new CommandLine();
    this.isPackaged = false;
    this.userAgentFallback = '';
    this.accessibilitySupportEnabled = false;
    this.badgeCount = 0;
    this.runningUnderARM64Translation = false;
    this._ready = false;
    this._quitting = false;
    this._name = '';
    /** @type {Map<string, string>} */
    this._paths = new Map();
    this._readyPromise = new Promise((resolve) => {
      this._resolveReady = resolve;
    });
  }

  get name() {
    return this.getName();
  }
  set name(value) {
    this.setName(value);
  }

  get applicationMenu() {
    return require('./menu.cjs').Menu.getApplicationMenu();
  }
  set applicationMenu(menu) {
    require('./menu.cjs').Menu.setApplicationMenu(menu);
  }

  /** Called by the launcher once Chromium is connected. */
  _markReady() {
    this.emit('will-finish-launching');
    this._ready = true;
    require('./menu.cjs').installDefaultMenu();
    this.emit('ready', makeEvent(), {});
    this._resolveReady();
  }

  isReady() {
    return this._ready;
  }
  whenReady() {
    return this._readyPromise;
  }

  getName() {
    return this._name || host.appPackage.productName || host.appPackage.name || 'Electron';
  }
  setName(name) {
    this._name = String(name);
  }
  getVersion() {
    return host.appPackage.version || ELECTRON_VERSION;
  }
  getAppPath() {
    return host.appDir;
  }
  getLocale() {
    return 'en-US';
  }
  getSystemLocale() {
    return 'en-US';
  }
  getPreferredSystemLanguages() {
    return ['en-US'];
  }
  getLocaleCountryCode() {
    return 'US';
  }

  getPath(name) {
    if (this._paths.has(name)) return this._paths.get(name);
    const home = os.homedir();
    const appData = process.env.XDG_CONFIG_HOME || path.join(home, '.config');
    const userData = host.userDataDir ?? path.join(appData, this.getName());
    const cache = process.env.XDG_CACHE_HOME || path.join(home, '.cache');
    const paths = {
      home,
      appData,
      userData,
      sessionData: userData,
      cache,
      userCache: path.join(cache, this.getName()),
      temp: os.tmpdir(),
      exe: process.argv[0],
      module: process.argv[0],
      desktop: path.join(home, 'Desktop'),
      documents: path.join(home, 'Documents'),
      downloads: path.join(home, 'Downloads'),
      music: path.join(home, 'Music'),
      pictures: path.join(home, 'Pictures'),
      videos: path.join(home, 'Videos'),
      recent: path.join(home, '.local', 'share', 'recently-used.xbel'),
      logs: path.join(userData, 'logs'),
      crashDumps: path.join(userData, 'Crashpad'),
    };
    if (!(name in paths)) throw new Error(`Failed to get '${name}' path`);
    return paths[name];
  }

  /** Before ready, a userData path becomes Chromium's profile (kept, as in Electron). */
  setPath(name, value) {
    this._paths.set(name, value);
    if (name === 'userData' && !this._ready) host.userDataDir = path.resolve(value);
  }

  setAppLogsPath(value) {
    this._paths.set('logs', value ?? path.join(this.getPath('userData'), 'logs'));
  }

  /** Each app has its own profile here, so the lock is always granted; held only once asked for. */
  requestSingleInstanceLock() {
    this._singleInstanceLock = true;
    return true;
  }
  hasSingleInstanceLock() {
    return this._singleInstanceLock === true;
  }
  releaseSingleInstanceLock() {
    this._singleInstanceLock = false;
  }

  /** Quits after 'before-quit'; windows close first and any 'close' listener can cancel. */
  quit() {
    if (this._quitting) return;
    if (emitPreventable(this, 'before-quit')) return;
    this._quitting = true;
    const windows = [...registry.windows.values()];
    for (const win of windows) win.close();
    const stillOpen = windows.filter((win) => !win._destroying && !win._closed);
    if (stillOpen.length > 0) {
      this._quitting = false;
      return;
    }
    // Windows close asynchronously; a page that never reports back must not keep the app alive.
    setTimeout(() => this._afterWindowsClosed(true), 3000).unref();
    this._afterWindowsClosed();
  }

  _onWindowClosed() {
    if (registry.windows.size > 0) return;
    if (this._quitting) {
      this._afterWindowsClosed();
      return;
    }
    if (this.listenerCount('window-all-closed') > 0) this.emit('window-all-closed');
    else this.quit();
  }

  _afterWindowsClosed(force = false) {
    if ((registry.windows.size > 0 && !force) || this._willQuitEmitted || !this._quitting) return;
    this._willQuitEmitted = true;
    if (emitPreventable(this, 'will-quit')) {
      this._quitting = false;
      this._willQuitEmitted = false;
      return;
    }
    this.emit('quit', makeEvent(), 0);
    require('./lifecycle.cjs').shutdown(0);
  }

  /** Exits at once with exitCode: no quit events, windows closed without asking. */
  exit(exitCode = 0) {
    require('./lifecycle.cjs').shutdown(exitCode);
  }

  relaunch() {}
  focus() {
    registry.focusedWindow?.focus();
  }
  hide() {}
  show() {}
  isHidden() {
    return false;
  }
  setAppUserModelId() {}
  setAboutPanelOptions() {}
  showAboutPanel() {}
  /** Remembered, never registered with the operating system. */
  setAsDefaultProtocolClient(protocol) {
    this._protocols ??= new Set();
    this._protocols.add(String(protocol));
    return true;
  }
  removeAsDefaultProtocolClient(protocol) {
    return this._protocols?.delete(String(protocol)) ?? false;
  }
  isDefaultProtocolClient(protocol) {
    return this._protocols?.has(String(protocol)) ?? false;
  }
  getApplicationNameForProtocol() {
    return '';
  }
  setLoginItemSettings() {}
  getLoginItemSettings() {
    return { openAtLogin: false, openAsHidden: false, wasOpenedAtLogin: false, wasOpenedAsHidden: false, restoreState: false };
  }
  disableDomainBlockingFor3DAPIs() {}
  enableSandbox() {}
  isEmojiPanelSupported() {
    return false;
  }
  setBadgeCount(count) {
    this.badgeCount = count ?? 0;
    return true;
  }
  getBadgeCount() {
    return this.badgeCount;
  }
  addRecentDocument() {}
  clearRecentDocuments() {}
  setUserTasks() {
    return false;
  }
  getGPUFeatureStatus() {
    return {};
  }
  getFileIcon() {
    return Promise.resolve(require('./native-image.cjs').nativeImage.createEmpty());
  }
  configureHostResolver() {}
  isAccessibilitySupportEnabled() {
    return this.accessibilitySupportEnabled;
  }
  setAccessibilitySupportEnabled(enabled) {
    this.accessibilitySupportEnabled = Boolean(enabled);
  }
  isInApplicationsFolder() {
    return false;
  }
}

require('./app-extra.cjs').addAppExtras(App);

const app = new App();

module.exports = { app, App };
