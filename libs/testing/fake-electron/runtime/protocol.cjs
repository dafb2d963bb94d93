'use strict';
// Electron's protocol module. protocol.handle(scheme, handler) is served for real: each page's CDP
// session pauses the requests of handled schemes (Fetch domain) and answers them with the
// handler's Response, for navigations and subresources alike. http, https and file are paused as
// they are. Chromium refuses a scheme it does not know before any request exists (plain Chromium
// has no switch to register one, as Electron's own build does), so a custom scheme's URL is served
// at a stand-in address: `min://app/pages/x.html?q#h` loads as
// `https://app.min.fake-electron-scheme.invalid/pages/x.html?q#h` (never resolved: every request to
// it is paused and answered by the handler, with the custom URL in its Request). webContents.getURL(),
// navigation events and the history say `min://app/...` as in Electron; the page's own `location`
// says the stand-in address (a difference listed in docs/platforms.md), and relative URLs resolve
// as they would. The deprecated register*Protocol / intercept*Protocol methods are served the same
// way, through their callbacks.

const { registry } = require('./registry.cjs');

const SERVED = new Set(['http', 'https', 'file']);
/** @type {Map<string, (request: Request) => Response | Promise<Response>>} */
const handlers = new Map();

const SUFFIX = '.fake-electron-scheme.invalid';
/** A custom scheme the stand-in can give an address: letters, digits and '-' (a host label). */
const ADDRESSABLE = /^[a-z][a-z0-9-]*$/;

/** The address a handled custom scheme's URL loads at, or the URL itself. */
function toServed(url) {
  const text = String(url);
  const colon = text.indexOf(':');
  const scheme = text.slice(0, Math.max(0, colon)).toLowerCase();
  if (SERVED.has(scheme) || !handlers.has(scheme) || !ADDRESSABLE.test(scheme)) return text;
  let parsed;
  try {
    parsed = new URL(text);
  } catch {
    return text;
  }
  // A standard scheme's host is the first label; a URL without one (min:page) gets '-'.
  const host = parsed.host || '-';
  const path = parsed.host ? parsed.pathname : `/${parsed.pathname}`;
  return `https://${host}.${scheme}${SUFFIX}${path}${parsed.search}${parsed.hash}`;
}

