'use strict';
// The Node.js half of an unsandboxed renderer (nodeIntegration, or a preload with sandbox: false).
// Electron runs Node inside such a renderer; the stand-in's renderer is plain Chromium, so what the
// page cannot have by itself (files read whatever the page's CSP says, and the built-ins it does
// not rebuild: crypto, assert, fs's writes, child_process...) runs here, in the main process, on the
// same machine, over the synchronous channel of ipcRenderer.sendSync (renderer-bootstrap.cjs):
// the page stays paused until the answer is written back, as a call into Node would block it.
//
// Values cross as data (primitives, bytes, dates, errors, arrays and plain objects); anything else
// (functions, class instances, module objects) stays here and the page holds a handle, a proxy whose
// property reads, calls and `new` come back here. A trailing function argument is a Node callback:
// it is answered once (fs.readFile(path, cb)) before the page goes on, and called in the page on
// its next turn; a promise is awaited the same way. What cannot cross: a listener called again
// later (fs.watch, emitter.on: the call is made, later events are not delivered to the page), and
// a page class extending a built-in class (stream.Readable).
// Only pages whose webPreferences give them Node get here (checked on every call).

const Module = require('node:module');
const fs = require('node:fs');

/** @type {Map<number, any>} handle -> value */
const handles = new Map();
/** @type {Map<any, number>} value -> handle */
const handleOf = new Map();
let lastHandle = 0;
const LISTENERS = /^(on|once|addListener|prependListener|prependOnceListener|watch|watchFile|setInterval)$/;
const WAIT_MS = 10_000;

function handleFor(value) {
  let id = handleOf.get(value);
  if (id === undefined) {
    id = ++lastHandle;
    handles.set(id, value);
    handleOf.set(value, id);
  }
  return id;
}

