'use strict';
// The Node.js a renderer gets with `nodeIntegration: true` (and an unsandboxed preload gets), as
// far as a page of plain Chromium can honestly have it: CommonJS `require` of the app's own files
// and packages (read with synchronous file:// requests, as Electron lets file:// pages read
// files), `module`, `process`, `__dirname`, and the built-ins that need no operating system:
// events, timers, url, path, util, os (values taken from the main process) and read-only fs.
// Everything else throws an error that names the limitation (and logs it to the console).

/* eslint-disable */
// Runs in the page (never in Node): keep it self-contained. `base` comes from the bootstrap.
function pageNode(config, base) {
  const { unsupported, EventEmitter } = base;
  const normalize = (input) => {
    const absolute = input.startsWith('/');
    const parts = [];
    for (const part of input.split('/')) {
      if (part === '' || part === '.') continue;
      if (part === '..') {
        if (parts.length && parts[parts.length - 1] !== '..') parts.pop();
        else if (!absolute) parts.push('..');
      } else parts.push(part);
    }
    const joined = parts.join('/');
    return (absolute ? '/' : '') + joined || (absolute ? '/' : '.');
  };
  const dirname = (p) => {
    const trimmed = p.length > 1 ? p.replace(/\/+$/, '') : p;
    const index = trimmed.lastIndexOf('/');
    return index < 0 ? '.' : index === 0 ? '/' : trimmed.slice(0, index);
  };
  const basename = (p, ext) => {
    const base = p.replace(/\/+$/, '').split('/').pop() || '';
    return ext && base.endsWith(ext) && base !== ext ? base.slice(0, -ext.length) : base;
  };
  const extname = (p) => {
    const base = basename(p);
    const index = base.lastIndexOf('.');
    return index <= 0 ? '' : base.slice(index);
  };
  const resolve = (...paths) => {
    let out = '';
    for (let i = paths.length - 1; i >= 0 && !out.startsWith('/'); i--) out = paths[i] + (out ? `/${out}` : '');
    return normalize(out.startsWith('/') ? out : `${config.cwd}/${out}`);
  };
  const relative = (from, to) => {
    const a = resolve(from).split('/').filter(Boolean);
    const b = resolve(to).split('/').filter(Boolean);
    let i = 0;
    while (i < a.length && i < b.length && a[i] === b[i]) i++;
    return [...a.slice(i).map(() => '..'), ...b.slice(i)].join('/');
  };
  const path = {
    sep: '/',
    delimiter: ':',
    normalize,
    join: (...parts) => normalize(parts.filter((p) => p !== '').join('/') || '.'),
    resolve,
    relative,
    dirname,
    basename,
    extname,
    isAbsolute: (p) => p.startsWith('/'),
    parse: (p) => {
      const base = basename(p);
      const ext = extname(p);
      return { root: p.startsWith('/') ? '/' : '', dir: dirname(p), base, ext, name: ext ? base.slice(0, -ext.length) : base };
    },
    format: (o) => (o.dir ? `${o.dir}/` : o.root || '') + (o.base || `${o.name || ''}${o.ext || ''}`),
  };
  path.posix = path;

  // ---- the main process's Node (renderer-node-host.cjs), over the synchronous channel ----------
  const proxies = new Map();
  const handleOfProxy = new WeakMap();
  const toBase64 = (bytes) => {
    let text = '';
    for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
    return btoa(text);
  };
  /** A page value on its way to the main process; functions become callbacks (listed in `callbacks`). */
  const toMain = (value, callbacks, depth = 0) => {
    if (value === undefined) return { $u: 1 };
    if (value === null || typeof value === 'boolean' || typeof value === 'string') return value;
    if (typeof value === 'number') return Number.isFinite(value) ? value : { $n: String(value) };
    if (typeof value === 'bigint') return { $big: value.toString() };
    if ((typeof value === 'object' || typeof value === 'function') && handleOfProxy.has(value)) return { $h: handleOfProxy.get(value) };
    if (typeof value === 'function') {
      callbacks.push(value);
      return { $cb: callbacks.length - 1 };
    }
    if (typeof value !== 'object') return { $u: 1 };
    if (value instanceof ArrayBuffer) return { $b: toBase64(new Uint8Array(value)) };
    if (ArrayBuffer.isView(value)) return { $b: toBase64(new Uint8Array(value.buffer, value.byteOffset, value.byteLength)) };
    if (value instanceof Date) return { $d: value.getTime() };
    if (depth > 8) return { $u: 1 };
    if (Array.isArray(value)) return value.map((item) => toMain(item, callbacks, depth + 1));
    return { $o: Object.fromEntries(Object.keys(value).map((key) => [key, toMain(value[key], callbacks, depth + 1)])) };
  };
  /** A value from the main process. */
  const fromMain = (value) => {
    if (value === null || typeof value !== 'object') return value;
    if (Array.isArray(value)) return value.map(fromMain);
    if ('$u' in value) return undefined;
    if ('$n' in value) return Number(value.$n);
    if ('$big' in value) return BigInt(value.$big);
    if ('$b' in value) return Buffer.from(value.$b, 'base64');
    if ('$d' in value) return new Date(value.$d);
    if ('$e' in value) return Object.assign(new Error(value.$e.message), value.$e);
    if ('$h' in value) return remote(value.$h, value.t);
    if ('$o' in value) return Object.fromEntries(Object.entries(value.$o).map(([key, item]) => [key, fromMain(item)]));
    return value;
  };
  const hostOp = (op, callbacks = []) => {
    const answer = base.nodeExchange(op);
    if (answer.error) throw new Error(answer.error);
    if (answer.thrown) throw fromMain(answer.thrown);
    (answer.calls || []).forEach((calls, index) => {
      for (const args of calls) setTimeout(() => callbacks[index](...args.map(fromMain)), 0);
    });
    if (answer.async) return answer.rejected ? Promise.reject(fromMain(answer.rejected)) : Promise.resolve(fromMain(answer.value));
    return fromMain(answer.value);
  };
  const remote = (id, type) => {
    if (proxies.has(id)) return proxies.get(id);
    const ref = { $h: id };
    const held = new Map();
    let keys;
    const keysOf = () => (keys ??= hostOp({ op: 'keys', target: ref }));
    // A class is both callable and constructible behind a Proxy (an arrow function is not constructible).
    const target = type === 'function' ? class RemoteFunction {} : {};
    const proxy = new Proxy(target, {
      get(t, name, receiver) {
        if (typeof name === 'symbol' || name === 'then') return typeof name === 'symbol' ? t[name] : undefined;
        // What the page defined wins: a class's own prototype, a page subclass's methods (below).
        if (Reflect.getOwnPropertyDescriptor(t, name)?.configurable === false) return t[name];
        const proto = Object.getPrototypeOf(t);
        if (type !== 'function' && proto !== Object.prototype && proto !== null && name in proto) return Reflect.get(proto, name, receiver);
        if (held.has(name)) return held.get(name);
        const value = hostOp({ op: 'get', target: ref, name });
        if ((typeof value === 'object' || typeof value === 'function') && value !== null && handleOfProxy.has(value)) held.set(name, value);
        return value;
      },
      set(t, name, value) {
        if (typeof name === 'symbol') t[name] = value;
        else {
          held.delete(name);
          hostOp({ op: 'set', target: ref, name, value: toMain(value, []) });
        }
        return true;
      },
      has: (t, name) => (typeof name === 'string' ? keysOf().includes(name) : name in t),
      ownKeys: (t) => [...new Set([...keysOf(), ...Reflect.ownKeys(t)])],
      getOwnPropertyDescriptor(t, name) {
        const own = Reflect.getOwnPropertyDescriptor(t, name);
        if (own || typeof name !== 'string' || !keysOf().includes(name)) return own;
        return { configurable: true, enumerable: true, writable: true, value: proxy[name] };
      },
      apply(t, self, args) {
        const callbacks = [];
        const encoded = toMain(args, callbacks);
        const selfRef = self !== null && self !== undefined && handleOfProxy.has(self) ? { $h: handleOfProxy.get(self) } : { $u: 1 };
        return hostOp({ op: 'call', fn: ref, self: selfRef, args: encoded }, callbacks);
      },
      construct(t, args, newTarget) {
        const callbacks = [];
        const instance = hostOp({ op: 'construct', fn: ref, args: toMain(args, callbacks) }, callbacks);
        // A page class extending a built-in one (class X extends Readable): the instance lives in
        // the main process, the subclass's methods here; the main process does not call them.
        if (newTarget !== proxy && instance && typeof instance === 'object') Object.setPrototypeOf(instance, newTarget.prototype);
        return instance;
      },
    });
    proxies.set(id, proxy);
    handleOfProxy.set(proxy, id);
    return proxy;
  };
  /** A module's function, compiled by the main process into this page (no eval: CSP-proof). */
  const compileInMain = (file) => {
    const answer = base.nodeExchange({ op: 'compile', file });
    if (answer.thrown) throw fromMain(answer.thrown);
    if (typeof answer.compiled !== 'function') throw new Error(`fake-electron: could not compile ${file}`);
    const outer = answer.compiled;
    return function compiledModule(exports, require, module, filename, dirname, process, Buffer, global, setImmediate, clearImmediate) {
      return outer(process, Buffer, global, setImmediate, clearImmediate).call(this, exports, require, module, filename, dirname);
    };
  };
  const remoteModules = Object.create(null);
  /** A built-in the page does not rebuild: the main process's own module, through handles. */
  const remoteModule = (name) => (remoteModules[name] ??= hostOp({ op: 'require', name }));

  const fileUrl = (p) => `file://${p.split('/').map(encodeURIComponent).join('/')}`;
  /** Contents of a file, or undefined when it cannot be read (a missing file fails the request). */
  const readText = (file) => {
    // Read by the main process: neither the page's CSP nor its origin decides what Node may read.
    if (base.nodeExchange) {
      const text = hostOp({ op: 'read', file });
      return typeof text === 'string' ? text : undefined;
    }
    if (location.protocol !== 'file:') return undefined;
    const request = new XMLHttpRequest();
    request.open('GET', fileUrl(file), false);
    request.overrideMimeType('text/plain; charset=utf-8');
    try {
      request.send();
    } catch {
      return undefined;
    }
    return request.status === 0 || request.status === 200 ? request.responseText : undefined;
  };
  const fsError = (code, syscall, file) =>
    Object.assign(new Error(`${code}: no such file or directory, ${syscall} '${file}'`), { code, syscall, path: file, errno: -2 });
  const readOrThrow = (file, syscall) => {
    const text = readText(resolve(String(file)));
    if (text === undefined) throw fsError('ENOENT', syscall, String(file));
    return text;
  };
  const encodingOf = (options) => (typeof options === 'string' ? options : options?.encoding);
  const asContents = (text, options) => (encodingOf(options) ? text : new TextEncoder().encode(text));
  const fsPromises = { readFile: async (file, options) => asContents(readOrThrow(file, 'open'), options) };
  const fs = new Proxy(
    {
      readFileSync: (file, options) => asContents(readOrThrow(file, 'open'), options),
      existsSync: (file) => readText(resolve(String(file))) !== undefined,
      readFile: (file, options, callback) => {
        const done = typeof options === 'function' ? options : callback;
        let result;
        try {
          result = [null, asContents(readOrThrow(file, 'open'), typeof options === 'function' ? undefined : options)];
        } catch (error) {
          result = [error];
        }
        setTimeout(() => done(...result), 0);
      },
      promises: fsPromises,
    },
    {
      get: (target, name) => {
        if (name in target || typeof name !== 'string' || name === 'then') return target[name];
        return () => {
          throw unsupported(
            `fs.${name}`,
            'only readFileSync, readFile, promises.readFile and existsSync of files exist; do the rest in the main process over IPC.',
          );
        };
      },
    },
  );

  const format = (...args) => {
    let first = args.length && typeof args[0] === 'string' ? args.shift() : '';
    first = first.replace(/%[sdifjoO%]/g, (token) => {
      if (token === '%%') return '%';
      if (!args.length) return token;
      const value = args.shift();
      if (token === '%d' || token === '%i') return String(token === '%i' ? Math.trunc(value) : Number(value));
      if (token === '%f') return String(Number(value));
      if (token === '%j' || token === '%o' || token === '%O') return JSON.stringify(value);
      return String(value);
    });
    const rest = args.map((a) =>
      typeof a === 'string'
        ? a
        : (() => {
            try {
              return JSON.stringify(a);
            } catch {
              return String(a);
            }
          })(),
    );
    return [first, ...rest].filter((s, i) => i > 0 || s !== '' || rest.length === 0).join(' ');
  };
  const util = {
    format,
    inspect: (value) => (typeof value === 'string' ? `'${value}'` : format('%j', value)),
    inherits: (ctor, superCtor) => Object.setPrototypeOf(ctor.prototype, superCtor.prototype),
    promisify:
      (fn) =>
      (...args) =>
        new Promise((ok, fail) => fn(...args, (error, value) => (error ? fail(error) : ok(value)))),
    deprecate: (fn) => fn,
    isDeepStrictEqual: (a, b) => JSON.stringify(a) === JSON.stringify(b),
    types: { isPromise: (v) => v instanceof Promise, isDate: (v) => v instanceof Date, isRegExp: (v) => v instanceof RegExp },
    TextEncoder,
    TextDecoder,
  };
  const os = {
    EOL: '\n',
    platform: () => config.os.platform,
    arch: () => config.os.arch,
    type: () => config.os.type,
    release: () => config.os.release,
    hostname: () => config.os.hostname,
    homedir: () => config.os.homedir,
    tmpdir: () => config.os.tmpdir,
    endianness: () => 'LE',
  };
  // A small Buffer (a Uint8Array with Node's common statics and utf8 / base64 / hex / latin1
  // text), enough for libraries that check `instanceof Buffer` or build one from bytes.
  class Buffer extends Uint8Array {
    static from(value, encodingOrOffset, length) {
      if (typeof value === 'string') return Buffer._fromString(value, encodingOrOffset);
      if (value instanceof ArrayBuffer)
        return new Buffer(value, encodingOrOffset ?? 0, length ?? value.byteLength - (encodingOrOffset ?? 0));
      if (ArrayBuffer.isView(value)) return new Buffer(value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength));
      return new Buffer(Array.from(value));
    }
    static _fromString(text, encoding = 'utf8') {
      if (encoding === 'base64') return new Buffer(Array.from(atob(text), (c) => c.charCodeAt(0)));
      if (encoding === 'hex') return new Buffer((text.match(/../g) || []).map((h) => Number.parseInt(h, 16)));
      if (encoding === 'latin1' || encoding === 'binary') return new Buffer(Array.from(text, (c) => c.charCodeAt(0) & 255));
      return new Buffer(new TextEncoder().encode(text));
    }
    static alloc(size, fill = 0) {
      return new Buffer(size).fill(typeof fill === 'number' ? fill : 0);
    }
    static isBuffer(value) {
      return value instanceof Buffer;
    }
    static byteLength(text, encoding) {
      return typeof text === 'string' ? Buffer._fromString(text, encoding).length : text.byteLength;
    }
    static concat(list) {
      const out = new Buffer(list.reduce((sum, item) => sum + item.length, 0));
      let at = 0;
      for (const item of list) {
        out.set(item, at);
        at += item.length;
      }
      return out;
    }
    toString(encoding = 'utf8') {
      if (encoding === 'base64') return btoa(String.fromCharCode(...this));
      if (encoding === 'hex') return Array.from(this, (b) => b.toString(16).padStart(2, '0')).join('');
      if (encoding === 'latin1' || encoding === 'binary') return String.fromCharCode(...this);
      return new TextDecoder().decode(this);
    }
    toJSON() {
      return { type: 'Buffer', data: Array.from(this) };
    }
    equals(other) {
      return this.length === other.length && this.every((b, i) => b === other[i]);
    }
  }
  // Built in the page: what modules extend or hand page functions to (events, util, timers...);
  // the rest (fs, os, crypto, assert, child_process...) is the main process's own (remoteModule).
  const builtins = base.nodeExchange
    ? { ...base.modules, path, util, buffer: { Buffer } }
    : { ...base.modules, path, fs, 'fs/promises': fsPromises, util, os, buffer: { Buffer } };

  const cache = Object.create(null);
  // The preload's static require graph, compiled in with the bootstrap (preload-modules.cjs).
  const compiled = base.preloadModules?.modules ?? {};
  const compiledResolved = base.preloadModules?.resolved ?? {};
  const tryFile = (file) => (file in compiled || readText(file) !== undefined ? file : undefined);
  const resolveFile = (file) =>
    (extname(file) && tryFile(file)) ||
    tryFile(`${file}.js`) ||
    tryFile(`${file}.json`) ||
    resolvePackageDir(file) ||
    tryFile(`${file}/index.js`);
  const resolvePackageDir = (dir) => {
    const manifest = readText(`${dir}/package.json`);
    if (manifest === undefined) return undefined;
    let main;
    try {
      main = JSON.parse(manifest).main;
    } catch {
      return undefined;
    }
    return main ? tryFile(resolve(dir, main)) || tryFile(resolve(dir, `${main}.js`)) || tryFile(resolve(dir, main, 'index.js')) : undefined;
  };
  const resolveRequest = (request, fromDir) => {
    if (request.startsWith('./') || request.startsWith('../') || request.startsWith('/') || request === '.' || request === '..') {
      return resolveFile(resolve(fromDir, request));
    }
    for (let dir = fromDir; ; dir = dirname(dir)) {
      const found = resolveFile(`${dir === '/' ? '' : dir}/node_modules/${request}`);
      if (found || dir === '/') return found;
    }
  };
  const load = (file) => {
    if (cache[file]) return cache[file].exports;
    const module = { id: file, filename: file, exports: {}, loaded: false, children: [], paths: [] };
    cache[file] = module;
    const timers = base.modules.timers;
    const embedded = compiled[file];
    if (embedded && typeof embedded !== 'function') module.exports = JSON.parse(embedded.json);
    else if (!embedded && file.endsWith('.json')) module.exports = JSON.parse(readText(file));
    else {
      // A module of the preload's graph was compiled into the bootstrap (CSP-proof); any other is
      // read and wrapped here.
      const params = 'exports, require, module, __filename, __dirname, process, Buffer, global, setImmediate, clearImmediate';
      const body =
        embedded ??
        (base.nodeExchange
          ? compileInMain(file)
          : // biome-ignore lint/security/noGlobalEval: nodeIntegration renderers run the app's own modules by design.
            (0, eval)(`(function (${params}) {${readText(file)}\n})\n//# sourceURL=${fileUrl(file)}`));
      // Node's globals as the modules of an unsandboxed renderer see them (process, Buffer, global...).
      body.call(
        module.exports,
        module.exports,
        makeRequire(dirname(file)),
        module,
        file,
        dirname(file),
        base.process,
        Buffer,
        globalThis,
        timers.setImmediate,
        timers.clearImmediate,
      );
    }
    module.loaded = true;
    return module.exports;
  };
  const makeRequire = (fromDir) => {
    const require = (name) => {
      const request = String(name);
      const key = request.replace(/^node:/, '');
      if (key in builtins) return builtins[key];
      if (base.nodeExchange && config.builtinModules.includes(key)) return remoteModule(key);
      const file = compiledResolved[`${fromDir}\n${request}`] ?? resolveRequest(request, fromDir);
      if (file) return load(file);
      if (config.builtinModules.includes(key)) {
        throw unsupported(
          `require('${request}')`,
          `the built-ins here are ${Object.keys(builtins).join(', ')}; use the main process over IPC for the rest.`,
        );
      }
      const error = new Error(
        `Cannot find module '${request}'${location.protocol === 'file:' ? '' : ' (the stand-in reads modules only for file:// pages)'}`,
      );
      error.code = 'MODULE_NOT_FOUND';
      throw error;
    };
    require.resolve = (request) => resolveRequest(String(request), fromDir) || request;
    require.cache = cache;
    return require;
  };
  return { makeRequire, path, fileUrl, Buffer };
}
/* eslint-enable */

module.exports = { pageNode };
