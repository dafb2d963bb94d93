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
 * True when one of the app's dependencies is an ES module package (`"type": "module"`, or
 * an `import` / `.mjs` entry in `exports` / `main`): its `import ... from 'electron'` needs the
 * ESM hook even though the app's own entry is CommonJS.
 * @param {string} appDir
 * @param {Record<string, any>} appPackage
 */
function hasEsmDependency(appDir, appPackage) {
  const fs = require('node:fs');
  // The app's direct dependencies, and every package installed at the top of its node_modules
  // (npm hoists transitive dependencies there): one package.json read each.
  const names = new Set(Object.keys({ ...appPackage.dependencies, ...appPackage.optionalDependencies }));
  const installed = path.join(appDir, 'node_modules');
  for (const entry of safeReaddir(installed)) {
    if (entry.startsWith('.')) continue;
    if (entry.startsWith('@')) for (const scoped of safeReaddir(path.join(installed, entry))) names.add(`${entry}/${scoped}`);
    else names.add(entry);
  }
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

function safeReaddir(dir) {
  try {
    return require('node:fs').readdirSync(dir);
  } catch {
    return [];
  }
}

/**
 * On a Node with `module.registerHooks` (22.15+, 23.5+; the Node 24 the stand-in runs), installs a
 * synchronous in-thread resolve hook that maps `electron` for every module loader: `import`, `require`,
 * and the ES modules that `require()` loads (require(esm), e.g. electron-store from a bundled CommonJS
 * main), which neither Module._resolveFilename nor a Module.register loader sees. It costs no thread,
 * so it is installed for every app. Returns false on an older Node (then installEsmHook is the way).
 */
function installSyncHooks() {
  if (typeof Module.registerHooks !== 'function') return false;
  const url = pathToFileURL(ELECTRON_MODULE).href;
  Module.registerHooks({
    resolve(specifier, context, nextResolve) {
      if (NAMES.has(specifier)) return { url, format: 'commonjs', shortCircuit: true };
      return nextResolve(specifier, context);
    },
  });
  return true;
}

/**
 * ESM resolution through Module.register costs a loader thread (30-270 ms, 13 MB here), so on a Node
 * without registerHooks it is registered only for ESM entry points and apps with an ES module
 * dependency (hasEsmDependency).
 */
function installEsmHook() {
  Module.register(pathToFileURL(path.join(__dirname, 'esm-loader.mjs')), {
    data: { electronUrl: pathToFileURL(ELECTRON_MODULE).href },
  });
}

module.exports = { installResolveHook, installSyncHooks, installEsmHook, hasEsmDependency, ELECTRON_MODULE };
