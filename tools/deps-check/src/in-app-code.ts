// Finds, in built bundles, every function whose source is sent into an app (Playwright's evaluate
// family, addInitScript, `fn.toString()`, and functions that pass a parameter on to one of those,
// such as mainAgentBody), and names what each refers to outside its own text. In the app, such a
// function has only the target's globals: a bundler helper (`__require`, `__name`, ...) or a
// module-scope name of the bundle is a ReferenceError there (CONTRIBUTING.md, "Code sent into an app").
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import ts from 'typescript';

/** Calls whose first argument Playwright serialises into the page or the main process. */
const EVALUATE_FIRST = new Set(['evaluate', 'evaluateHandle', 'evaluateAll', 'addInitScript', 'waitForFunction']);
/** Calls whose second argument it serialises (`$eval(selector, fn)`). */
const EVALUATE_SECOND = new Set(['$eval', '$$eval']);
/** Array methods whose callback gets each element of the array they are called on. */
const ITERATORS = new Set(['map', 'forEach', 'flatMap', 'filter', 'some', 'every', 'find']);
/** esbuild's runtime helpers: a sent function that names one was rewritten by the bundler. */
export const BUNDLER_HELPER =
  /^__(require|name|toESM|toCommonJS|commonJS|esm|export|reExport|spread\w*|async|await|publicField|private\w*|decorate\w*|objRest|template|using|callDispose|defProp\w*|getOwnProp\w*|hasOwnProp|getProtoOf|create|knownSymbol|typeError|forAwait|yieldStar|superGet|superSet|superWrapper|pow|restKey|accessCheck)$/;

export interface SentFunction {
  /** The bundle file and 1-based line where the function starts. */
  file: string;
  line: number;
  /** Its name when it has one (declaration, variable or named expression). */
  name?: string;
  /** Why it counts as sent: the call that takes it. */
  via: string;
  /** Names it refers to that are neither its own nor a global of the app. */
  outside: string[];
}

interface Parsed {
  path: string;
  source: ts.SourceFile;
  /** Local name -> the exported name of the chunk it is imported from. */
  imports: Map<string, string>;
  /** Exported name -> local name. */
  exports: Map<string, string>;
}

type FunctionNode = ts.FunctionDeclaration | ts.FunctionExpression | ts.ArrowFunction | ts.MethodDeclaration;
type Found =
  | { kind: 'function'; node: FunctionNode; name?: string }
  | { kind: 'param'; fn: FunctionNode; index: number; rest: boolean }
  | { kind: 'other' };

const isFunctionLike = (node: ts.Node): node is FunctionNode =>
  ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node) || ts.isArrowFunction(node) || ts.isMethodDeclaration(node);

function bindingNames(name: ts.BindingName, out: string[] = []): string[] {
  if (ts.isIdentifier(name)) out.push(name.text);
  else for (const element of name.elements) if (!ts.isOmittedExpression(element)) bindingNames(element.name, out);
  return out;
}

function unwrap(expression: ts.Expression): ts.Expression {
  let e = expression;
  while (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isNonNullExpression(e)) e = e.expression;
  return e;
}

function fromDeclaration(declaration: ts.VariableDeclaration, name: string): Found {
  const init = declaration.initializer && unwrap(declaration.initializer);
  if (ts.isIdentifier(declaration.name) && init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init))) {
    return { kind: 'function', node: init, name };
  }
  return { kind: 'other' };
}

