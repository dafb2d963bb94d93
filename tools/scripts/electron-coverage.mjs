// Generates docs/electron-coverage.md: every main-process module and class that the pinned
// Electron's own typings (node_modules/electron-typings/electron.d.ts, namespace Electron.Main) declare,
// each of their methods, and what the Electron stand-in (libs/testing/fake-electron) does for it.
// The stand-in's `require('electron')` table is loaded in this process without starting Chromium.
// Usage: node tools/scripts/electron-coverage.mjs [--write | --check] [--doc <file>]
//   (no flag) prints the document; --write writes it; --check exits 1 when the file differs.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';

const root = join(import.meta.dirname, '../..');
const require = createRequire(join(root, 'package.json'));
const ts = require('typescript');
const RUNTIME = join(root, 'libs/testing/fake-electron/runtime');
const DOC = 'docs/electron-coverage.md';

/** Methods every Electron emitter declares once per event; the events are not the API surface counted here. */
const EVENT_METHODS = new Set(['on', 'off', 'once', 'addListener', 'removeListener']);
/** A function (or module getter) may say what it is: `fn[Symbol.for('fake-electron.coverage')] = 'inert'`. */
const MARKER = Symbol.for('fake-electron.coverage');
const STATUSES = ['implemented', 'inert', 'throws', 'missing'];
/** The classes apps use most (issue 36's list): the goal is 90% of their methods present. */
const MOST_USED = [
  ['app', ['app']],
  ['BrowserWindow', ['BrowserWindow']],
  ['BaseWindow', ['BaseWindow']],
  ['WebContents', ['webContents', 'WebContents']],
  ['WebContentsView', ['WebContentsView']],
  ['session', ['session', 'Session']],
  ['Menu', ['Menu']],
  ['dialog', ['dialog']],
  ['ipcMain', ['ipcMain']],
  ['net', ['net']],
  ['protocol', ['protocol']],
  ['shell', ['shell']],
  ['Notification', ['Notification']],
  ['Tray', ['Tray']],
  ['utilityProcess', ['utilityProcess', 'UtilityProcess']],
];
/** Instances the stand-in creates without a window, for classes it does not export by name. */
const REACH = {
  CommandLine: (e) => e.app.commandLine,
  Dock: (e) => e.app.dock,
  Cookies: (e) => e.session.defaultSession.cookies,
  WebRequest: (e) => e.session.defaultSession.webRequest,
  ServiceWorkers: (e) => e.session.defaultSession.serviceWorkers,
  Extensions: (e) => e.session.defaultSession.extensions,
  Session: (e) => e.session.defaultSession,
};

// ---- the typings -------------------------------------------------------------------------------

