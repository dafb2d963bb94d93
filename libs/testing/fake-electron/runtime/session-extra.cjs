'use strict';
// The rest of Session's API. Network emulation, cache and data clearing act on Chromium over CDP,
// host resolution uses the system resolver as Chromium's does, the spell checker's settings and
// word list are kept per session (the stand-in's Chromium has no spelling service, so nothing is
// underlined). What needs a Chromium feature the stand-in does not drive (extensions, certificate
// verification hooks, resuming interrupted downloads, blob reads) throws.

const dns = require('node:dns');
const { registry } = require('./registry.cjs');
const { downloadFrom } = require('./downloads.cjs');

const mark = (fn, status) => Object.assign(fn, { [Symbol.for('fake-electron.coverage')]: status });
const UNSUPPORTED = (what) => new Error(`${what} is not supported by the Electron stand-in (fake-electron)`);

/** Sends one command to every attached page (commands that act per page, such as emulation). */
function toEveryPage(method, params) {
  return Promise.all(
    [...registry.webContents.values()].filter((c) => c._session && !c._destroyed).map((c) => c._session.sendQuietly(method, params)),
  );
}

/** session.extensions (and the deprecated Session aliases): Chrome extensions are not loaded here. */
class Extensions {
  async loadExtension() {
    throw UNSUPPORTED('Loading Chrome extensions');
  }
  getExtension() {
    return null;
  }
  getAllExtensions() {
    return [];
  }
  removeExtension() {}
}

