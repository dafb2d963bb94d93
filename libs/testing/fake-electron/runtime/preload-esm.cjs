'use strict';
// ES module preloads. Electron runs a preload that ends in `.mjs` as an ES module, through Node's
// ESM loader, when the renderer is unsandboxed (sandbox: false or nodeIntegration); a sandboxed
// renderer runs it as a plain script, where `import` is a SyntaxError (docs/tutorial/esm.md).
// The stand-in's renderer is plain Chromium with Node emulated in the page (renderer-node.cjs), so
// the module's static imports and exports are rewritten here into that layer's require: the
// module's code runs unchanged, in strict mode, before the page's scripts, with `import.meta`
// naming the preload file. Only the static forms that start a line are rewritten (what bundlers
// such as electron-vite emit); anything else stays, and fails as the SyntaxError it would be.

const { pathToFileURL } = require('node:url');
const path = require('node:path');

const SPECIFIER = String.raw`["']([^"'\n]+)["']`;
const IMPORT_FROM = new RegExp(
  String.raw`^([ \t]*)import\s+([\w$]+\s*,?\s*)?(\{[^}]*\}|\*\s*as\s+[\w$]+)?\s*from\s*${SPECIFIER}[ \t]*;?`,
  'gm',
);
const IMPORT_BARE = new RegExp(String.raw`^([ \t]*)import\s*${SPECIFIER}[ \t]*;?`, 'gm');
const EXPORT_CLAUSE = /^([ \t]*)export\s*\{([^}]*)\}(\s*from\s*["']([^"'\n]+)["'])?[ \t]*;?/gm;
const EXPORT_DEFAULT = /^([ \t]*)export\s+default\s+/gm;
const EXPORT_DECLARATION = /^([ \t]*)export\s+(?=(?:async\s+)?function\b|class\b|const\b|let\b|var\b)/gm;

/** `{ a, b as c }` of an import, as a destructuring pattern `{ a, b: c }`. */
function importPattern(clause) {
  const names = clause
    .slice(1, -1)
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [imported, local] = part.split(/\s+as\s+/);
      return local ? `${imported.replace(/^["']|["']$/g, '')}: ${local}` : imported;
    });
  return `{ ${names.join(', ')} }`;
}

/**
 * The preload's source as the body of a function of (require, module, ...), or undefined when it
 * is not an ES module preload. Exports are kept on `module.exports` (nothing imports a preload).
 * @param {string} source
 * @param {string} preloadPath
 */
function esmPreloadBody(source, preloadPath) {
  if (path.extname(preloadPath) !== '.mjs') return undefined;
  const url = pathToFileURL(preloadPath).href;
  let counter = 0;
  const body = source
    .replace(IMPORT_FROM, (_m, indent, defaultPart, clause, specifier) => {
      const id = `__esm${counter++}`;
      const lines = [`${indent}const ${id} = require(${JSON.stringify(specifier)});`];
      const defaultName = defaultPart?.replace(',', '').trim();
      // A CommonJS module's default export is its module.exports, as Node's ESM loader gives it.
      if (defaultName) lines.push(`const ${defaultName} = ${id};`);
      if (clause?.startsWith('{')) lines.push(`const ${importPattern(clause)} = ${id};`);
      else if (clause) lines.push(`const ${clause.replace(/^\*\s*as\s+/, '')} = ${id};`);
      return lines.join(' ');
    })
    .replace(IMPORT_BARE, (_m, indent, specifier) => `${indent}require(${JSON.stringify(specifier)});`)
    .replace(EXPORT_CLAUSE, (_m, indent, clause, from, specifier) => {
      const source = from ? `require(${JSON.stringify(specifier)})` : null;
      const parts = clause
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)
        .map((part) => {
          const [local, exported] = part.split(/\s+as\s+/);
          return `module.exports[${JSON.stringify(exported ?? local)}] = ${source ? `${source}[${JSON.stringify(local)}]` : local};`;
        });
      return `${indent}${parts.join(' ')}`;
    })
    .replace(EXPORT_DEFAULT, (_m, indent) => `${indent}module.exports.default = `)
    .replace(EXPORT_DECLARATION, (_m, indent) => indent)
    .replace(/\bimport\.meta\.url\b/g, JSON.stringify(url))
    .replace(/\bimport\.meta\.filename\b/g, JSON.stringify(preloadPath))
    .replace(/\bimport\.meta\.dirname\b/g, JSON.stringify(path.dirname(preloadPath)));
  return `'use strict';\n${body}`;
}

module.exports = { esmPreloadBody };
