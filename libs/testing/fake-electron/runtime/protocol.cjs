'use strict';
// Electron's protocol module. protocol.handle(scheme, handler) is served for real for the schemes
// Chromium sends through its network stack (http, https, file): each page's CDP session pauses
// those requests (Fetch domain) and answers them with the handler's Response, for navigations and
// subresources alike. Chromium refuses a scheme it does not know before any request exists, so a
// custom scheme's handler is kept (isProtocolHandled is true) but its URLs fail to load with
// ERR_UNKNOWN_URL_SCHEME, visibly, instead of being served. The deprecated register*/intercept*
// methods are kept as before, and their newer stream/intercept variants throw.

const { registry } = require('./registry.cjs');

const SERVED = new Set(['http', 'https', 'file']);
/** @type {Map<string, (request: Request) => Response | Promise<Response>>} */
const handlers = new Map();

/** Fetch patterns for the handled schemes, added to each page's own (see web-contents-attach.cjs). */
function protocolPatterns() {
  return [...handlers.keys()].filter((scheme) => SERVED.has(scheme)).map((scheme) => ({ urlPattern: `${scheme}:*` }));
}

/** Re-enables Fetch on every attached page with the current patterns. */
function refreshPages() {
  const { fetchPatterns } = require('./web-contents-attach.cjs');
  for (const contents of registry.webContents.values()) {
    if (contents._session && !contents._destroyed) contents._session.sendQuietly('Fetch.enable', { patterns: fetchPatterns() });
  }
}

/** The handler for a paused request's URL, if one is registered and served. */
function handlerFor(url) {
  const scheme = url.slice(0, Math.max(0, url.indexOf(':')));
  return SERVED.has(scheme) ? handlers.get(scheme) : undefined;
}

/** Answers a paused request with the app's handler; a throwing handler or a bad answer fails the request. */
async function serveRequest(session, { requestId, request }, handler) {
  try {
    const init = { method: request.method, headers: request.headers };
    if (request.hasPostData && !['GET', 'HEAD'].includes(request.method)) {
      init.body = request.postData ?? (await session.send('Fetch.getRequestPostData', { requestId })).postData;
    }
    const response = await handler(new Request(request.url, init));
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

const protocol = {
  registerSchemesAsPrivileged: () => {},
  handle(scheme, handler) {
    if (typeof handler !== 'function') throw new TypeError('protocol.handle requires a handler function');
    if (handlers.has(scheme)) throw new Error(`Protocol "${scheme}" is already handled`);
    handlers.set(String(scheme), handler);
    if (SERVED.has(scheme)) refreshPages();
  },
  unhandle(scheme) {
    if (handlers.delete(scheme) && SERVED.has(scheme)) refreshPages();
  },
  isProtocolHandled(scheme) {
    return handlers.has(scheme);
  },
  registerFileProtocol: () => true,
  registerStringProtocol: () => true,
  registerBufferProtocol: () => true,
  registerHttpProtocol: () => true,
  unregisterProtocol: () => true,
  isProtocolRegistered: () => false,
  interceptFileProtocol: () => true,
  uninterceptProtocol: () => true,
  isProtocolIntercepted: () => false,
  getSource: () => null,
  registerSource: protocolUnsupported('protocol.registerSource'),
  registerStreamProtocol: protocolUnsupported('protocol.registerStreamProtocol'),
  interceptStringProtocol: protocolUnsupported('protocol.interceptStringProtocol'),
  interceptBufferProtocol: protocolUnsupported('protocol.interceptBufferProtocol'),
  interceptHttpProtocol: protocolUnsupported('protocol.interceptHttpProtocol'),
  interceptStreamProtocol: protocolUnsupported('protocol.interceptStreamProtocol'),
};

module.exports = { protocol, protocolPatterns, handlerFor, serveRequest };
