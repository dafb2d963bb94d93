'use strict';
// What a preload's require('electron' | 'electron/renderer' | 'electron/common') and the other
// sandboxed modules ('events', 'timers', 'url') give, built in the page by the bootstrap.

/* eslint-disable */
// Runs in the page (never in Node): keep it self-contained.
function pageElectronModules(ipcRenderer, EventEmitter) {
  // A function crosses as a proxy that calls it on the object it was found on, as Electron's
  // context bridge does (a method using `this` keeps working from the main world).
  const copyForMainWorld = (value, owner) => {
    if (typeof value === 'function') return (...args) => value.apply(owner, args);
    if (value === null || typeof value !== 'object' || value instanceof Promise || value instanceof Node) return value;
    if (Array.isArray(value)) return Object.freeze(value.map((item) => copyForMainWorld(item, value)));
    const copy = {};
    for (const key of Object.keys(value)) copy[key] = copyForMainWorld(value[key], value);
    return Object.freeze(copy);
  };
  // In Electron the preload has a window of its own (an isolated world): what it assigns there,
  // even under a name it exposed (electron-log does both), never meets the exposed value. The
  // stand-in's preloads share the page's window, so what they expose while running is defined on
  // it when they are done (still before any page script runs), replacing their own assignments.
  let pending = new Map();
  const define = (key, value) => {
    delete window[key];
    Object.defineProperty(window, key, { value, enumerable: true });
  };
  const expose = (key, api) => {
    if (key in window || pending?.has(key)) throw new Error('Cannot bind an API on top of an existing property on the window object');
    if (pending) pending.set(key, copyForMainWorld(api));
    else define(key, copyForMainWorld(api));
  };
  const preloadsDone = () => {
    const exposed = pending;
    pending = null;
    for (const [key, value] of exposed) define(key, value);
  };
  const contextBridge = {
    exposeInMainWorld: expose,
    exposeInIsolatedWorld: (_worldId, key, api) => expose(key, api),
    executeInMainWorld: ({ func, args = [] }) => func(...args),
  };
  let zoomFactor = 1;
  const webFrame = {
    getZoomFactor: () => zoomFactor,
    setZoomFactor: (factor) => {
      zoomFactor = factor;
    },
    getZoomLevel: () => Math.log(zoomFactor) / Math.log(1.2),
    setZoomLevel: (level) => {
      zoomFactor = 1.2 ** level;
    },
    setVisualZoomLevelLimits: () => {},
    insertCSS: (css) => {
      const style = document.createElement('style');
      style.textContent = css;
      document.documentElement.append(style);
      return '';
    },
    // biome-ignore lint/security/noGlobalEval: webContents.executeJavaScript runs the app's code in the page by design.
    executeJavaScript: (code) => Promise.resolve((0, eval)(code)),
  };
  // What the stand-in cannot do in a page says so where the agent looks (console logs) and throws.
  const unsupported = (what, advice) => {
    const message = `fake-electron: ${what} is not supported in renderers of the stand-in (plain Chromium, no Node.js); ${advice}`;
    console.error(message);
    return new Error(message);
  };
  const crashParameters = {};
  const crashReporter = {
    addExtraParameter: (key, value) => {
      crashParameters[key] = String(value);
    },
    removeExtraParameter: (key) => {
      delete crashParameters[key];
    },
    getParameters: () => ({ ...crashParameters }),
  };
  const nativeImage = new Proxy(
    {},
    {
      get: (_target, name) =>
        typeof name === 'string' && name !== 'then'
          ? () => {
              throw unsupported(`nativeImage.${name}`, 'create images in the main process and send them over IPC.');
            }
          : undefined,
    },
  );
  const rendererModules = { ipcRenderer, contextBridge, webFrame, webUtils: { getPathForFile: (file) => file.path || '' } };
  const commonModules = { crashReporter, nativeImage };
  const modules = {
    electron: { ...rendererModules, ...commonModules },
    'electron/renderer': rendererModules,
    'electron/common': commonModules,
    events: EventEmitter,
    timers: {
      setTimeout,
      clearTimeout,
      setInterval,
      clearInterval,
      setImmediate: (fn, ...args) => setTimeout(fn, 0, ...args),
      clearImmediate: clearTimeout,
    },
    url: { URL, URLSearchParams },
  };
  return { modules, unsupported, preloadsDone };
}
/* eslint-enable */

module.exports = { pageElectronModules };