/** The custom URL a stand-in address stands for, or the URL itself. */
function fromServed(url) {
  const text = String(url ?? '');
  const match = /^https:\/\/([^/?#]+)\.([a-z][a-z0-9-]*)\.fake-electron-scheme\.invalid(?::\d+)?([/?#].*)?$/.exec(text);
  if (!match) return text;
  const [, host, scheme, rest = '/'] = match;
  return host === '-' ? `${scheme}:${rest.replace(/^\//, '')}` : `${scheme}://${host}${rest}`;
}

/** Fetch patterns for the handled schemes, added to each page's own (see web-contents-attach.cjs). */
function protocolPatterns() {
  return [...handlers.keys()].map((scheme) =>
    SERVED.has(scheme) ? { urlPattern: `${scheme}:*` } : { urlPattern: `https://*.${scheme}${SUFFIX}/*` },
  );
}

/** Re-enables Fetch on every attached page with the current patterns. */
function refreshPages() {
  const { fetchPatterns } = require('./web-contents-attach.cjs');
  for (const contents of registry.webContents.values()) {
    if (contents._session && !contents._destroyed) contents._session.sendQuietly('Fetch.enable', { patterns: fetchPatterns(contents) });
  }
}

/** The handler for a paused request's URL, if one is registered and served. */
function handlerFor(url) {
  const original = fromServed(url);
  const scheme = original.slice(0, Math.max(0, original.indexOf(':')));
  return SERVED.has(scheme) || original !== url ? handlers.get(scheme) : undefined;
}

/** Answers a paused request with the app's handler; a throwing handler or a bad answer fails the request. */
async function serveRequest(session, { requestId, request }, handler) {
  try {
    const init = { method: request.method, headers: request.headers };
    if (request.hasPostData && !['GET', 'HEAD'].includes(request.method)) {
      init.body = request.postData ?? (await session.send('Fetch.getRequestPostData', { requestId })).postData;
    }
    const response = await handler(new Request(fromServed(request.url), init));
    if (!(response instanceof Response)) throw new TypeError('protocol.handle handler did not return a Response');
    const body = Buffer.from(await response.arrayBuffer());
    await session.send('Fetch.fulfillRequest', {
      requestId,
      responseCode: response.status,
      responseHeaders: [...response.headers].map(([name, value]) => ({ name, value })),
      body: body.toString('base64'),
    });
  } catch (error) {
    process.stderr.write(`[fake-electron] protocol handler for ${request.url} failed: ${error instanceof Error ? error.message : error}\n`);
    await session.sendQuietly('Fetch.failRequest', { requestId, errorReason: 'Failed' });
  }
}

function protocolUnsupported(name) {
  return Object.assign(
    () => {
      throw new Error(`${name} is not supported by the Electron stand-in (fake-electron)`);
    },
    { [Symbol.for('fake-electron.coverage')]: 'throws' },
  );
}

const FAILED = (what) => new Response(null, { status: 500, statusText: String(what) });

/** What a deprecated handler's callback answered, as a Response (Electron's ProtocolResponse). */
async function legacyResponse(kind, answer, request) {
  const options =
    answer !== null && typeof answer === 'object' && !Buffer.isBuffer(answer) && !(answer instanceof Uint8Array) ? answer : {};
  if (typeof options.error === 'number' && options.error < 0) return FAILED(`net error ${options.error}`);
  const headers = new Headers(options.headers ?? {});
  const status = options.statusCode ?? 200;
  const typed = (body) => {
    if (options.mimeType && !headers.has('content-type'))
      headers.set('content-type', options.charset ? `${options.mimeType}; charset=${options.charset}` : options.mimeType);
    return new Response(body, { status, headers });
  };
  if (kind === 'file') {
    const file = typeof answer === 'string' ? answer : options.path;
    if (typeof file !== 'string') return FAILED('no path');
    const served = await require('./net.cjs').net.fetch(require('node:url').pathToFileURL(file).href);
    for (const [name, value] of served.headers) if (!headers.has(name)) headers.set(name, value);
    return new Response(served.body, { status: options.statusCode ?? served.status, headers });
  }
  if (kind === 'string') return typed(typeof answer === 'string' ? answer : String(options.data ?? ''));
  if (kind === 'buffer') return typed(Buffer.isBuffer(answer) || answer instanceof Uint8Array ? answer : (options.data ?? null));
  if (kind === 'stream') {
    const stream = typeof answer?.pipe === 'function' ? answer : options.data;
    if (!stream) return typed(null);
    return typed(require('node:stream').Readable.toWeb(stream));
  }
  // http: the request is made again to another URL.
  if (typeof options.url !== 'string') return FAILED('no url');
  return require('./net.cjs').net.fetch(options.url, { method: options.method ?? request.method, body: options.uploadData?.data });
}

/** A protocol.handle handler made of a deprecated register*Protocol / intercept*Protocol handler. */
function fromLegacy(kind, legacy) {
  return async (request) => {
    const headers = Object.fromEntries(request.headers);
    const body = ['GET', 'HEAD'].includes(request.method) ? undefined : Buffer.from(await request.arrayBuffer());
    const details = {
      url: request.url,
      method: request.method,
      referrer: request.referrer === 'about:client' ? '' : request.referrer,
      headers,
      ...(body ? { uploadData: [{ type: 'rawData', bytes: body }] } : {}),
    };
    const answer = await new Promise((resolve, reject) => {
      try {
        legacy(details, resolve);
      } catch (error) {
        reject(error);
      }
    });
    return legacyResponse(kind, answer, request);
  };
}

/** The deprecated methods, served by the same handlers as protocol.handle (they return booleans, as Electron's do). */
const legacy = {};
for (const kind of ['file', 'string', 'buffer', 'http', 'stream']) {
  const Kind = kind[0].toUpperCase() + kind.slice(1);
  legacy[`register${Kind}Protocol`] = (scheme, handler) => {
    if (handlers.has(scheme) || SERVED.has(scheme) || typeof handler !== 'function') return false;
    protocol.handle(scheme, fromLegacy(kind, handler));
    return true;
  };
  legacy[`intercept${Kind}Protocol`] = (scheme, handler) => {
    if (handlers.has(scheme) || typeof handler !== 'function') return false;
    protocol.handle(scheme, fromLegacy(kind, handler));
    return true;
  };
}

const protocol = {
  /** Privileges need no registration: every handled scheme is served like a standard, secure one (see above). */
  registerSchemesAsPrivileged: () => {},
  handle(scheme, handler) {
    if (typeof handler !== 'function') throw new TypeError('protocol.handle requires a handler function');
    if (handlers.has(scheme)) throw new Error(`Protocol "${scheme}" is already handled`);
    handlers.set(String(scheme), handler);
    refreshPages();
  },
  unhandle(scheme) {
    if (handlers.delete(scheme)) refreshPages();
  },
  isProtocolHandled(scheme) {
    return handlers.has(scheme);
  },
  ...legacy,
  unregisterProtocol: (scheme) => handlers.delete(scheme) && (refreshPages(), true),
  isProtocolRegistered: (scheme) => handlers.has(scheme) && !SERVED.has(scheme),
  uninterceptProtocol: (scheme) => handlers.delete(scheme) && (refreshPages(), true),
  isProtocolIntercepted: (scheme) => handlers.has(scheme) && SERVED.has(scheme),
  registerSource: protocolUnsupported('protocol.registerSource'),
  /** registerSource throws, so no scheme has a source. */
  getSource: () => null,
};

module.exports = { protocol, protocolPatterns, handlerFor, serveRequest, toServed, fromServed };
