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

/**
 * True when one of the app's direct dependencies is an ES module package (`"type": "module"`, or
 * an `import` / `.mjs` entry in `exports` / `main`): its `import ... from 'electron'` needs the
 * ESM hook even though the app's own entry is CommonJS.
 * @param {string} appDir
 * @param {Record<string, any>} appPackage
 */
function hasEsmDependency(appDir, appPackage) {
  const fs = require('node:fs');
  const names = Object.keys({ ...appPackage.dependencies, ...appPackage.optionalDependencies });
  for (const name of names) {
    // Found as Node finds it (node_modules folders up from the app), not through require.resolve:
    // a package's `exports` may not export its package.json.
    const file = Module._nodeModulePaths(appDir)
      .map((folder) => path.join(folder, name, 'package.json'))
      .find((candidate) => fs.existsSync(candidate));
    let manifest;
    try {
      manifest = JSON.parse(fs.readFileSync(file ?? '', 'utf8'));
    } catch {
      continue;
    }
    if (manifest.type === 'module' || String(manifest.main ?? '').endsWith('.mjs')) return true;
    if (manifest.exports && /"import"|\.mjs"/.test(JSON.stringify(manifest.exports))) return true;
  }
  return false;
}

/**
 * ESM resolution costs a loader thread (30-270 ms, 13 MB here), so it is registered only for ESM
 * entry points and apps with an ES module dependency (hasEsmDependency).
 */
function installEsmHook() {
  Module.register(pathToFileURL(path.join(__dirname, 'esm-loader.mjs')), {
    data: { electronUrl: pathToFileURL(ELECTRON_MODULE).href },
  });
}

module.exports = { installResolveHook, installEsmHook, hasEsmDependency, ELECTRON_MODULE };
