'use strict';
// Electron's `net` module (https://www.electronjs.org/docs/latest/api/net, .../client-request,
// .../incoming-message): requests made by the main process through "Chromium's network stack".
// Here Node's http/https stand in for that stack. Like Electron, none of it goes through the
// `http`/`https` exports or `globalThis.fetch` an app (or a plugin hook) can see: their functions
// are taken once, when this module loads, before any app code runs.

const { Readable, Writable } = require('node:stream');
const httpRequest = require('node:http').request;
const httpsRequest = require('node:https').request;
const { Session } = require('./session.cjs');

const MAX_REDIRECTS = 20;

/** IncomingMessage: a Readable of the body with statusCode, statusMessage, headers (lower-case), rawHeaders. */
class IncomingMessage extends Readable {
  constructor(response) {
    super({ read: () => response.resume() });
    this.statusCode = response.statusCode;
    this.statusMessage = response.statusMessage ?? '';
    this.headers = { ...response.headers };
    this.rawHeaders = [];
    for (let i = 0; i < response.rawHeaders.length; i += 2) {
      this.rawHeaders.push({ key: response.rawHeaders[i], value: response.rawHeaders[i + 1] });
    }
    this.httpVersion = response.httpVersion;
    this.httpVersionMajor = response.httpVersionMajor;
    this.httpVersionMinor = response.httpVersionMinor;
    response.on('data', (chunk) => {
      if (!this.push(chunk)) response.pause();
    });
    response.on('end', () => this.push(null));
    response.on('error', (error) => this.destroy(error));
  }
}

function netError(code) {
  const byNode = { ECONNREFUSED: 'ERR_CONNECTION_REFUSED', ENOTFOUND: 'ERR_NAME_NOT_RESOLVED', ECONNRESET: 'ERR_CONNECTION_RESET' };
  return new Error(`net::${byNode[code] ?? 'ERR_FAILED'}`);
}

function urlOf(options) {
  if (typeof options === 'string') return new URL(options);
  if (options.url) return new URL(options.url);
  const protocol = options.protocol ?? 'http:';
  const host = options.host ?? `${options.hostname ?? 'localhost'}${options.port ? `:${options.port}` : ''}`;
  return new URL(`${protocol}//${host}${options.path ?? '/'}`);
}

/** ClientRequest: a Writable request body; `response`, `redirect`, `finish`, `abort`, `error`, `close` events. */
class ClientRequest extends Writable {
  constructor(options, callback) {
    const chunks = [];
    super({
      write: (chunk, _encoding, done) => {
        chunks.push(Buffer.from(chunk));
        done();
      },
      final: (done) => {
        this._send(Buffer.concat(chunks));
        done();
      },
    });
    const opts = typeof options === 'string' ? { url: options } : { ...options };
    this._url = urlOf(opts);
    this.method = (opts.method ?? 'GET').toUpperCase();
    this._redirect = opts.redirect ?? 'follow';
    this._headers = new Map();
    for (const [name, value] of Object.entries(opts.headers ?? {})) this.setHeader(name, value);
    this._redirects = 0;
    this._aborted = false;
    this.chunkedEncoding = false;
    if (callback) this.once('response', callback);
  }

  setHeader(name, value) {
    if (this._sent) throw new Error('Headers can no longer be set: the request has started.');
    this._headers.set(String(name).toLowerCase(), { name: String(name), value: String(value) });
  }

  getHeader(name) {
    return this._headers.get(String(name).toLowerCase())?.value;
  }

  removeHeader(name) {
    this._headers.delete(String(name).toLowerCase());
  }

  abort() {
    if (this._aborted) return;
    this._aborted = true;
    this._inner?.destroy();
    this.emit('abort');
    this.emit('close');
  }

  followRedirect() {
    this._pendingRedirect?.();
  }

  getUploadProgress() {
    return { active: Boolean(this._sent), started: Boolean(this._sent), current: 0, total: 0 };
  }

  _send(body) {
    this._sent = true;
    const url = this._url;
    const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const headers = Object.fromEntries([...this._headers.values()].map(({ name, value }) => [name, value]));
    const inner = request(url, { method: this.method, headers });
    this._inner = inner;
    inner.on('error', (error) => {
      if (this._aborted) return;
      this.emit('error', netError(error.code));
      this.emit('close');
    });
    inner.on('response', (response) => {
      if (this._aborted) return response.resume();
      const location = response.headers.location;
      if (response.statusCode >= 300 && response.statusCode < 400 && location) return this._redirected(response, body);
      const message = new IncomingMessage(response);
      message.on('end', () => this.emit('close'));
      this.emit('response', message);
    });
    inner.end(body.length ? body : undefined);
  }

