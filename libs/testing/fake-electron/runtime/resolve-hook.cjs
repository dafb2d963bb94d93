'use strict';
// Makes `electron` (and electron/main, electron/common) resolve to the stand-in's module for
// every CommonJS require: the app's own, and the inspector's command-line `require` that
// Playwright evaluates `require('electron')` with. ESM apps get the same through a loader hook.

const Module = require('node:module');
const path = require('node:path');
const { pathToFileURL } = require('node:url');

const ELECTRON_MODULE = path.join(__dirname, 'electron.cjs');
const NAMES = new Set(['electron', 'electron/main', 'electron/common']);

function installResolveHook() {
  const original = Module._resolveFilename;
  Module._resolveFilename = function resolveFilename(request, ...rest) {
    if (NAMES.has(request)) return ELECTRON_MODULE;
    return original.call(this, request, ...rest);
  };
}

/** ESM resolution costs a loader thread, so it is only registered for ESM entry points. */
function installEsmHook() {
  Module.register(pathToFileURL(path.join(__dirname, 'esm-loader.mjs')), {
    data: { electronUrl: pathToFileURL(ELECTRON_MODULE).href },
  });
}

module.exports = { installResolveHook, installEsmHook, ELECTRON_MODULE };