/** Declarations a scope makes, by name (null: a named import, resolved in the chunk it comes from). Cached per scope node. */
const declared = new WeakMap<ts.Node, Map<string, Found | null>>();
function declarationsOf(scope: ts.Node): Map<string, Found | null> {
  const cached = declared.get(scope);
  if (cached) return cached;
  const names = new Map<string, Found | null>();
  const add = (name: string, found: Found | null) => {
    if (!names.has(name)) names.set(name, found);
  };
  const statementsOf = (node: ts.Node): readonly ts.Statement[] =>
    ts.isCaseBlock(node) ? node.clauses.flatMap((clause) => [...clause.statements]) : (node as ts.Block).statements;
  if (ts.isSourceFile(scope) || ts.isBlock(scope) || ts.isCaseBlock(scope) || ts.isModuleBlock(scope)) {
    for (const statement of statementsOf(scope)) {
      if (ts.isFunctionDeclaration(statement) && statement.name)
        add(statement.name.text, { kind: 'function', node: statement, name: statement.name.text });
      if (ts.isClassDeclaration(statement) && statement.name) add(statement.name.text, { kind: 'other' });
      if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) {
          for (const name of bindingNames(declaration.name)) add(name, fromDeclaration(declaration, name));
        }
      }
      if (ts.isImportDeclaration(statement) && statement.importClause) {
        const clause = statement.importClause;
        const named = clause.namedBindings;
        if (clause.name) add(clause.name.text, { kind: 'other' });
        if (named && ts.isNamespaceImport(named)) add(named.name.text, { kind: 'other' });
        if (named && ts.isNamedImports(named)) for (const element of named.elements) add(element.name.text, null);
      }
    }
  }
  // `var` is scoped to the whole function (or file), wherever in it it stands.
  const body = ts.isSourceFile(scope) ? scope : isFunctionLike(scope) && !ts.isArrowFunction(scope) ? scope.body : undefined;
  if (body) {
    const visit = (node: ts.Node): void => {
      if (node !== body && isFunctionLike(node)) return;
      if (ts.isVariableDeclarationList(node) && !(node.flags & ts.NodeFlags.BlockScoped)) {
        for (const declaration of node.declarations)
          for (const name of bindingNames(declaration.name)) add(name, fromDeclaration(declaration, name));
      }
      ts.forEachChild(node, visit);
    };
    visit(body);
  }
  declared.set(scope, names);
  return names;
}

/** What `name` at `from` refers to, looking outwards but not past `boundary` (undefined: not declared there). */
function lookup(name: string, from: ts.Node, boundary?: ts.Node): Found | undefined {
  for (let scope: ts.Node | undefined = from; scope; scope = scope.parent) {
    if (isFunctionLike(scope)) {
      // A function expression's own name, and a declaration's when it is the function being sent.
      if ((ts.isFunctionExpression(scope) || (ts.isFunctionDeclaration(scope) && scope === boundary)) && scope.name?.text === name) {
        return { kind: 'function', node: scope, name };
      }
      const index = scope.parameters.findIndex((parameter) => bindingNames(parameter.name).includes(name));
      if (index >= 0) {
        const parameter = scope.parameters[index];
        return ts.isIdentifier(parameter.name)
          ? { kind: 'param', fn: scope, index, rest: Boolean(parameter.dotDotDotToken) }
          : { kind: 'other' };
      }
    }
    if (isFunctionLike(scope) || ts.isSourceFile(scope) || ts.isBlock(scope) || ts.isCaseBlock(scope) || ts.isModuleBlock(scope)) {
      const names = declarationsOf(scope);
      if (names.has(name)) return names.get(name) ?? undefined;
    }
    if ((ts.isForStatement(scope) || ts.isForInStatement(scope) || ts.isForOfStatement(scope)) && scope.initializer) {
      if (ts.isVariableDeclarationList(scope.initializer)) {
        for (const declaration of scope.initializer.declarations)
          if (bindingNames(declaration.name).includes(name)) return { kind: 'other' };
      }
    }
    if (ts.isCatchClause(scope) && scope.variableDeclaration && bindingNames(scope.variableDeclaration.name).includes(name)) {
      return { kind: 'other' };
    }
    if ((ts.isClassDeclaration(scope) || ts.isClassExpression(scope)) && scope.name?.text === name) return { kind: 'other' };
    if (scope === boundary) return undefined;
  }
  return undefined;
}

/** Identifiers in `node` that are references (not property names, keys, labels or the names being declared). */
function references(node: ts.Node, visit: (identifier: ts.Identifier) => void): void {
  const walk = (child: ts.Node): void => {
    if (ts.isIdentifier(child)) {
      const parent = child.parent;
      const declares =
        ((ts.isVariableDeclaration(parent) ||
          ts.isParameter(parent) ||
          ts.isFunctionDeclaration(parent) ||
          ts.isFunctionExpression(parent) ||
          ts.isClassDeclaration(parent) ||
          ts.isClassExpression(parent) ||
          ts.isBindingElement(parent)) &&
          parent.name === child) ||
        (ts.isBindingElement(parent) && parent.propertyName === child);
      const isName =
        (ts.isPropertyAccessExpression(parent) && parent.name === child) ||
        ((ts.isPropertyAssignment(parent) ||
          ts.isMethodDeclaration(parent) ||
          ts.isPropertyDeclaration(parent) ||
          ts.isGetAccessorDeclaration(parent) ||
          ts.isSetAccessorDeclaration(parent)) &&
          parent.name === child) ||
        ts.isLabeledStatement(parent) ||
        ts.isBreakOrContinueStatement(parent) ||
        ts.isMetaProperty(parent);
      if (!declares && !isName) visit(child);
      return;
    }
    ts.forEachChild(child, walk);
  };
  walk(node);
}