  _redirected(response, body) {
    response.resume();
    const next = new URL(response.headers.location, this._url);
    const method =
      response.statusCode === 303 || ((response.statusCode === 301 || response.statusCode === 302) && this.method === 'POST')
        ? 'GET'
        : this.method;
    const go = () => {
      this._url = next;
      this.method = method;
      this._send(method === 'GET' ? Buffer.alloc(0) : body);
    };
    if (this._redirect === 'error' || ++this._redirects > MAX_REDIRECTS) {
      this.emit('error', new Error(this._redirect === 'error' ? 'Redirect was cancelled' : 'net::ERR_TOO_MANY_REDIRECTS'));
      return this.emit('close');
    }
    if (this._redirect === 'manual') {
      this._pendingRedirect = go;
      return this.emit('redirect', response.statusCode, method, next.href, response.headers);
    }
    this.emit('redirect', response.statusCode, method, next.href, response.headers);
    return go();
  }
}

function bodyBuffer(body) {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return Buffer.from(body);
  if (body instanceof URLSearchParams) return Buffer.from(body.toString());
  if (ArrayBuffer.isView(body)) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  return Buffer.from(String(body));
}

const FILE_TYPES = {
  '.html': 'text/html',
  '.htm': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.cjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain',
};

/** net.fetch of a file: URL, as Electron's (a missing file rejects, as its net::ERR_FILE_NOT_FOUND does). */
async function fetchFile(url) {
  const { fileURLToPath } = require('node:url');
  const file = fileURLToPath(url);
  let body;
  try {
    body = await require('node:fs/promises').readFile(file);
  } catch (error) {
    throw new TypeError('fetch failed', { cause: error });
  }
  const type = FILE_TYPES[require('node:path').extname(file).toLowerCase()] ?? 'application/octet-stream';
  return new Response(body, { status: 200, headers: { 'Content-Type': type, 'Content-Length': String(body.length) } });
}

/** session.fetch (and so net.fetch): a WHATWG fetch over ClientRequest, answering a standard Response. */
Session.prototype.fetch = function fetch(input, init = {}) {
  const target = typeof input === 'string' || input instanceof URL ? String(input) : input.url;
  if (/^file:/i.test(target)) return fetchFile(target);
  return new Promise((resolve, reject) => {
    const url = target;
    // A string or URL input carries no method or headers of its own (not `false`: a plain `&&`
    // here made net.fetch(url) without init fail in ClientRequest and the Headers constructor).
    const request = typeof input === 'object' && !(input instanceof URL) ? input : undefined;
    const method = init.method ?? request?.method ?? 'GET';
    const headers = new Headers(init.headers ?? request?.headers ?? undefined);
    const client = new ClientRequest({ url, method, redirect: init.redirect ?? 'follow' });
    for (const [name, value] of headers) client.setHeader(name, value);
    const onAbort = () => {
      client.abort();
      reject(new DOMException('This operation was aborted', 'AbortError'));
    };
    if (init.signal?.aborted) return onAbort();
    init.signal?.addEventListener('abort', onAbort, { once: true });
    client.on('error', (error) => reject(new TypeError('fetch failed', { cause: error })));
    client.on('response', (message) => {
      const responseHeaders = new Headers();
      for (const { key, value } of message.rawHeaders) responseHeaders.append(key, value);
      const empty = [101, 204, 205, 304].includes(message.statusCode) || method.toUpperCase() === 'HEAD';
      const body = empty ? null : Readable.toWeb(message);
      if (empty) message.resume();
      resolve(new Response(body, { status: message.statusCode, statusText: message.statusMessage, headers: responseHeaders }));
    });
    const buffer = bodyBuffer(init.body);
    client.end(buffer);
  });
};

const { defaultSession } = require('./session.cjs');

const net = {
  request: (options, callback) => new ClientRequest(options, callback),
  fetch: (input, init) => defaultSession.fetch(input, init),
  isOnline: () => true,
  get online() {
    return true;
  },
  resolveHost: async (host) => ({ endpoints: [{ address: host === 'localhost' ? '127.0.0.1' : host, family: 'ipv4' }] }),
};

module.exports = { net, ClientRequest, IncomingMessage };
