'use strict';
// session.webRequest: Electron's request hooks, enforced on every page of the stand-in. The three
// hooks that can change a request pause it over CDP (Fetch domain), only while one is set:
// onBeforeRequest (cancel, redirectURL), onBeforeSendHeaders (cancel, requestHeaders) at the
// request stage and onHeadersReceived (cancel, responseHeaders, statusLine) at the response stage.
// The five that only observe are fed from the pages' Network events. Requests the main process
// makes itself (net.request, net.fetch) are not seen by the hooks here, nor are a page's own
// service workers' requests.

const { registry } = require('./registry.cjs');

const BLOCKING = ['onBeforeRequest', 'onBeforeSendHeaders', 'onHeadersReceived'];
const OBSERVING = ['onSendHeaders', 'onResponseStarted', 'onBeforeRedirect', 'onCompleted', 'onErrorOccurred'];
const RESOURCE_TYPES = {
  Document: 'mainFrame',
  Stylesheet: 'stylesheet',
  Script: 'script',
  Image: 'image',
  Font: 'font',
  XHR: 'xhr',
  Fetch: 'xhr',
  Media: 'media',
  WebSocket: 'webSocket',
  Ping: 'ping',
  CSPViolationReport: 'cspReport',
};

/** An Electron URL pattern (`<all_urls>`, `*://*.example.com/*`) as a RegExp. */
function patternRegExp(pattern) {
  if (pattern === '<all_urls>') return /^/;
  const match = /^(\*|[a-z][a-z0-9+.-]*):\/\/(\*|\*\.[^/*]+|[^/*]+)(\/.*)$/i.exec(pattern);
  if (!match) throw new TypeError(`Invalid url pattern ${pattern}: must be <all_urls> or scheme://host/path`);
  const [, scheme, host, path] = match;
  const literal = (text) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  const schemePart = scheme === '*' ? '(?:https?|wss?)' : literal(scheme);
  const hostPart =
    host === '*' ? '[^/]*' : host.startsWith('*.') ? `(?:[^/]*\\.)?${literal(host.slice(2))}(?::\\d+)?` : `${literal(host)}(?::\\d+)?`;
  return new RegExp(`^${schemePart}://${hostPart}${literal(path).replace(/\*/g, '.*')}$`, 'i');
}

function headerObject(headers) {
  const out = {};
  for (const entry of Array.isArray(headers) ? headers : Object.entries(headers ?? {}).map(([name, value]) => ({ name, value }))) {
    out[entry.name] = entry.value;
  }
  return out;
}

class WebRequest {
  constructor() {
    /** @type {Map<string, { filter: { urls: RegExp[], types?: string[] }, listener: Function }>} */
    this._hooks = new Map();
  }

  _set(name, filterOrListener, maybeListener) {
    const listener = typeof filterOrListener === 'function' || filterOrListener === null ? filterOrListener : maybeListener;
    const filter = typeof filterOrListener === 'object' && filterOrListener !== null ? filterOrListener : {};
    const had = BLOCKING.some((hook) => this._hooks.has(hook));
    if (typeof listener !== 'function') this._hooks.delete(name);
    else
      this._hooks.set(name, {
        filter: { urls: (filter.urls?.length ? filter.urls : ['<all_urls>']).map(patternRegExp), types: filter.types },
        listener,
      });
    if (had !== BLOCKING.some((hook) => this._hooks.has(hook))) refreshPages();
  }

  _hook(name, details) {
    const hook = this._hooks.get(name);
    if (!hook) return undefined;
    if (!hook.filter.urls.some((re) => re.test(details.url))) return undefined;
    if (hook.filter.types?.length && !hook.filter.types.includes(details.resourceType)) return undefined;
    return hook;
  }

  /** Whether a page's requests must be paused for this session. */
  get _blocking() {
    return BLOCKING.some((hook) => this._hooks.has(hook));
  }
}

// onBeforeRequest([filter,] listener) and the seven others: a listener replaces the hook's, null removes it.
for (const name of [...BLOCKING, ...OBSERVING]) {
  Object.defineProperty(WebRequest.prototype, name, {
    value: {
      [name](filterOrListener, maybeListener) {
        this._set(name, filterOrListener, maybeListener);
      },
    }[name],
    writable: true,
    configurable: true,
  });
}

function refreshPages() {
  const { fetchPatterns } = require('./web-contents-attach.cjs');
  for (const contents of registry.webContents.values()) {
    if (contents._session && !contents._destroyed) contents._session.sendQuietly('Fetch.enable', { patterns: fetchPatterns(contents) });
  }
}

/** The Fetch patterns the session's blocking hooks need on a page. */
function webRequestPatterns(contents) {
  if (!contents?.session?.webRequest?._blocking) return [];
  return [
    { urlPattern: '*', requestStage: 'Request' },
    { urlPattern: '*', requestStage: 'Response' },
  ];
}

let lastId = 0;
const ids = new Map();
function detailsOf(contents, event) {
  const { request } = event;
  const key = event.networkId ?? event.requestId;
  if (!ids.has(key)) {
    ids.set(key, ++lastId);
    if (ids.size > 5000) ids.delete(ids.keys().next().value);
  }
  return {
    id: ids.get(key),
    url: require('./protocol.cjs').fromServed(request.url),
    method: request.method,
    webContentsId: contents.id,
    webContents: contents,
    frame: contents.mainFrame,
    resourceType: RESOURCE_TYPES[event.resourceType] ?? 'other',
    referrer: request.headers?.Referer ?? '',
    timestamp: Date.now(),
  };
}

function ask(hook, details) {
  return new Promise((resolve) => {
    try {
      hook.listener(details, (response) => resolve(response ?? {}));
    } catch (error) {
      queueMicrotask(() => {
        throw error;
      });
      resolve({});
    }
  });
}

/**
 * The response stage of a request paused for the hooks (web-contents-attach.cjs): onHeadersReceived.
 * Returns false when no hook applies and the caller continues it as usual.
 */
async function onHookedResponse(contents, session, event) {
  const webRequest = contents.session?.webRequest;
  if (!webRequest?._blocking || event.responseErrorReason) return false;
  const { requestId } = event;
  const details = detailsOf(contents, event);
  const hook = webRequest._hook('onHeadersReceived', details);
  if (!hook) return false;
  const responseHeaders = {};
  for (const { name, value } of event.responseHeaders ?? []) responseHeaders[name] = [...(responseHeaders[name] ?? []), value];
  const answer = await ask(hook, {
    ...details,
    statusCode: event.responseStatusCode,
    statusLine: `HTTP/1.1 ${event.responseStatusCode} ${event.responseStatusText ?? ''}`.trim(),
    responseHeaders,
  });
  if (answer.cancel) return session.sendQuietly('Fetch.failRequest', { requestId, errorReason: 'BlockedByClient' });
  if (!answer.responseHeaders && !answer.statusLine) return false;
  const headers = Object.entries(answer.responseHeaders ?? responseHeaders).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map((v) => ({ name, value: String(v) })),
  );
  const code = Number(/^\S+\s+(\d{3})/.exec(answer.statusLine ?? '')?.[1] ?? event.responseStatusCode);
  await session.sendQuietly('Fetch.continueResponse', { requestId, responseCode: code, responseHeaders: headers });
  return true;
}

/**
 * The request stage: onBeforeRequest, then onBeforeSendHeaders. Answers { cancel: true } (the
 * request is failed here), or the URL and headers to go on with (headers undefined: unchanged).
 */
async function beforeRequest(contents, session, event) {
  const webRequest = contents.session?.webRequest;
  const { requestId } = event;
  let url = event.request.url;
  let headers;
  if (!webRequest?._blocking) return { url, headers };
  const { toServed } = require('./protocol.cjs');
  const details = detailsOf(contents, event);
  const before = webRequest._hook('onBeforeRequest', details);
  if (before) {
    const answer = await ask(before, {
      ...details,
      uploadData: event.request.postData ? [{ bytes: Buffer.from(event.request.postData) }] : undefined,
    });
    if (answer.cancel) {
      await session.sendQuietly('Fetch.failRequest', { requestId, errorReason: 'BlockedByClient' });
      return { cancel: true };
    }
    if (typeof answer.redirectURL === 'string') url = toServed(answer.redirectURL);
  }
  const shown = require('./protocol.cjs').fromServed(url);
  const sending = webRequest._hook('onBeforeSendHeaders', { ...details, url: shown });
  if (sending) {
    const answer = await ask(sending, { ...details, url: shown, requestHeaders: headerObject(event.request.headers) });
    if (answer.cancel) {
      await session.sendQuietly('Fetch.failRequest', { requestId, errorReason: 'BlockedByClient' });
      return { cancel: true };
    }
    if (answer.requestHeaders) headers = answer.requestHeaders;
  }
  return { url, headers };
}

/** Goes on with a request the hooks may have redirected or given other headers. */
async function continueHooked(session, event, { url, headers }) {
  const { requestId } = event;
  if (url !== event.request.url && event.resourceType === 'Document') {
    // A document redirect: answered as a server's redirect would be, so the page's URL follows.
    await session.sendQuietly('Fetch.fulfillRequest', {
      requestId,
      responseCode: 307,
      responseHeaders: [{ name: 'Location', value: url }],
    });
    return;
  }
  await session.sendQuietly('Fetch.continueRequest', {
    requestId,
    ...(url !== event.request.url ? { url } : {}),
    ...(headers ? { headers: Object.entries(headers).map(([name, value]) => ({ name, value: String(value) })) } : {}),
  });
}

/** Feeds the observing hooks from a page's Network events (web-contents-attach.cjs). */
function observeNetwork(contents, session) {
  const seen = new Map();
  const hook = (name, details) => {
    const found = contents.session?.webRequest?._hook(name, details);
    if (!found) return;
    try {
      found.listener(details);
    } catch (error) {
      queueMicrotask(() => {
        throw error;
      });
    }
  };
  const base = (requestId, request, type) => detailsOf(contents, { requestId, networkId: requestId, request, resourceType: type });
  session.on('Network.requestWillBeSent', ({ requestId, request, type, redirectResponse }) => {
    if (!contents.session?.webRequest?._hooks.size) return;
    if (redirectResponse) {
      const previous = seen.get(requestId);
      if (previous)
        hook('onBeforeRedirect', { ...previous, redirectURL: request.url, statusCode: redirectResponse.status, fromCache: false });
    }
    const details = base(requestId, request, type);
    seen.set(requestId, details);
    if (seen.size > 2000) seen.delete(seen.keys().next().value);
    hook('onSendHeaders', { ...details, requestHeaders: headerObject(request.headers) });
  });
  session.on('Network.responseReceived', ({ requestId, response }) => {
    const details = seen.get(requestId);
    if (!details) return;
    details.statusCode = response.status;
    details.responseHeaders = Object.fromEntries(Object.entries(response.headers ?? {}).map(([k, v]) => [k, [v]]));
    hook('onResponseStarted', { ...details, fromCache: Boolean(response.fromDiskCache), statusLine: `HTTP/1.1 ${response.status}` });
  });
  session.on('Network.loadingFinished', ({ requestId }) => {
    const details = seen.get(requestId);
    if (!details) return;
    seen.delete(requestId);
    hook('onCompleted', { ...details, fromCache: false, error: 'net::OK' });
  });
  session.on('Network.loadingFailed', ({ requestId, errorText }) => {
    const details = seen.get(requestId);
    if (!details) return;
    seen.delete(requestId);
    hook('onErrorOccurred', { ...details, fromCache: false, error: errorText });
  });
}

module.exports = { WebRequest, webRequestPatterns, beforeRequest, continueHooked, onHookedResponse, observeNetwork, patternRegExp };
