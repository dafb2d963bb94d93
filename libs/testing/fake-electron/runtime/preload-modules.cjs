'use strict';
// The modules an unsandboxed preload requires, compiled into the bootstrap script. In Electron a
// preload's require is Node's: the page's Content Security Policy does not apply to it. The
// stand-in's page-side require (renderer-node.cjs) would evaluate each module with eval, which a
// page with `script-src 'self'` refuses (stretchly: EvalError loading @electron/remote). So the
// static `require('literal')` graph of the preload is walked here, in Node, and each CommonJS file
// of it is embedded as a function (scripts injected over CDP are not subject to the page's CSP),
// with how each request resolved. Requests found only at run time still go through eval.

const fs = require('node:fs');
const path = require('node:path');
const Module = require('node:module');
const vm = require('node:vm');

const MODULE_PARAMS = 'exports, require, module, __filename, __dirname, process, Buffer, global, setImmediate, clearImmediate';
const LIMITS = { files: 2000, bytes: 4 * 1024 * 1024 };
const REQUIRE_CALL = /\brequire\(\s*(["'])([^"'\n]+)\1\s*\)/g;
const BUILTINS = new Set(Module.builtinModules);

/**
 * Source of `{ modules: { file: function | { json } }, resolved: { "dir\nrequest": file } }` for
 * the static require graph of a page's preloads, or 'null' when there is nothing to embed.
 * @param {[string, string][]} roots each preload's path and source as it will run (an .mjs one already rewritten)
 */
function preloadModulesSource(roots) {
  const modules = new Map();
  const resolved = {};
  let bytes = 0;
  const queue = [...roots];
  while (queue.length) {
    const [file, source] = queue.shift();
    const dir = path.dirname(file);
    const requireFrom = Module.createRequire(file);
    for (const match of source.matchAll(REQUIRE_CALL)) {
      const request = match[2];
      const bare = request.replace(/^node:/, '');
      if (BUILTINS.has(bare) || bare === 'electron' || bare.startsWith('electron/')) continue;
      let target;
      try {
        target = requireFrom.resolve(request);
      } catch {
        continue;
      }
      if (!path.isAbsolute(target) || !/\.(c?js|json)$/.test(target)) continue;
      resolved[`${dir}\n${request}`] = target;
      if (modules.has(target) || modules.size >= LIMITS.files) continue;
      let text;
      try {
        text = fs.readFileSync(target, 'utf8');
      } catch {
        continue;
      }
      bytes += text.length;
      if (bytes > LIMITS.bytes) return entriesSource(modules, resolved);
      if (target.endsWith('.json')) {
        modules.set(target, `{ json: ${JSON.stringify(text)} }`);
        continue;
      }
      const wrapped = `function (${MODULE_PARAMS}) {${text.replace(/^#!.*/, '')}\n}`;
      try {
        new vm.Script(`(${wrapped})`, { filename: target });
      } catch {
        continue; // left to the page's require, which reports the SyntaxError where it happens
      }
      modules.set(target, wrapped);
      queue.push([target, text]);
    }
  }
  return entriesSource(modules, resolved);
}

function entriesSource(modules, resolved) {
  if (!modules.size) return 'null';
  const entries = [...modules].map(([file, fn]) => `${JSON.stringify(file)}: ${fn}`);
  return `{ modules: {\n${entries.join(',\n')}\n}, resolved: ${JSON.stringify(resolved)} }`;
}

module.exports = { preloadModulesSource, MODULE_PARAMS };
