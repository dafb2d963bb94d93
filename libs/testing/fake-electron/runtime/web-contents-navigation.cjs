'use strict';
// Navigation methods of webContents: loadURL/loadFile resolve on did-finish-load and reject with
// Electron's "<ERR_NAME> (<code>) loading '<url>'" error on did-fail-load.

const { makeEvent } = require('./events.cjs');
const { netError } = require('./net-errors.cjs');

/** @param {any} WebContents */
function addNavigationMethods(WebContents) {
  const proto = WebContents.prototype;

  proto.loadURL = async function loadURL(url, options = {}) {
    const { loadError } = require('./web-contents.cjs');
    this._navigationRequested = true;
    const session = await this._sessionOrThrow();
    if (options.userAgent) this.setUserAgent(options.userAgent);
    // A custom scheme's URL loads at its stand-in address (protocol.cjs); errors name the URL given.
    const params = { url: require('./protocol.cjs').toServed(url) };
    const given = String(url);
    const referrer = typeof options.httpReferrer === 'string' ? options.httpReferrer : options.httpReferrer?.url;
    if (referrer) params.referrer = referrer;
    this._navigated = true;
    let result;
    try {
      result = await session.send('Page.navigate', params);
    } catch (error) {
      if (this._destroyed) throw loadError('ERR_ABORTED', -3, given);
      const failure = loadError('ERR_INVALID_URL', -300, given);
      failure.message += `: ${error.message}`;
      throw failure;
    }
    if (result.errorText) {
      const { name, code } = netError(result.errorText);
      this.emit('did-fail-load', makeEvent(), code, name, given, true, 0, 0);
      throw loadError(name, code, given);
    }
    // Same-document navigations have no loader; others finish with their load event.
    if (!result.loaderId || this._loadedLoaders?.includes(result.loaderId)) return;
    await new Promise((resolve, reject) => this._pendingLoads.push({ resolve, reject, loaderId: result.loaderId }));
  };

  proto.loadFile = function loadFile(filePath, options = {}) {
    const { toFileUrl } = require('./web-contents.cjs');
    return this.loadURL(toFileUrl(filePath, options));
  };

  proto.reload = function reload() {
    this._sessionOrThrow().then(
      (s) => s.sendQuietly('Page.reload'),
      () => {},
    );
  };

  proto.reloadIgnoringCache = function reloadIgnoringCache() {
    this._sessionOrThrow().then(
      (s) => s.sendQuietly('Page.reload', { ignoreCache: true }),
      () => {},
    );
  };

  proto.stop = function stop() {
    this._session?.sendQuietly('Page.stopLoading');
  };

  proto._refreshHistory = async function refreshHistory() {
    const history = await this._session?.sendQuietly('Page.getNavigationHistory');
    if (!history) return;
    // The hold page each window starts on (hold-server.cjs) is not part of the app's history.
    const { isHoldUrl } = require('./hold-server.cjs');
    const current = history.entries[history.currentIndex];
    const entries = history.entries.filter((entry) => !isHoldUrl(entry.url));
    this._history = { entries, currentIndex: Math.max(0, entries.indexOf(current)) };
  };

  const history = (contents) => contents._history || { currentIndex: 0, entries: [] };

  proto.canGoBack = function canGoBack() {
    return history(this).currentIndex > 0;
  };

  proto.canGoForward = function canGoForward() {
    const h = history(this);
    return h.currentIndex < h.entries.length - 1;
  };

  proto.canGoToOffset = function canGoToOffset(offset) {
    const h = history(this);
    const index = h.currentIndex + offset;
    return index >= 0 && index < h.entries.length;
  };

  proto.goToIndex = function goToIndex(index) {
    const entry = history(this).entries[index];
    if (entry) this._session?.sendQuietly('Page.navigateToHistoryEntry', { entryId: entry.id });
  };

  proto.goToOffset = function goToOffset(offset) {
    this.goToIndex(history(this).currentIndex + offset);
  };

  proto.goBack = function goBack() {
    this.goToOffset(-1);
  };

  proto.goForward = function goForward() {
    this.goToOffset(1);
  };

  proto.getActiveIndex = function getActiveIndex() {
    return history(this).currentIndex;
  };

  proto.clearHistory = function clearHistory() {
    this._session?.sendQuietly('Page.resetNavigationHistory').then(() => this._refreshHistory());
  };

  Object.defineProperty(proto, 'navigationHistory', {
    get() {
      this._navigationHistory ??= new NavigationHistory(this);
      return this._navigationHistory;
    },
  });
}

/** webContents.navigationHistory: Chromium's history of the page (Page.getNavigationHistory). */
class NavigationHistory {
  constructor(contents) {
    this._contents = contents;
  }
  canGoBack() {
    return this._contents.canGoBack();
  }
  canGoForward() {
    return this._contents.canGoForward();
  }
  canGoToOffset(offset) {
    return this._contents.canGoToOffset(offset);
  }
  goBack() {
    this._contents.goBack();
  }
  goForward() {
    this._contents.goForward();
  }
  goToIndex(index) {
    this._contents.goToIndex(index);
  }
  goToOffset(offset) {
    this._contents.goToOffset(offset);
  }
  getActiveIndex() {
    return this._contents.getActiveIndex();
  }
  length() {
    return (this._contents._history?.entries ?? []).length;
  }
  getEntryAtIndex(index) {
    const entry = this._contents._history?.entries[index];
    return entry ? { url: entry.url, title: entry.title } : null;
  }
  getAllEntries() {
    return (this._contents._history?.entries ?? []).map((entry) => ({ url: entry.url, title: entry.title }));
  }
  clear() {
    this._contents.clearHistory();
  }
  /** Chromium's DevTools protocol can only reset the whole history, not drop one entry. */
  removeEntryAtIndex() {
    throw new Error('navigationHistory.removeEntryAtIndex is not supported by the Electron stand-in (fake-electron)');
  }
  async restore() {
    throw new Error('navigationHistory.restore is not supported by the Electron stand-in (fake-electron)');
  }
}

module.exports = { addNavigationMethods, NavigationHistory };
