'use strict';
// Builds the script every window runs before its own scripts (Page.addScriptToEvaluateOnNewDocument):
// the renderer half of IPC (ipcRenderer, contextBridge) over a CDP binding, window.close() and
// key forwarding for menu accelerators, then the app's preload script, like a sandboxed
// Electron preload (require('electron'), 'events', 'timers', 'url'; a renderer `process`).

const fs = require('node:fs');
const vm = require('node:vm');
const { encodeIpcValue, decodeIpcValue } = require('./codec.cjs');
const { pageNode } = require('./renderer-node.cjs');
const { pageNavigation } = require('./renderer-navigation.cjs');
const { pageElectronModules } = require('./renderer-modules.cjs');
const { pageContextMenu } = require('./renderer-context-menu.cjs');
const { esmPreloadBody } = require('./preload-esm.cjs');
const { preloadModulesSource } = require('./preload-modules.cjs');

/* eslint-disable */
// Runs in the page (never in Node): keep it self-contained.
function pageMain(config, encode, decode, preloads, nodeLayer, navigationLayer, modulesLayer, contextMenuLayer, preloadModules) {
  const binding = globalThis[config.binding];
  try {
    delete globalThis[config.binding];
  } catch {}
  // Sub frames get IPC and the preload only with nodeIntegrationInSubFrames, as in Electron.
  const subFrame = window.top !== window;
  if (typeof binding !== 'function' || (subFrame && !config.subFrames)) return;
  const post = (message) => binding(JSON.stringify(message));
  // sendSync: the page stops at a `debugger` statement in syncPause; the main process, which
  // enabled the Debugger domain for pages that can reach ipcRenderer, reads the message from the
  // paused frame, runs ipcMain's listeners and writes event.returnValue back before resuming. No
  // request is made, so the page's Content-Security-Policy does not govern it (as Electron's IPC is
  // not subject to it). Where no debugger answers (the domain is off), a synchronous XMLHttpRequest
  // to a same-origin (or file://) path that main intercepts over CDP (Fetch) is the fallback;
  // both are taken now, before page scripts run.
  const syncPause = function feSyncPause(feSyncBox) {
    // biome-ignore lint/suspicious/noDebugger: the stand-in's synchronous IPC channel (see above).
    debugger;
    return feSyncBox;
  };
  const SyncRequest = XMLHttpRequest;
  const { open: openRequest, send: sendRequest } = XMLHttpRequest.prototype;
  const responseText = Object.getOwnPropertyDescriptor(XMLHttpRequest.prototype, 'responseText').get;
  const syncUrl = () => {
    const origin = location.protocol === 'file:' || !location.origin || location.origin === 'null' ? 'file://' : location.origin;
    return `${origin}${config.syncPath}`;
  };

  class EventEmitter {
    constructor() {
      this._events = new Map();
    }
    on(name, listener) {
      (this._events.get(name) || this._events.set(name, []).get(name)).push(listener);
      return this;
    }
    addListener(name, listener) {
      return this.on(name, listener);
    }
    once(name, listener) {
      const wrapper = (...args) => {
        this.removeListener(name, wrapper);
        listener.apply(this, args);
      };
      wrapper.listener = listener;
      return this.on(name, wrapper);
    }
    removeListener(name, listener) {
      const list = this._events.get(name) || [];
      const index = list.findIndex((l) => l === listener || l.listener === listener);
      if (index >= 0) list.splice(index, 1);
      return this;
    }
    off(name, listener) {
      return this.removeListener(name, listener);
    }
    removeAllListeners(name) {
      if (name === undefined) this._events.clear();
      else this._events.delete(name);
      return this;
    }
    listeners(name) {
      return (this._events.get(name) || []).map((l) => l.listener || l);
    }
    listenerCount(name) {
      return (this._events.get(name) || []).length;
    }
    emit(name, ...args) {
      const list = [...(this._events.get(name) || [])];
      for (const listener of list) listener.apply(this, args);
      return list.length > 0;
    }
  }
  EventEmitter.EventEmitter = EventEmitter;

  const invokes = new Map();
  let lastInvoke = 0;
  const ipcRenderer = new EventEmitter();
  ipcRenderer.send = (channel, ...args) => post({ t: 'send', channel: String(channel), args: encode(args) });
  ipcRenderer.invoke = (channel, ...args) =>
    new Promise((resolve, reject) => {
      const id = ++lastInvoke;
      invokes.set(id, { resolve, reject });
      try {
        post({ t: 'invoke', id, channel: String(channel), args: encode(args) });
      } catch (error) {
        invokes.delete(id);
        reject(error);
      }
    });
  ipcRenderer.postMessage = (channel, message) => post({ t: 'send', channel: String(channel), args: encode([message]) });
  ipcRenderer.sendToHost = () => {};
  /** One synchronous exchange with the main process: the request's JSON in, the answer parsed. */
  const syncExchange = (body) => {
    const box = syncPause({ token: config.syncToken, request: body, answer: undefined });
    if (typeof box.answer === 'string') {
      const answer = JSON.parse(box.answer);
      // A module the main process compiled into this frame (renderer-node-host.cjs, compile).
      if (box.compiled) answer.compiled = box.compiled;
      return answer;
    }
    const request = new SyncRequest();
    openRequest.call(request, 'POST', syncUrl(), false);
    sendRequest.call(request, body);
    return JSON.parse(responseText.call(request));
  };
  /** The renderer's Node layer asking the main process (renderer-node-host.cjs). */
  const nodeExchange = (op) => syncExchange(JSON.stringify({ node: op }));
  ipcRenderer.sendSync = (channel, ...args) => {
    const body = JSON.stringify({ channel: String(channel), args: encode(args) });
    let answer;
    try {
      answer = syncExchange(body);
    } catch (error) {
      throw new Error(
        `ipcRenderer.sendSync('${channel}') could not reach the main process of the Electron stand-in (fake-electron): ${error.message}`,
      );
    }
    if (answer.error) throw new Error(answer.error);
    return decode(answer.value)[0];
  };

  // Main -> page messages run as tasks of their own, as Electron's IPC messages do: a message
  // that reaches the page while it is stopped in sendSync's pause (where DevTools runs pending
  // evaluations) must not run in the middle of the script that called sendSync.
  const deferTask = setTimeout;
  Object.defineProperty(globalThis, config.dispatcher, {
    value(message) {
      deferTask(() => dispatch(message), 0);
    },
  });
  const dispatch = (message) => {
    if (message.t === 'reply') {
      const pending = invokes.get(message.id);
      if (!pending) return;
      invokes.delete(message.id);
      if (message.ok) pending.resolve(decode(message.value));
      else pending.reject(new Error(message.error));
    } else if (message.t === 'message') {
      // In its own task, a throwing listener is an uncaught exception of the page, as in Electron.
      ipcRenderer.emit(message.channel, { sender: ipcRenderer, senderId: 0, ports: [] }, ...decode(message.args));
    } else {
      handlers[message.t]?.(message);
    }
  };
  /** Main -> page messages of the other page layers (navigation), by type. */
  const handlers = {};
  if (!subFrame) navigationLayer(post, handlers);
  contextMenuLayer(post);

  // Electron lets any page close its own window.
  window.close = function close() {
    post({ t: 'close' });
  };

  // New windows: main hears of the request first (setWindowOpenHandler gets url and features),
  // and the popup starts on a held navigation until its preload is installed.
  const nativeOpen = window.open;
  const named = new Map();
  let opened = 0;
  const openWindow = (url, target, features, disposition) => {
    const frameName = target === undefined || target === null || target === '_blank' ? '' : String(target);
    // A name that already belongs to an open window navigates that window instead.
    if (frameName && named.has(frameName) && !named.get(frameName).closed) return nativeOpen.call(window, url, target, features);
    const id = `${config.openPrefix}${++opened}`;
    const href = url === undefined || url === null || url === '' ? '' : new URL(String(url), location.href).href;
    post({ t: 'open', id, url: href, frameName, features: features === undefined ? '' : String(features), disposition });
    const proxy = nativeOpen.call(window, config.holdPrefix + id, target, features);
    if (frameName && proxy) named.set(frameName, proxy);
    return proxy;
  };
  window.open = function open(url, target, features) {
    return openWindow(url, target, features, 'new-window');
  };
  window.addEventListener('click', (event) => {
    const anchor = event.target instanceof Element ? event.target.closest('a[href][target="_blank"]') : null;
    if (!anchor || event.defaultPrevented || event.button !== 0) return;
    event.preventDefault();
    openWindow(anchor.href, '_blank', '', 'foreground-tab');
  });

  window.addEventListener(
    'keydown',
    (event) => {
      if (!(event.ctrlKey || event.altKey || event.metaKey || /^F\d{1,2}$/.test(event.key))) return;
      post({
        t: 'key',
        key: event.key,
        code: event.code,
        control: event.ctrlKey,
        alt: event.altKey,
        shift: event.shiftKey,
        meta: event.metaKey,
      });
    },
    true,
  );

  let lastTitle = '';
  const reportTitle = () => {
    if (subFrame || !document.title || document.title === lastTitle) return;
    lastTitle = document.title;
    post({ t: 'title', title: lastTitle });
  };
  document.addEventListener(
    'DOMContentLoaded',
    () => {
      reportTitle();
      new MutationObserver(reportTitle).observe(document.head || document.documentElement, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    },
    { once: true, capture: true },
  );

  const { modules, unsupported, preloadsDone } = modulesLayer(ipcRenderer, EventEmitter);
  const sandboxedRequire = (name) => {
    const key = String(name).replace(/^node:/, '');
    if (key in modules) return modules[key];
    throw new Error(`module not found: ${name}`);
  };
  const hiddenValues = new WeakMap();
  const v8Util = {
    getHiddenValue: (object, key) => hiddenValues.get(object)?.get(key),
    setHiddenValue: (object, key, value) => {
      if (!hiddenValues.has(object)) hiddenValues.set(object, new Map());
      hiddenValues.get(object).set(key, value);
    },
    deleteHiddenValue: (object, key) => hiddenValues.get(object)?.delete(key),
  };
  v8Util.setHiddenValue(globalThis, 'contextId', `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`);
  const process = Object.assign(new EventEmitter(), config.process, { isMainFrame: !subFrame, env: { ...config.process.env } });
  Object.assign(process, {
    cwd: () => config.process.cwd,
    nextTick: (fn, ...args) => queueMicrotask(() => fn(...args)),
    hrtime: Object.assign(
      (previous) => {
        const now = performance.timeOrigin + performance.now();
        const time = [Math.floor(now / 1e3), Math.round((now % 1e3) * 1e6)];
        return previous ? [time[0] - previous[0], time[1] - previous[1]] : time;
      },
      { bigint: () => BigInt(Math.round((performance.timeOrigin + performance.now()) * 1e6)) },
    ),
    uptime: () => performance.now() / 1e3,
    // Electron's internal bindings, as far as @electron/remote's renderer half reads them: hidden
    // values (the context id of this page among them) and the feature flags.
    _linkedBinding: (name) => {
      if (name === 'electron_common_v8_util') return v8Util;
      if (name === 'electron_common_features') return { isDesktopCapturerEnabled: () => true, isViewApiEnabled: () => true };
      throw new Error(`No such binding: ${name}`);
    },
  });
  let require = () => sandboxedRequire;
  if (config.node) {
    // nodeIntegration (or sandbox: false): Node's require in the preload, and with
    // contextIsolation: false the page's own scripts get require, module, process and friends.
    const node = nodeLayer(config.node, { unsupported, EventEmitter, modules, process, preloadModules, nodeExchange });
    require = (file) => node.makeRequire(node.path.dirname(file));
    if (config.node.pageGlobals) {
      const isFile = location.protocol === 'file:';
      const filename = isFile ? decodeURIComponent(location.pathname) : location.href;
      // A page that is no file (an app's custom scheme, http) requires from the app's folder, as in
      // Electron (lib/renderer/init.ts: module.paths of the app path).
      const dirname = isFile ? node.path.dirname(filename) : config.node.appPath || config.process.cwd;
      const pageModule = { id: '.', filename, exports: {}, loaded: false, children: [], paths: [] };
      Object.assign(globalThis, {
        require: node.makeRequire(dirname),
        module: pageModule,
        exports: pageModule.exports,
        __filename: filename,
        __dirname: dirname,
        process,
        global: globalThis,
        setImmediate: modules.timers.setImmediate,
        clearImmediate: modules.timers.clearImmediate,
        Buffer: node.Buffer,
      });
    }
  }
  if (!preloads.length) return preloadsDone();
  // The session's preloads (session.setPreloads) run first, then the window's own, as in Electron.
  for (const [file, runPreload] of preloads) {
    const module = { exports: {} };
    try {
      runPreload.call(globalThis, require(file), process, module, module.exports, globalThis, modules.timers.setImmediate, clearTimeout);
    } catch (error) {
      console.error(`Unable to load preload script: ${file}`);
      console.error(error);
    }
  }
  preloadsDone();
  // Electron emits 'loaded' once its renderer init (the preload included) is done, before the
  // page's scripts run: preloads use process.once('loaded', ...) to finish their setup.
  try {
    process.emit('loaded');
  } catch (error) {
    console.error(error);
  }
}
/* eslint-enable */

const PRELOAD_PARAMS = 'require, process, module, exports, global, setImmediate, clearImmediate';
/**
 * Source of a preload wrapped as a function, or a function that reports why it cannot load. An
 * unsandboxed `.mjs` preload is an ES module (preload-esm.cjs); a sandboxed one is a plain script.
 * @param {string} preloadPath
 * @param {boolean} unsandboxed
 * @returns {{ wrapped: string, body?: string }} body: the source that runs, for the require graph
 */
function preloadFunctionSource(preloadPath, unsandboxed) {
  let source;
  try {
    source = fs.readFileSync(preloadPath, 'utf8');
  } catch (error) {
    return {
      wrapped: `function () { throw new Error(${JSON.stringify(`ENOENT: cannot read preload ${preloadPath}: ${error.message}`)}); }`,
    };
  }
  const body = (unsandboxed && esmPreloadBody(source, preloadPath)) || source;
  const wrapped = `function (${PRELOAD_PARAMS}) {\n${body}\n}`;
  try {
    new vm.Script(`(${wrapped})`, { filename: preloadPath });
  } catch (error) {
    return { wrapped: `function () { throw new SyntaxError(${JSON.stringify(String(error.message))}); }` };
  }
  return { wrapped, body };
}

/**
 * @param {{ binding: string, dispatcher: string, holdPrefix: string, openPrefix: string, preloadPath?: string,
 *   sessionPreloads?: string[], process: object, node?: object }} config `node` (nodeIntegration or an
 *   unsandboxed preload) is pageNode's config; `sessionPreloads` run before `preloadPath`
 */
function buildBootstrapScript(config) {
  const preloadPaths = [...(config.sessionPreloads ?? []), ...(config.preloadPath ? [config.preloadPath] : [])];
  const pageConfig = {
    binding: config.binding,
    dispatcher: config.dispatcher,
    holdPrefix: config.holdPrefix,
    syncPath: config.syncPath,
    syncToken: config.syncToken,
    openPrefix: config.openPrefix,
    preloadPath: config.preloadPath || '',
    process: config.process,
    node: config.node,
    subFrames: config.subFrames === true,
  };
  const unsandboxed = Boolean(config.node);
  const built = preloadPaths.map((file) => [file, preloadFunctionSource(file, unsandboxed)]);
  const preloads = `[${built.map(([file, { wrapped }]) => `[${JSON.stringify(file)}, ${wrapped}]`).join(', ')}]`;
  // An unsandboxed preload's require graph is compiled in (preload-modules.cjs), one graph for all.
  const roots = unsandboxed ? built.filter(([, { body }]) => body !== undefined).map(([file, { body }]) => [file, body]) : [];
  const modulesSource = roots.length ? preloadModulesSource(roots) : 'null';
  const nodeLayer = config.node ? String(pageNode) : 'null';
  return `(${pageMain})(${JSON.stringify(pageConfig)}, ${encodeIpcValue}, ${decodeIpcValue}, ${preloads}, ${nodeLayer}, ${pageNavigation}, ${pageElectronModules}, ${pageContextMenu}, ${modulesSource});`;
}

module.exports = { buildBootstrapScript };
