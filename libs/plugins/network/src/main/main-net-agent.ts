// The part of the network plugin that lives in the app's main process. Preloaded at launch
// (ctx.instrumentMain) and sent with every call, so it is self-contained: no imports, no outer names
// (the kit, the paging and the credential rule arrive as source too), and it reaches Node's modules
// only through `load`, the app's own require that mainAgentBody passes last: a free `require` here
// would become the bundler's `__require` in the built plugin, which the app does not have.
// Hooks, installed once per plugin instance, pass-through unless a capture or a stub wants the
// request: Electron's net.request, net.fetch and Session.prototype.fetch; Node's globalThis.fetch,
// http.request/get and https.request/get. Each wrapper watches the request through its own emit
// (never adding listeners, which would change what Node does with an unread response).
// `reset` puts every original back.

import type { matchesCredentialRule, pageAfter } from '@stagewright/sdk';
import type { compileUrlPatterns } from '../url-match.js';
import type { AgentFailure, AgentRequest, MainStubSpec } from './agent-protocol.js';
import type { Entry, mainNetKit } from './main-net-kit.js';

// biome-ignore lint/suspicious/noExplicitAny: Electron's and Node's objects as seen from inside the app, untyped here.
type Loose = any;

export function mainNetAgent(
  electron: Loose,
  request: AgentRequest,
  page: typeof pageAfter,
  isCredential: typeof matchesCredentialRule,
  compile: typeof compileUrlPatterns,
  makeKit: typeof mainNetKit,
  load: (id: string) => Loose,
): unknown {
  const g = globalThis as Loose;
  const slot = Symbol.for(`stagewright.network.${request.key}`);
  const kit = makeKit(request.options, isCredential, compile);
  const { EventEmitter } = load('node:events');
  const { Readable } = load('node:stream');
  const errorText = (error: unknown) =>
    error instanceof Error
      ? `${error.message}${(error as Loose).cause ? `: ${(error as Loose).cause.message ?? (error as Loose).cause}` : ''}`
      : String(error);
  const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  const install = () => {
    const state: Loose = {
      stage: request.stage ?? 'call',
      hooked: [],
      unhooked: [],
      restore: [],
      capture: null,
      generation: 0,
      events: [],
      seq: 0,
      overflow: 0,
      inFlight: new Set(),
      stubs: new Map(),
      inNetFetch: false,
    };
    g[slot] = state;
    const live = () => g[slot] === state;
    /** Replace owner[name] by a wrapper; false (and listed as unhooked) when the app's object refuses it. */
    const hook = (what: string, owner: Loose, name: string, make: (original: Loose) => Loose) => {
      const original = owner?.[name];
      if (typeof original !== 'function') return state.unhooked.push(what);
      const made = make(original);
      const wrapper = function (this: Loose, ...args: unknown[]) {
        return live() ? made.apply(this, args) : original.apply(this, args);
      };
      const own = Object.hasOwn(owner, name);
      try {
        owner[name] = wrapper;
      } catch {
        // A read-only export: tried again below, and reported if that fails too.
      }
      if (owner[name] !== wrapper) {
        try {
          Object.defineProperty(owner, name, { value: wrapper, writable: true, configurable: true, enumerable: true });
        } catch {
          return state.unhooked.push(what);
        }
      }
      state.hooked.push(what);
      state.restore.push(() => {
        if (owner[name] !== wrapper) return;
        if (own) owner[name] = original;
        else delete owner[name];
      });
    };

    // Watches an emitter's own events as they reach the app, without adding a listener.
    const watchEmit = (emitter: Loose, watch: (name: string, args: unknown[]) => void) => {
      const emit = emitter.emit;
      emitter.emit = function (this: Loose, name: string, ...args: unknown[]) {
        try {
          watch(name, args);
        } catch {
          // Recording must never change what the app's request does.
        }
        return emit.call(this, name, ...args);
      };
    };
    const watchBody = (entry: Entry | undefined, message: Loose) => {
      watchEmit(message, (name, args) => {
        if (name === 'data') kit.addResponseBody(entry, args[0]);
        if (name === 'end') kit.finish(state, entry);
        if (name === 'error' || name === 'aborted') kit.finish(state, entry, errorText(args[0] ?? 'aborted'));
      });
    };
    const watchWrites = (entry: Entry | undefined, req: Loose) => {
      if (!entry) return;
      for (const name of ['write', 'end']) {
        const original = req[name];
        req[name] = function (this: Loose, chunk: unknown, encoding: unknown, ...rest: unknown[]) {
          kit.addRequestBody(entry, chunk, encoding);
          return original.call(this, chunk, encoding, ...rest);
        };
      }
    };

    const answerFetch = async (stub: MainStubSpec, entry: Entry | undefined) => {
      if (stub.delayMs) await later(stub.delayMs);
      if (entry) entry.event.stubbed = true;
      if (stub.abortError) {
        kit.finish(state, entry, stub.abortError);
        throw new TypeError('fetch failed', { cause: new Error(stub.abortError) });
      }
      const empty = [101, 204, 205, 304].includes(stub.status);
      kit.responded(entry, stub.status, kit.headersObject(stub.headers));
      kit.addResponseBody(entry, empty ? '' : stub.body);
      kit.finish(state, entry);
      return new Response(empty ? null : stub.body, { status: stub.status, headers: stub.headers });
    };
    const wrapFetch = (api: string) => (original: Loose) =>
      function (this: Loose, input: Loose, init: Loose) {
        if (api === 'session.fetch' && state.inNetFetch) return original.call(this, input, init);
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : String(input?.url ?? input);
        const method = String(init?.method ?? input?.method ?? 'GET');
        const { stub, entry } = kit.begin(state, api, method, url, kit.headersObject(init?.headers ?? input?.headers));
        kit.addRequestBody(entry, init?.body);
        if (stub) return answerFetch(stub, entry);
        state.inNetFetch = api === 'net.fetch';
        let pending: Loose;
        try {
          pending = original.call(this, input, init);
        } finally {
          state.inNetFetch = false;
        }
        if (!entry) return pending;
        return Promise.resolve(pending).then(
          (response: Loose) => {
            kit.responded(entry, response.status, kit.headersObject(response.headers));
            if (entry.spec.bodies === false || !response.body) kit.finish(state, entry);
            else
              response
                .clone()
                .arrayBuffer()
                .then((body: ArrayBuffer) => {
                  kit.addResponseBody(entry, body);
                  kit.finish(state, entry);
                })
                .catch((error: unknown) => kit.finish(state, entry, errorText(error)));
            return response;
          },
          (error: unknown) => {
            kit.finish(state, entry, errorText(error));
            throw error;
          },
        );
      };

    // A stubbed net.request: a ClientRequest-like emitter that answers from the stub (Electron's events).
    const stubbedRequest = (stub: MainStubSpec, entry: Entry | undefined, callback: Loose) => {
      const fake = new EventEmitter();
      const headers = new Map();
      let ended = false;
      let aborted = false;
      if (entry) entry.event.stubbed = true;
      Object.assign(fake, {
        chunkedEncoding: false,
        setHeader: (name: string, value: string) => headers.set(String(name).toLowerCase(), String(value)),
        getHeader: (name: string) => headers.get(String(name).toLowerCase()),
        removeHeader: (name: string) => headers.delete(String(name).toLowerCase()),
        write: (chunk: unknown, encoding: unknown) => {
          kit.addRequestBody(entry, chunk, encoding);
          return true;
        },
        followRedirect: () => undefined,
        getUploadProgress: () => ({ active: !ended, started: ended, current: 0, total: 0 }),
        abort: () => {
          if (aborted) return;
          aborted = true;
          kit.finish(state, entry, 'aborted');
          fake.emit('abort');
          fake.emit('close');
        },
        end: (chunk: unknown, encoding: unknown) => {
          if (ended) return fake;
          ended = true;
          if (chunk !== undefined && typeof chunk !== 'function') fake.write(chunk, encoding);
          if (entry) Object.assign(entry.requestHeaders, Object.fromEntries(headers));
          void later(stub.delayMs).then(() => {
            if (aborted) return;
            fake.emit('finish');
            if (stub.abortError) {
              kit.finish(state, entry, stub.abortError);
              fake.emit('error', new Error(stub.abortError));
              return fake.emit('close');
            }
            const message = new Readable({ read() {} });
            const lower = kit.headersObject(stub.headers);
            Object.assign(message, {
              statusCode: stub.status,
              statusMessage: '',
              headers: lower,
              rawHeaders: Object.entries(stub.headers).map(([key, value]) => ({ key, value })),
              httpVersion: '1.1',
              httpVersionMajor: 1,
              httpVersionMinor: 1,
            });
            kit.responded(entry, stub.status, lower);
            kit.addResponseBody(entry, stub.body);
            message.on('end', () => {
              kit.finish(state, entry);
              fake.emit('close');
            });
            fake.emit('response', message);
            if (stub.body) message.push(Buffer.from(stub.body));
            message.push(null);
          });
          return fake;
        },
      });
      if (typeof callback === 'function') fake.once('response', callback);
      return fake;
    };
    const netUrl = (options: Loose) => {
      if (typeof options === 'string') return options;
      if (options?.url) return String(options.url);
      const host = options?.host ?? `${options?.hostname ?? 'localhost'}${options?.port ? `:${options.port}` : ''}`;
      return `${options?.protocol ?? 'http:'}//${host}${options?.path ?? '/'}`;
    };
    const wrapNetRequest = (original: Loose) =>
      function (this: Loose, options: Loose, callback: Loose) {
        const method = typeof options === 'object' && options?.method ? String(options.method) : 'GET';
        const { stub, entry } = kit.begin(state, 'net.request', method, netUrl(options), kit.headersObject(options?.headers));
        if (stub) return stubbedRequest(stub, entry, callback);
        const req = original.call(this, options, callback);
        if (!entry) return req;
        const setHeader = req.setHeader;
        req.setHeader = function (this: Loose, name: string, value: unknown) {
          entry.requestHeaders[String(name).toLowerCase()] = String(value);
          return setHeader.call(this, name, value);
        };
        watchWrites(entry, req);
        watchEmit(req, (name, args) => {
          if (name === 'response') {
            const message = args[0] as Loose;
            kit.responded(entry, message.statusCode, kit.headersObject(message.headers));
            watchBody(entry, message);
          }
          if (name === 'error') kit.finish(state, entry, errorText(args[0]));
          if (name === 'abort') kit.finish(state, entry, 'aborted');
        });
        return req;
      };

    // Node's http(s).request/get: captured, never stubbed (a stub that matches lets it through, counted).
    const nodeUrl = (protocol: string, args: Loose[]) => {
      const [first, second] = args;
      if (typeof first === 'string' || first instanceof URL) {
        const url = new URL(String(first));
        if (second && typeof second === 'object' && second.path) return `${url.origin}${second.path}`;
        return url.href;
      }
      const host = first?.hostname ?? first?.host ?? 'localhost';
      return `${first?.protocol ?? protocol}//${host}${first?.port ? `:${first.port}` : ''}${first?.path ?? '/'}`;
    };
    const wrapNode = (api: string, protocol: string) => (original: Loose) =>
      function (this: Loose, ...args: Loose[]) {
        const options = args.find((arg) => arg && typeof arg === 'object' && !(arg instanceof URL)) ?? {};
        const method = String(options.method ?? 'GET');
        let url: string;
        try {
          url = nodeUrl(protocol, args);
        } catch {
          return original.apply(this, args);
        }
        const { stub, entry } = kit.begin(state, api, method, url, kit.headersObject(options.headers));
        if (stub) {
          stub.skipped[api] = (stub.skipped[api] ?? 0) + 1;
          if (entry) entry.event.stubSkipped = `${stub.id} let it through: stubs do not answer Node's ${api} module`;
        }
        const req = original.apply(this, args);
        if (!entry) return req;
        watchWrites(entry, req);
        watchEmit(req, (name, emitted) => {
          if (name === 'response') {
            Object.assign(entry.requestHeaders, kit.headersObject(req.getHeaders?.() ?? {}));
            const message = emitted[0] as Loose;
            kit.responded(entry, message.statusCode, kit.headersObject(message.headers));
            watchBody(entry, message);
          }
          if (name === 'error') kit.finish(state, entry, errorText(emitted[0]));
          if (name === 'close' && entry.event.status === undefined) kit.finish(state, entry, 'closed before a response');
        });
        return req;
      };

    const net = electron?.net;
    hook('net.request', net, 'request', wrapNetRequest);
    hook('net.fetch', net, 'fetch', wrapFetch('net.fetch'));
    hook('fetch', g, 'fetch', wrapFetch('fetch'));
    for (const api of ['http', 'https']) {
      const module = load(`node:${api}`);
      hook(`${api}.request`, module, 'request', wrapNode(api, `${api}:`));
      hook(`${api}.get`, module, 'get', wrapNode(api, `${api}:`));
    }
    // Electron gives out sessions only once the app is ready.
    const hookSessions = () => {
      if (!live()) return;
      const proto = electron?.session?.defaultSession && Object.getPrototypeOf(electron.session.defaultSession);
      hook('session.fetch', proto, 'fetch', wrapFetch('session.fetch'));
    };
    if (electron?.app?.isReady?.() !== false) hookSessions();
    else electron.app.whenReady().then(hookSessions, () => undefined);
    return state;
  };

  if (request.op === 'reset') {
    const state = g[slot];
    if (!state) return { reset: false };
    for (const restore of state.restore.reverse()) restore();
    delete g[slot];
    return { reset: true };
  }
  const state = g[slot] ?? install();
  const where = { stage: state.stage, hooked: state.hooked, ...(state.unhooked.length ? { unhooked: state.unhooked } : {}) };
  const notCapturing: AgentFailure = {
    failure: 'NOT_CAPTURING',
    message: 'No main-process capture in this session: call network_main_capture first.',
  };

  switch (request.op) {
    case 'install':
      return where;
    case 'capture': {
      state.generation += 1;
      state.capture = { spec: request.spec, generation: state.generation, ...kit.matchers(request.spec) };
      state.events = [];
      state.seq = 0;
      state.overflow = 0;
      return { capturing: true, ...where };
    }
    case 'read': {
      if (!state.capture && state.generation === 0) return notCapturing;
      const { items, ...rest } = page(
        state.events,
        request.cursor,
        request.limit,
        state.seq,
        (event) => JSON.stringify(event).length,
        request.maxChars,
      );
      return { events: items, ...rest, overflow: state.overflow, inFlight: state.inFlight.size, capturing: Boolean(state.capture) };
    }
    case 'stop': {
      if (!state.capture) return notCapturing;
      state.capture = null;
      return { stopped: true, events: state.events.length, overflow: state.overflow };
    }
    case 'stub': {
      const { spec } = request;
      const stub = { ...spec, hits: 0, skipped: {}, ...kit.matchers(spec) };
      const count = stub.matchesUrl;
      stub.matchesUrl = (url: string) => {
        if (!count(url)) return false;
        stub.hits += 1;
        if (spec.times !== undefined && stub.hits >= spec.times) state.stubs.delete(spec.id);
        return true;
      };
      state.stubs.set(spec.id, stub);
      return { stubId: spec.id, ...where };
    }
    case 'unstub': {
      const ids = request.id === undefined ? [...state.stubs.keys()] : [request.id];
      const removed = [];
      for (const id of ids) {
        const stub = state.stubs.get(id);
        if (!stub) return { failure: 'STUB_NOT_FOUND', message: `No main-process stub "${id}" in this session.` };
        state.stubs.delete(id);
        removed.push({ id, url: stub.urls, hits: stub.hits, ...(Object.keys(stub.skipped).length ? { skipped: stub.skipped } : {}) });
      }
      return { removed };
    }
  }
}