function isPlain(value) {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** A value on its way to the page. */
function out(value, depth = 0) {
  if (value === undefined) return { $u: 1 };
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : { $n: String(value) };
  if (typeof value === 'bigint') return { $big: value.toString() };
  if (typeof value === 'symbol') return { $u: 1 };
  if (ArrayBuffer.isView(value) && !(value instanceof DataView))
    return { $b: Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64') };
  if (value instanceof Date) return { $d: value.getTime() };
  if (value instanceof Error) {
    const error = { message: value.message, name: value.name, stack: value.stack };
    for (const key of ['code', 'errno', 'syscall', 'path', 'dest']) if (value[key] !== undefined) error[key] = value[key];
    return { $e: error };
  }
  if (depth < 8 && Array.isArray(value)) return value.map((item) => out(item, depth + 1));
  if (depth < 8 && typeof value === 'object' && isPlain(value) && depth > 0) {
    return { $o: Object.fromEntries(Object.keys(value).map((key) => [key, out(value[key], depth + 1)])) };
  }
  return { $h: handleFor(value), t: typeof value === 'function' ? 'function' : 'object' };
}

/** A value from the page: handles come back as what they stand for, callbacks as recorders. */
function into(value, callbacks) {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => into(item, callbacks));
  if ('$u' in value) return undefined;
  if ('$n' in value) return Number(value.$n);
  if ('$big' in value) return BigInt(value.$big);
  if ('$b' in value) return Buffer.from(value.$b, 'base64');
  if ('$d' in value) return new Date(value.$d);
  if ('$h' in value) {
    if (!handles.has(value.$h)) throw new Error('a value of the main process that is no longer held');
    return handles.get(value.$h);
  }
  if ('$cb' in value) {
    const record = { calls: [] };
    callbacks.push(record);
    return (...args) => {
      record.calls.push(args);
      record.done?.();
    };
  }
  if ('$o' in value) return Object.fromEntries(Object.entries(value.$o).map(([key, item]) => [key, into(item, callbacks)]));
  return value;
}

/** The page may have Node: nodeIntegration, or sandbox: false (Electron's rule, web-contents-attach.cjs). */
function allowed(contents) {
  const preferences = contents._webPreferences ?? {};
  return preferences.nodeIntegration === true || preferences.sandbox === false;
}

async function settle(result, callbacks, name) {
  const value = result;
  if (value && typeof value.then === 'function') {
    try {
      return { value: out(await value, 1), async: true };
    } catch (error) {
      return { rejected: out(error), async: true };
    }
  }
  const last = callbacks.at(-1);
  if (last && !LISTENERS.test(name ?? '') && last.calls.length === 0) {
    if (process.env.FAKE_ELECTRON_DEBUG) process.stderr.write(`[fake-electron] renderer Node call ${name} waits for its callback\n`);
    await new Promise((resolve) => {
      const timer = setTimeout(resolve, WAIT_MS);
      last.done = () => {
        clearTimeout(timer);
        resolve(undefined);
      };
    });
  }
  return { value: out(value, 1), calls: callbacks.map((record) => record.calls.map((args) => args.map((arg) => out(arg, 1)))) };
}

/**
 * One operation of the page's Node layer (renderer-node.cjs). Answers { value } (with `calls`, the
 * callbacks' arguments, and `async` for a promise) or throws what Node threw.
 * @param {any} contents
 * @param {{ op: string } & Record<string, any>} message
 */
async function handleNodeOp(contents, message) {
  if (!allowed(contents)) throw new Error('this page has no Node.js (its webPreferences keep it sandboxed)');
  const callbacks = [];
  switch (message.op) {
    case 'read': {
      // A module's or a file's text, or null when it is no file.
      try {
        return { value: fs.statSync(message.file).isFile() ? fs.readFileSync(message.file, 'utf8') : null };
      } catch {
        return { value: null };
      }
    }
    case 'compile': {
      // A module the page's require runs, compiled into the paused frame (web-contents-attach.cjs).
      const source = fs.readFileSync(message.file, 'utf8').replace(/^#!.*/, '');
      const url = require('node:url').pathToFileURL(message.file).href;
      // Node's own five parameters; the globals Node gives as globals come from an outer scope, so
      // a module may declare its own `global` or `process`.
      return {
        value: true,
        compile: `(function (process, Buffer, global, setImmediate, clearImmediate) { return function (exports, require, module, __filename, __dirname) {${source}\n}; })\n//# sourceURL=${url}`,
      };
    }
    case 'require': {
      const name = String(message.name).replace(/^node:/, '');
      if (!Module.builtinModules.includes(name)) throw new Error(`no built-in module ${message.name}`);
      const loaded = require(`node:${name}`);
      return { value: { $h: handleFor(loaded), t: typeof loaded === 'function' ? 'function' : 'object' } };
    }
    case 'get': {
      const target = into(message.target, callbacks);
      return { value: out(target[message.name], 1) };
    }
    case 'set': {
      const target = into(message.target, callbacks);
      target[message.name] = into(message.value, callbacks);
      return { value: true };
    }
    case 'keys': {
      const target = into(message.target, callbacks);
      const keys = new Set();
      for (let o = target; o && o !== Object.prototype && o !== Function.prototype; o = Object.getPrototypeOf(o)) {
        for (const key of Object.getOwnPropertyNames(o)) if (key !== 'constructor') keys.add(key);
        if (typeof target !== 'object' || isPlain(o)) break;
      }
      return { value: [...keys] };
    }
    case 'call': {
      const fn = into(message.fn, callbacks);
      const self = into(message.self, callbacks);
      const args = into(message.args, callbacks);
      return settle(Reflect.apply(fn, self, args), callbacks, fn.name);
    }
    case 'construct': {
      const fn = into(message.fn, callbacks);
      return settle(Reflect.construct(fn, into(message.args, callbacks)), callbacks, 'new');
    }
    default:
      throw new Error(`unknown operation ${message.op}`);
  }
}

module.exports = { handleNodeOp, out };
