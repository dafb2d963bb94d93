'use strict';
// session.defaultSession: Chromium's default browser context. Cookies and storage clearing act on
// the real profile over CDP; request hooks are enforced (web-request.cjs); permission handlers are kept.

const { EventEmitter } = require('node:events');
const { host } = require('./host.cjs');

const SAME_SITE = { Strict: 'strict', Lax: 'lax', None: 'no_restriction' };
const SAME_SITE_BACK = { strict: 'Strict', lax: 'Lax', no_restriction: 'None' };

function toElectronCookie(cookie) {
  const session = cookie.session || cookie.expires <= 0;
  return {
    name: cookie.name,
    value: cookie.value,
    domain: cookie.domain,
    hostOnly: !cookie.domain.startsWith('.'),
    path: cookie.path,
    secure: cookie.secure,
    httpOnly: cookie.httpOnly,
    session,
    ...(session ? {} : { expirationDate: cookie.expires }),
    sameSite: SAME_SITE[cookie.sameSite] ?? 'unspecified',
  };
}

function domainMatches(cookieDomain, host_) {
  const bare = cookieDomain.replace(/^\./, '');
  return host_ === bare || host_.endsWith(`.${bare}`);
}

class Cookies extends EventEmitter {
  async _all() {
    const browser = host.browser;
    if (!browser) return [];
    const { cookies } = await browser.send('Storage.getCookies');
    return cookies;
  }

  /** @param {{ url?: string, name?: string, domain?: string, path?: string, secure?: boolean, session?: boolean, httpOnly?: boolean }} filter */
  async get(filter = {}) {
    const url = filter.url ? new URL(filter.url) : undefined;
    return (await this._all())
      .map(toElectronCookie)
      .filter((c) => !url || (domainMatches(c.domain, url.hostname) && url.pathname.startsWith(c.path)))
      .filter((c) => filter.name === undefined || c.name === filter.name)
      .filter((c) => filter.domain === undefined || domainMatches(c.domain, filter.domain.replace(/^\./, '')))
      .filter((c) => filter.path === undefined || c.path === filter.path)
      .filter((c) => filter.secure === undefined || c.secure === filter.secure)
      .filter((c) => filter.httpOnly === undefined || c.httpOnly === filter.httpOnly)
      .filter((c) => filter.session === undefined || c.session === filter.session);
  }

  async set(details) {
    const cookie = { name: details.name ?? '', value: details.value ?? '', url: details.url };
    if (details.domain) cookie.domain = details.domain;
    if (details.path) cookie.path = details.path;
    if (details.secure !== undefined) cookie.secure = details.secure;
    if (details.httpOnly !== undefined) cookie.httpOnly = details.httpOnly;
    if (details.expirationDate !== undefined) cookie.expires = details.expirationDate;
    if (details.sameSite && SAME_SITE_BACK[details.sameSite]) cookie.sameSite = SAME_SITE_BACK[details.sameSite];
    await host.browser.send('Storage.setCookies', { cookies: [cookie] });
    this.emit(
      'changed',
      { preventDefault() {} },
      toElectronCookie({
        ...cookie,
        domain: cookie.domain ?? new URL(details.url).hostname,
        path: cookie.path ?? '/',
        expires: cookie.expires ?? -1,
        secure: Boolean(cookie.secure),
        httpOnly: Boolean(cookie.httpOnly),
      }),
      'explicit',
      false,
    );
  }

  async remove(url, name) {
    const all = await this._all();
    const target = new URL(url);
    const keep = all.filter((c) => !(c.name === name && domainMatches(c.domain, target.hostname)));
    if (keep.length === all.length) return;
    await host.browser.send('Storage.clearCookies');
    if (keep.length > 0) await host.browser.send('Storage.setCookies', { cookies: keep.map(({ size, session, ...rest }) => rest) });
  }

  async flushStore() {}
}

class Session extends EventEmitter {
  constructor() {
    super();
    this.cookies = new Cookies();
    this.webRequest = new (require('./web-request.cjs').WebRequest)();
    this.protocol = require('./services.cjs').protocol;
    this._permissionRequestHandler = null;
    this._permissionCheckHandler = null;
    this._preloads = [];
    this.storagePath = null;
    this.extensions = new (require('./session-extra.cjs').Extensions)();
  }

  async clearStorageData(options = {}) {
    const storageTypes = (options.storages ?? ['all']).join(',').replace('localstorage', 'local_storage').replace('indexdb', 'indexeddb');
    if (options.origin) {
      await host.browser.send('Storage.clearDataForOrigin', { origin: options.origin, storageTypes });
    } else {
      await host.browser.send('Storage.clearCookies');
      for (const win of require('./registry.cjs').registry.windows.values()) {
        const url = win.webContents.getURL();
        if (/^https?:/.test(url))
          await host.browser.send('Storage.clearDataForOrigin', { origin: new URL(url).origin, storageTypes: 'all' });
      }
    }
  }

  async clearHostResolverCache() {}
  async clearAuthCache() {}
  async flushStorageData() {}
  getUserAgent() {
    return this._userAgent ?? host.userAgent;
  }
  /** Applies to the session's pages now and to those attached later (a page's own override wins). */
  setUserAgent(userAgent, acceptLanguages) {
    this._userAgent = String(userAgent);
    this._acceptLanguages = acceptLanguages;
    for (const contents of require('./registry.cjs').registry.webContents.values()) {
      if (!contents._userAgent) contents._session?.sendQuietly('Emulation.setUserAgentOverride', this._userAgentOverride());
    }
  }
  _userAgentOverride() {
    return { userAgent: this._userAgent, ...(this._acceptLanguages ? { acceptLanguage: this._acceptLanguages } : {}) };
  }
  /** Chromium runs without a proxy and cannot switch at run time: a direct config is accepted, any other rejects. */
  async setProxy(config = {}) {
    const direct = config.mode === 'direct' || (!config.mode && !config.proxyRules && !config.pacScript);
    if (!direct) throw new Error('A proxy is not supported by the Electron stand-in (fake-electron)');
  }
  async resolveProxy() {
    return 'DIRECT';
  }
  setPermissionRequestHandler(handler) {
    this._permissionRequestHandler = handler;
  }
  setPermissionCheckHandler(handler) {
    this._permissionCheckHandler = handler;
  }
  setDevicePermissionHandler() {}
  setDisplayMediaRequestHandler() {}
  setPreloads(preloads) {
    this._preloads = [...preloads];
  }
  getPreloads() {
    return [...this._preloads];
  }
  isPersistent() {
    return true;
  }
  getStoragePath() {
    return host.userDataDir ?? null;
  }
  async getCacheSize() {
    return 0;
  }
}

require('./session-extra.cjs').addSessionExtras(Session);

const defaultSession = new Session();

const session = {
  get defaultSession() {
    return defaultSession;
  },
  fromPartition: () => defaultSession,
  fromPath: () => defaultSession,
};

module.exports = { session, defaultSession, Session };