/** @param {any} Session */
function addSessionExtras(Session) {
  const proto = Session.prototype;

  proto.enableNetworkEmulation = function enableNetworkEmulation(options = {}) {
    this._networkConditions = {
      offline: Boolean(options.offline),
      latency: options.latency ?? 0,
      downloadThroughput: options.downloadThroughput ?? -1,
      uploadThroughput: options.uploadThroughput ?? -1,
    };
    toEveryPage('Network.emulateNetworkConditions', this._networkConditions);
  };
  proto.disableNetworkEmulation = function disableNetworkEmulation() {
    this._networkConditions = undefined;
    toEveryPage('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  };

  /** Chromium's HTTP cache, through any attached page (the cache belongs to the profile). */
  proto.clearCache = async function clearCache() {
    const page = [...registry.webContents.values()].find((c) => c._session && !c._destroyed);
    await page?._session.send('Network.clearBrowserCache');
  };

  /** clearData's data types map to Chromium's storage types; origins narrow it to those origins. */
  proto.clearData = async function clearData(options = {}) {
    const types = options.dataTypes;
    const storages = [];
    const map = {
      cookies: 'cookies',
      localStorage: 'localstorage',
      indexedDB: 'indexdb',
      serviceWorkers: 'serviceworkers',
      cache: 'cachestorage',
      fileSystems: 'filesystem',
    };
    if (types) for (const t of types) if (map[t]) storages.push(map[t]);
    if (!types || types.includes('cache')) await this.clearCache();
    if (types && storages.length === 0) return;
    const origins = options.origins ?? [undefined];
    for (const origin of origins) await this.clearStorageData({ origin, storages: types ? storages : undefined });
  };
  proto.clearCodeCaches = mark(async function clearCodeCaches() {}, 'inert'); // V8's code cache: nothing observable
  proto.clearSharedDictionaryCache = mark(async function clearSharedDictionaryCache() {}, 'inert');
  proto.clearSharedDictionaryCacheForIsolationKey = mark(async function clearSharedDictionaryCacheForIsolationKey() {}, 'inert');
  proto.getSharedDictionaryInfo = mark(async () => [], 'inert');
  proto.getSharedDictionaryUsageInfo = mark(async () => [], 'inert');
  proto.closeAllConnections = mark(async function closeAllConnections() {}, 'inert');
  proto.preconnect = mark(function preconnect() {}, 'inert'); // only makes a later request faster
  proto.forceReloadProxyConfig = mark(async function forceReloadProxyConfig() {}, 'inert');
  proto.allowNTLMCredentialsForDomains = mark(function allowNTLMCredentialsForDomains() {}, 'inert');
  proto.setCodeCachePath = mark(function setCodeCachePath() {}, 'inert');
  proto.setSpellCheckerDictionaryDownloadURL = mark(function setSpellCheckerDictionaryDownloadURL() {}, 'inert');

  /** The system resolver (getaddrinfo), as Chromium's host resolver uses on Linux. */
  proto.resolveHost = async function resolveHost(host, options = {}) {
    const family = options.queryType === 'A' ? 4 : options.queryType === 'AAAA' ? 6 : 0;
    const found = await dns.promises.lookup(host, { all: true, family });
    return { endpoints: found.map((e) => ({ address: e.address, family: e.family === 6 ? 'ipv6' : 'ipv4' })) };
  };

  // Spell checker settings, kept per session.
  proto.isSpellCheckerEnabled = function isSpellCheckerEnabled() {
    return this._spellChecker !== false;
  };
  proto.setSpellCheckerEnabled = function setSpellCheckerEnabled(enabled) {
    this._spellChecker = Boolean(enabled);
  };
  proto.setSpellCheckerLanguages = function setSpellCheckerLanguages(languages) {
    this._spellLanguages = [...languages];
  };
  proto.getSpellCheckerLanguages = function getSpellCheckerLanguages() {
    return [...(this._spellLanguages ?? ['en-US'])];
  };
  proto.addWordToSpellCheckerDictionary = function addWordToSpellCheckerDictionary(word) {
    this._words ??= new Set();
    if (this._words.has(word)) return false;
    this._words.add(String(word));
    return true;
  };
  proto.removeWordFromSpellCheckerDictionary = function removeWordFromSpellCheckerDictionary(word) {
    return this._words?.delete(word) ?? false;
  };
  proto.listWordsInSpellCheckerDictionary = async function listWordsInSpellCheckerDictionary() {
    return [...(this._words ?? [])];
  };

  /** setPreloads' scripts, listed as Electron lists them (type 'frame'). */
  proto.getPreloadScripts = function getPreloadScripts() {
    return this._preloads.map((filePath) => ({ id: filePath, type: 'frame', filePath }));
  };
  proto.registerPreloadScript = function registerPreloadScript() {
    throw UNSUPPORTED('session.registerPreloadScript (per-session preloads)');
  };
  proto.unregisterPreloadScript = function unregisterPreloadScript(id) {
    this._preloads = this._preloads.filter((p) => p !== id);
  };

  proto.setDownloadPath = function setDownloadPath(path) {
    this._downloadPath = String(path);
  };
  // Handlers for devices and hardware the stand-in's machine never has: kept, never asked.
  proto.setBluetoothPairingHandler = function setBluetoothPairingHandler(handler) {
    this._bluetoothPairingHandler = handler;
  };
  proto.setUSBProtectedClassesHandler = function setUSBProtectedClassesHandler(handler) {
    this._usbProtectedClassesHandler = handler;
  };
  proto.registerLocalAIHandler = function registerLocalAIHandler(handler) {
    this._localAIHandler = handler;
  };
  proto.setCertificateVerifyProc = function setCertificateVerifyProc(proc) {
    if (proc) throw UNSUPPORTED('session.setCertificateVerifyProc (a certificate verifier)');
  };
  proto.setSSLConfig = function setSSLConfig() {
    throw UNSUPPORTED('session.setSSLConfig');
  };
  proto.getBlobData = async function getBlobData() {
    throw UNSUPPORTED('session.getBlobData');
  };
  /** Downloads through one of the session's pages (Chromium downloads only from a page here). */
  proto.downloadURL = function downloadURL(url) {
    const page = [...registry.webContents.values()].find((c) => c._session && !c._destroyed && c.session === this);
    if (!page) throw new Error('session.downloadURL needs an open page on the Electron stand-in (fake-electron)');
    downloadFrom(page, url).catch(() => {});
  };
  proto.createInterruptedDownload = function createInterruptedDownload() {
    throw UNSUPPORTED('session.createInterruptedDownload (downloads)');
  };

  // Deprecated aliases of session.extensions.
  for (const name of ['loadExtension', 'getExtension', 'getAllExtensions', 'removeExtension']) {
    proto[name] = function extensionAlias(...args) {
      return this.extensions[name](...args);
    };
  }
}

module.exports = { addSessionExtras, Extensions, toEveryPage };