function parse(path: string): Parsed {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const imports = new Map<string, string>();
  const exports = new Map<string, string>();
  for (const statement of source.statements) {
    if (
      ts.isImportDeclaration(statement) &&
      statement.importClause?.namedBindings &&
      ts.isNamedImports(statement.importClause.namedBindings)
    ) {
      for (const element of statement.importClause.namedBindings.elements) {
        imports.set(element.name.text, (element.propertyName ?? element.name).text);
      }
    }
    if (
      ts.isExportDeclaration(statement) &&
      !statement.moduleSpecifier &&
      statement.exportClause &&
      ts.isNamedExports(statement.exportClause)
    ) {
      for (const element of statement.exportClause.elements) exports.set(element.name.text, (element.propertyName ?? element.name).text);
    }
  }
  return { path, source, imports, exports };
}

/** Every sent function of one bundle (its files share names through imports), with what each refers to outside itself. */
export function findSentFunctions(files: readonly string[], globals: ReadonlySet<string>): SentFunction[] {
  const parsed = files.map(parse);
  const fileOf = (node: ts.Node) => parsed.find((p) => p.source === node.getSourceFile()) as Parsed;
  /** Resolves an identifier, following a named import into the chunk that exports it. */
  const resolve = (identifier: ts.Identifier): Found | undefined => {
    const found = lookup(identifier.text, identifier);
    if (found) return found;
    const imported = fileOf(identifier).imports.get(identifier.text);
    if (!imported) return undefined;
    for (const other of parsed) {
      const local = other.exports.get(imported);
      if (!local) continue;
      const there = lookup(local, other.source);
      if (there) return there;
    }
    return undefined;
  };

  const sent = new Map<FunctionNode, { name?: string; via: string }>();
  /** Named functions that pass a parameter on into an app: index, and whether every argument from it on counts. */
  const forwarders = new Map<FunctionNode, { index: number; rest: boolean }[]>();
  const nameOf = (fn: FunctionNode): string | undefined => {
    if ((ts.isFunctionDeclaration(fn) || ts.isFunctionExpression(fn)) && fn.name) return fn.name.text;
    if (ts.isMethodDeclaration(fn) && ts.isIdentifier(fn.name)) return fn.name.text;
    if (ts.isVariableDeclaration(fn.parent) && ts.isIdentifier(fn.parent.name)) return fn.parent.name.text;
    return undefined;
  };
  let changed = true;
  /** Names a call to a forwarder may use: its own, and what chunks import it as. */
  const forwarderNames = new Set<string>();
  const addForwarderName = (name: string) => {
    forwarderNames.add(name);
    for (const file of parsed) {
      const exported = [...file.exports].filter(([, local]) => local === name).map(([exportedName]) => exportedName);
      for (const other of parsed) for (const [local, imported] of other.imports) if (exported.includes(imported)) forwarderNames.add(local);
    }
  };
  const sink = (expression: ts.Expression, at: ts.Node, how: string) => {
    const via = () => `${how} at ${where(at)}`;
    const e = unwrap(expression);
    if (ts.isArrowFunction(e) || ts.isFunctionExpression(e)) {
      if (!sent.has(e)) sent.set(e, { name: e.name?.text, via: via() });
      return;
    }
    if (!ts.isIdentifier(e)) return;
    const found = resolve(e);
    if (found?.kind === 'function' && !sent.has(found.node)) sent.set(found.node, { name: found.name, via: via() });
    forward(found);
  };
  /** A parameter that reaches an app makes its named function a forwarder of that argument. */
  const forward = (found: Found | undefined): void => {
    if (found?.kind !== 'param') return;
    // `helpers.map((helper) => helper.toString())`: the callback's element comes from `helpers`.
    const call = found.fn.parent;
    if (
      !nameOf(found.fn) &&
      found.index === 0 &&
      ts.isCallExpression(call) &&
      call.arguments[0] === found.fn &&
      ts.isPropertyAccessExpression(call.expression) &&
      ITERATORS.has(call.expression.name.text) &&
      ts.isIdentifier(call.expression.expression)
    ) {
      forward(lookup(call.expression.expression.text, call.expression.expression));
      return;
    }
    const forwarder = nameOf(found.fn);
    if (forwarder) {
      addForwarderName(forwarder);
      const list = forwarders.get(found.fn) ?? [];
      if (!list.some((f) => f.index === found.index)) {
        list.push({ index: found.index, rest: found.rest });
        forwarders.set(found.fn, list);
        changed = true;
      }
    }
  };
  const line = (node: ts.Node) => node.getSourceFile().getLineAndCharacterOfPosition(node.getStart()).line + 1;
  const where = (node: ts.Node) => `${fileOf(node).path.split('/').slice(-1)[0]}:${line(node)}`;
  // The first pass keeps the calls that may send something; later passes (a new forwarder found) only revisit those.
  let calls: ts.CallExpression[] | undefined;
  const visitCall = (node: ts.CallExpression): boolean => {
    const callee = unwrap(node.expression);
    const method = ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined;
    if (method && EVALUATE_FIRST.has(method) && node.arguments[0]) sink(node.arguments[0], node, `.${method}()`);
    if (method && EVALUATE_SECOND.has(method) && node.arguments[1]) sink(node.arguments[1], node, `.${method}()`);
    if (method === 'toString' && node.arguments.length === 0 && ts.isPropertyAccessExpression(callee)) {
      sink(callee.expression, node, '.toString()');
    }
    if (ts.isIdentifier(callee) && forwarderNames.has(callee.text)) {
      const target = resolve(callee);
      const forwarded = target?.kind === 'function' ? forwarders.get(target.node) : undefined;
      for (const { index, rest } of forwarded ?? []) {
        const args = rest ? node.arguments.slice(index) : node.arguments.slice(index, index + 1);
        for (const arg of args) sink(arg, node, `${callee.text}()`);
      }
    }
    return (
      Boolean(method && (EVALUATE_FIRST.has(method) || EVALUATE_SECOND.has(method) || method === 'toString')) || ts.isIdentifier(callee)
    );
  };
  while (changed) {
    changed = false;
    if (calls) {
      for (const call of calls) visitCall(call);
      continue;
    }
    const kept: ts.CallExpression[] = [];
    for (const { source } of parsed) {
      const visit = (node: ts.Node): void => {
        if (ts.isCallExpression(node) && visitCall(node)) kept.push(node);
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    calls = kept;
  }

  return [...sent].map(([node, { name, via }]) => {
    const outside = new Set<string>();
    references(node, (identifier) => {
      const name = identifier.text;
      if (lookup(name, identifier, node)) return;
      if (BUNDLER_HELPER.test(name) || !globals.has(name)) outside.add(name);
    });
    return { file: fileOf(node).path, line: line(node), name, via, outside: [...outside].sort() };
  });
}

/**
 * The globals a sent function may use: those of a Node process (a main process is one) and the
 * browser's, as TypeScript's DOM library declares them. Nothing of a module scope: `require`,
 * `module`, `__dirname` are not globals.
 */
export function targetGlobals(): Set<string> {
  const node = execFileSync(process.execPath, ['-e', 'console.log(JSON.stringify(Object.getOwnPropertyNames(globalThis)))'], {
    encoding: 'utf8',
  });
  const names = new Set<string>(JSON.parse(node));
  const dom = readFileSync(createRequire(import.meta.url).resolve('typescript/lib/lib.dom.d.ts'), 'utf8');
  for (const match of dom.matchAll(/^declare (?:var|function|const|let|namespace) (\w+)/gm)) names.add(match[1]);
  for (const name of ['undefined', 'arguments', 'globalThis', 'NaN', 'Infinity']) names.add(name);
  for (const name of names) if (name.startsWith('__')) names.delete(name);
  return names;
}