function readTypings() {
  const file = join(root, 'node_modules/electron-typings/electron.d.ts');
  const version = JSON.parse(readFileSync(join(root, 'node_modules/electron-typings/package.json'), 'utf8')).version;
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const electron = source.statements.find((s) => ts.isModuleDeclaration(s) && s.name.text === 'Electron');
  /** name -> class or interface declaration(s) directly in namespace Electron */
  const decls = new Map();
  /** The main process's `require('electron')`: namespace Main (main-only) plus Common (shared with renderers). */
  const namespaces = [];
  for (const statement of electron.body.statements) {
    if (ts.isModuleDeclaration(statement) && ['Main', 'Common'].includes(statement.name.text)) namespaces.push(statement);
    if ((ts.isClassDeclaration(statement) || ts.isInterfaceDeclaration(statement)) && statement.name) {
      decls.set(statement.name.text, [...(decls.get(statement.name.text) ?? []), statement]);
    }
  }
  const isStatic = (member) => member.modifiers?.some((m) => m.kind === ts.SyntaxKind.StaticKeyword) ?? false;
  /** Methods of a declaration and of the Electron classes it extends: { name, static }. */
  function methodsOf(name, seen = new Set()) {
    if (seen.has(name)) return [];
    seen.add(name);
    const out = [];
    for (const decl of decls.get(name) ?? []) {
      for (const member of decl.members) {
        if (!(ts.isMethodDeclaration(member) || ts.isMethodSignature(member)) || !member.name) continue;
        const method = member.name.getText(source);
        if (!EVENT_METHODS.has(method)) out.push({ name: method, static: isStatic(member) });
      }
      for (const clause of decl.heritageClauses ?? []) {
        for (const type of clause.types) {
          const base = type.expression.getText(source).replace(/^Electron\./, '');
          if (decls.has(base)) out.push(...methodsOf(base, seen));
        }
      }
    }
    const unique = new Map(out.map((m) => [`${m.static ? 'static ' : ''}${m.name}`, m]));
    return [...unique.values()];
  }
  const isClass = (name) => (decls.get(name) ?? []).some((d) => ts.isClassDeclaration(d));

  const statements = namespaces.flatMap((ns) => ns.body.statements);
  const exportedClasses = new Set(statements.filter((s) => ts.isClassDeclaration(s) && s.name).map((s) => s.name.text));
  const exportsList = [];
  const instanceClasses = [];
  const seen = new Set();
  for (const statement of statements) {
    if (ts.isVariableStatement(statement)) {
      for (const d of statement.declarationList.declarations) {
        const typeText = d.type.getText(source);
        const typeof_ = /^typeof (\w+)$/.exec(typeText);
        if (typeof_) {
          // `const session: typeof Session`: the module is the class's statics.
          exportsList.push({ name: d.name.text, kind: 'module', methods: methodsOf(typeof_[1]).filter((m) => m.static) });
        } else {
          exportsList.push({ name: d.name.text, kind: 'module', methods: methodsOf(typeText).filter((m) => !m.static) });
        }
      }
    } else if (ts.isClassDeclaration(statement) && statement.name) {
      exportsList.push({ name: statement.name.text, kind: 'class', methods: methodsOf(statement.name.text) });
    } else if (ts.isTypeAliasDeclaration(statement)) {
      const target = /^Electron\.(\w+)$/.exec(statement.type.getText(source))?.[1];
      // A class the main process hands out but does not export (WebContents, Session, Cookies...).
      if (target && isClass(target) && !exportedClasses.has(target) && !seen.has(target)) {
        seen.add(target);
        instanceClasses.push({ name: target, kind: 'instance class', methods: methodsOf(target).filter((m) => !m.static) });
      }
    }
  }
  const byName = (a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  const unique = [...new Map(exportsList.map((e) => [e.name, e])).values()];
  return { version, exportsList: unique.sort(byName), instanceClasses: instanceClasses.sort(byName) };
}

// ---- the stand-in ------------------------------------------------------------------------------

/** The body of a function's source as a TypeScript node, or undefined when it is native or unparsable. */
function functionBody(fn) {
  const text = Function.prototype.toString.call(fn);
  if (/\{\s*\[native code\]\s*\}$/.test(text)) return undefined;
  for (const wrapped of [`(${text})`, `({ ${text} })`]) {
    const file = ts.createSourceFile('f.js', wrapped, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
    if (file.parseDiagnostics.length > 0) continue;
    let found;
    const visit = (node) => {
      if (found) return;
      if (ts.isFunctionLike(node) && node.body) found = node.body;
      else ts.forEachChild(node, visit);
    };
    visit(file);
    if (found) return found;
  }
  return undefined;
}

const CONSTANT_KINDS = new Set([
  ts.SyntaxKind.TrueKeyword,
  ts.SyntaxKind.FalseKeyword,
  ts.SyntaxKind.NullKeyword,
  ts.SyntaxKind.ThisKeyword,
  ts.SyntaxKind.NumericLiteral,
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
]);
function isConstant(expression) {
  if (!expression) return true;
  if (CONSTANT_KINDS.has(expression.kind)) return true;
  if (ts.isIdentifier(expression) && expression.text === 'undefined') return true;
  if (ts.isVoidExpression(expression)) return true;
  if (ts.isParenthesizedExpression(expression)) return isConstant(expression.expression);
  if (ts.isArrayLiteralExpression(expression)) return expression.elements.length === 0;
  if (ts.isObjectLiteralExpression(expression)) return expression.properties.length === 0;
  // Promise.resolve() / Promise.resolve(<constant>)
  if (ts.isCallExpression(expression) && expression.expression.getText?.() === 'Promise.resolve')
    return expression.arguments.every(isConstant);
  return false;
}

/**
 * implemented: it does something; inert: its body is empty or returns a constant (a value, [], {},
 * this, a resolved promise of one); throws: its first statement throws. A marker on the function wins.
 */
function classify(fn) {
  if (fn[MARKER]) return fn[MARKER];
  const body = functionBody(fn);
  if (!body) return 'implemented';
  if (!ts.isBlock(body)) return isConstant(body) ? 'inert' : 'implemented';
  const [first] = body.statements;
  if (!first) return 'inert';
  if (ts.isThrowStatement(first)) return 'throws';
  if (body.statements.length === 1 && ts.isReturnStatement(first) && isConstant(first.expression)) return 'inert';
  return 'implemented';
}

/** A method found on an object or its prototype chain (not Object.prototype), without calling getters. */
function findMethod(target, name) {
  for (let o = target; o && o !== Object.prototype && o !== Function.prototype; o = Object.getPrototypeOf(o)) {
    const d = Object.getOwnPropertyDescriptor(o, name);
    if (!d) continue;
    return typeof d.value === 'function' ? d.value : undefined;
  }
  return undefined;
}

function loadStandIn() {
  const load = createRequire(join(RUNTIME, 'electron.cjs'));
  const electron = load('./electron.cjs');
  // The classes the runtime's modules export by name (WebContents, Session, ...), for instance methods.
  const classes = new Map();
  for (const [file, mod] of Object.entries(require.cache).sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (!file.startsWith(RUNTIME)) continue;
    for (const [name, value] of Object.entries(mod.exports ?? {})) {
      if (typeof value === 'function' && value.prototype && /^[A-Z]/.test(name) && !classes.has(name)) classes.set(name, value);
    }
  }
  return { electron, classes };
}

/** What the stand-in has for one export: { present, status, methods: { [key]: status } } */
function standInExport(standIn, entry) {
  const descriptor = Object.getOwnPropertyDescriptor(standIn.electron, entry.name);
  let value;
  let status = 'missing';
  if (descriptor) {
    try {
      value = descriptor.get ? descriptor.get.call(standIn.electron) : descriptor.value;
      status = value === undefined ? 'missing' : (value?.[MARKER] ?? 'implemented');
    } catch {
      status = 'throws';
    }
  }
  const methods = {};
  for (const m of entry.methods) {
    const owner = entry.kind === 'class' && !m.static ? value?.prototype : value;
    const fn = owner === undefined || owner === null ? undefined : findMethod(owner, m.name);
    methods[key(m)] = status === 'throws' ? 'throws' : fn ? classify(fn) : 'missing';
  }
  return { present: status !== 'missing', status, methods };
}

function standInInstance(standIn, entry) {
  let target = standIn.classes.get(entry.name)?.prototype;
  if (!target && REACH[entry.name]) {
    try {
      target = REACH[entry.name](standIn.electron) ?? undefined;
    } catch {
      target = undefined;
    }
  }
  const methods = {};
  for (const m of entry.methods) {
    const fn = target ? findMethod(target, m.name) : undefined;
    methods[key(m)] = fn ? classify(fn) : 'missing';
  }
  return { present: Boolean(target), status: target ? 'implemented' : 'missing', methods };
}

const key = (m) => (m.static ? `static ${m.name}` : m.name);

// ---- the document ------------------------------------------------------------------------------

function counts(methods) {
  const c = { implemented: 0, inert: 0, throws: 0, missing: 0 };
  for (const s of Object.values(methods)) c[s] += 1;
  return c;
}
const pct = (n, d) => (d === 0 ? '–' : `${Math.floor((100 * n) / d)}%`);

function render() {
  const typings = readTypings();
  const standIn = loadStandIn();
  const rows = new Map();
  for (const entry of typings.exportsList) rows.set(entry.name, { entry, ...standInExport(standIn, entry) });
  for (const entry of typings.instanceClasses) rows.set(entry.name, { entry, ...standInInstance(standIn, entry) });

  const exportsPresent = typings.exportsList.filter((e) => rows.get(e.name).present).length;
  const all = Object.assign(
    {},
    ...[...rows.values()].map((r) => Object.fromEntries(Object.entries(r.methods).map(([k, v]) => [`${r.entry.name}.${k}`, v]))),
  );
  const total = counts(all);
  const methodCount = Object.keys(all).length;
  const lines = [];
  const runtimeDir = relative(root, RUNTIME);
  lines.push(
    '# Electron API coverage of the stand-in',
    '',
    `<!-- Generated by tools/scripts/electron-coverage.mjs (\`npm run gen\`); \`reference:docs-check\` fails when it is stale. Do not edit. -->`,
    '',
    `What the Electron stand-in ([${runtimeDir}](../${runtimeDir})) does for every main-process module, class`,
    `and method that Electron ${typings.version}'s own typings declare (\`node_modules/electron-typings/electron.d.ts\`,`,
    'namespaces `Electron.Main` and `Electron.Common`; the devDependency `electron-typings` is the `electron` package',
    "pinned, installed without its binary). The stand-in's",
    "`require('electron')` table is loaded without starting Chromium, and each method's source is read:",
    '',
    '- **implemented**: the method does something (its body is more than a constant);',
    '- **inert**: it exists and does nothing: an empty body, or it returns a constant (`false`, `[]`, `this`, a resolved promise);',
    '- **throws**: its first statement throws (the stand-in cannot honour it and says so);',
    '- **missing**: the stand-in has no such method (a call is a `TypeError`), or no such module or class.',
    '',
    "A function can state its class itself: `fn[Symbol.for('fake-electron.coverage')] = 'inert'` (or `'throws'`,",
    "`'implemented'`). The per-event `on`/`off`/`once`/`addListener`/`removeListener` overloads are not counted.",
    'Instance classes the main process hands out without exporting them (WebContents, Session, Cookies…) are read from',
    'the class of that name a runtime module exports, or from an instance reachable without a window',
    '(`app.commandLine`, `session.defaultSession.cookies`…); otherwise they count as missing.',
    '',
    `**Summary: ${exportsPresent} of ${typings.exportsList.length} main-process modules and classes present; ` +
      `${methodCount - total.missing} of ${methodCount} methods present (${total.implemented} implemented, ${total.inert} inert, ${total.throws} throw), ` +
      `${total.missing} missing.**`,
    '',
    '## The classes apps use most',
    '',
    'Goal (issue 36): at least 90% of their methods present.',
    '',
    '| module / class | methods | present | implemented | inert | throws | missing |',
    '|---|---:|---:|---:|---:|---:|---:|',
  );
  for (const [label, parts] of MOST_USED) {
    const methods = Object.assign({}, ...parts.filter((p) => rows.has(p)).map((p) => rows.get(p).methods));
    const c = counts(methods);
    const n = Object.keys(methods).length;
    const what = parts.length > 1 ? `${label} (\`${parts[0]}\` + ${parts[1]} instances)` : label;
    lines.push(`| ${what} | ${n} | ${pct(n - c.missing, n)} | ${c.implemented} | ${c.inert} | ${c.throws} | ${c.missing} |`);
  }
  lines.push(
    '',
    '## Every module and class',
    '',
    '| name | kind | in the stand-in | methods | implemented | inert | throws | missing |',
    '|---|---|---|---:|---:|---:|---:|---:|',
  );
  for (const { entry, status, methods } of rows.values()) {
    const c = counts(methods);
    lines.push(
      `| ${entry.name} | ${entry.kind} | ${status} | ${entry.methods.length} | ${c.implemented} | ${c.inert} | ${c.throws} | ${c.missing} |`,
    );
  }
  lines.push('', '## Methods', '');
  for (const { entry, methods } of rows.values()) {
    if (entry.methods.length === 0) continue;
    lines.push(`### ${entry.name}`, '');
    for (const status of STATUSES) {
      const names = Object.keys(methods)
        .filter((k) => methods[k] === status)
        .sort();
      if (names.length) lines.push(`- ${status}: ${names.map((n) => `\`${n}\``).join(', ')}`);
    }
    lines.push('');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

const args = process.argv.slice(2);
const docIndex = args.indexOf('--doc');
const docPath = resolve(root, docIndex >= 0 ? args[docIndex + 1] : DOC);
const text = render();
if (args.includes('--write')) {
  writeFileSync(docPath, text);
  console.error(`wrote ${relative(root, docPath)}`);
} else if (args.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(docPath, 'utf8');
  } catch {}
  if (current !== text) {
    console.error(`${relative(root, docPath)} is stale: run \`npm run gen\`.`);
    process.exit(1);
  }
  console.error(`${relative(root, docPath)} is up to date`);
} else {
  process.stdout.write(text);
}
// The stand-in's modules may hold timers or handles once loaded: nothing else is left to do.
process.stdout.write('', () => process.exit(0));
