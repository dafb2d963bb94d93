// A failure's meaning lives in one place (ADR-0040): a throw site gives a code, a message and facts
// (`details`); the code's registry entry alone gives the hint, the next actions and `retryable`.
// This reads every product source with TypeScript's parser, plugins included, and fails when a
// `new ToolError(...)` sets anything but details/cause, throws a code no registry declares, or a
// registry declares a code twice.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
const ALLOWED_OPTIONS = new Set(['details', 'cause']);

/** Codes built at run time, each with why it cannot name an undeclared code. */
const DYNAMIC_CODES: Record<string, string> = {
  'libs/driver/src/session/explain-failure.ts explained.code':
    'rethrows a ToolError already thrown (and checked) elsewhere, adding details',
  'libs/sdk/src/main-agent.ts `${this.spec.plugin}.${result.failure}`':
    "a plugin's main-process agent names its own code; the plugin boundary refuses codes the plugin did not declare",
};

function sources(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'fixtures' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) sources(path, out);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

function parse(path: string): ts.SourceFile {
  return ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
}

function walk(node: ts.Node, visit: (node: ts.Node) => void): void {
  visit(node);
  ts.forEachChild(node, (child) => walk(child, visit));
}

function keyOf(property: ts.ObjectLiteralElementLike): string | undefined {
  const name = property.name;
  if (!name) return undefined;
  return ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : name.getText();
}

/** The keys of an object literal, duplicates kept (a registry may declare a code once). */
function keys(literal: ts.ObjectLiteralExpression): string[] {
  return literal.properties.map(keyOf).filter((key): key is string => key !== undefined);
}

function unwrap(node: ts.Expression): ts.Expression {
  let current = node;
  while (ts.isAsExpression(current) || ts.isSatisfiesExpression(current) || ts.isParenthesizedExpression(current))
    current = current.expression;
  return current;
}

/** The core registry and each plugin's `errorCodes`, read from the sources. */
function registries(): { core: string[]; plugins: Map<string, string[]> } {
  let core: string[] = [];
  walk(parse(join(ROOT, 'libs/sdk/src/errors.ts')), (node) => {
    if (ts.isVariableDeclaration(node) && node.name.getText() === 'CORE_ERROR_CODES' && node.initializer) {
      core = keys(unwrap(node.initializer) as ts.ObjectLiteralExpression);
    }
  });
  const plugins = new Map<string, string[]>();
  for (const name of readdirSync(join(ROOT, 'libs/plugins'))) {
    for (const file of sources(join(ROOT, 'libs/plugins', name, 'src'))) {
      if (!readFileSync(file, 'utf8').includes('errorCodes')) continue;
      const source = parse(file);
      walk(source, (node) => {
        if (!ts.isPropertyAssignment(node) || keyOf(node) !== 'errorCodes') return;
        // The literal, or `errorCodes: TABLE` with `const TABLE = { ... }` in the same file.
        const table = ts.isIdentifier(node.initializer) ? tableNamed(source, node.initializer.text) : node.initializer;
        if (table && ts.isObjectLiteralExpression(table)) plugins.set(name, [...(plugins.get(name) ?? []), ...keys(table)]);
      });
    }
  }
  return { core, plugins };
}

/** The initializer of `const <name> = ...` in the file, unwrapped (`as const`, `satisfies`). */
function tableNamed(file: ts.SourceFile, name: string): ts.Expression | undefined {
  let found: ts.Expression | undefined;
  walk(file, (node) => {
    if (ts.isVariableDeclaration(node) && node.name.getText() === name && node.initializer) found = unwrap(node.initializer);
  });
  return found;
}

/** The string literals a code expression can evaluate to, or undefined when it is computed. */
function literalCodes(expression: ts.Expression, file: ts.SourceFile): string[] | undefined {
  const node = unwrap(expression);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isConditionalExpression(node)) {
    const [a, b] = [literalCodes(node.whenTrue, file), literalCodes(node.whenFalse, file)];
    return a && b ? [...a, ...b] : undefined;
  }
  // `TABLE[key]` with `const TABLE = { ... }` in the same file: every value of the table.
  if (ts.isElementAccessExpression(node) && ts.isIdentifier(node.expression)) {
    let values: string[] | undefined;
    walk(file, (candidate) => {
      if (ts.isVariableDeclaration(candidate) && candidate.name.getText() === node.expression.getText() && candidate.initializer) {
        const table = unwrap(candidate.initializer);
        if (ts.isObjectLiteralExpression(table)) {
          values = table.properties.flatMap((p) => (ts.isPropertyAssignment(p) ? (literalCodes(p.initializer, file) ?? []) : []));
        }
      }
    });
    return values;
  }
  return undefined;
}

interface Finding {
  site: string;
  problem: string;
}

/** Every `new ToolError(...)` in the given sources that breaks the rule, and how many sites there are. */
function checkThrowSites(files: readonly ts.SourceFile[], core: readonly string[], plugins: ReadonlyMap<string, readonly string[]>) {
  const declared = new Set<string>(core);
  for (const [plugin, codes] of plugins) for (const code of codes) declared.add(`${plugin}.${code}`);
  const findings: Finding[] = [];
  let sites = 0;
  for (const file of files) {
    const rel = relative(ROOT, file.fileName);
    walk(file, (node) => {
      if (!ts.isNewExpression(node) || node.expression.getText() !== 'ToolError') return;
      sites++;
      const site = `${rel}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
      const [code, , options] = node.arguments ?? [];
      if (options) {
        const literal = unwrap(options);
        if (!ts.isObjectLiteralExpression(literal))
          findings.push({ site, problem: `options are not an object literal: ${options.getText()}` });
        else
          for (const property of literal.properties) {
            const key = keyOf(property);
            if (!key || !ALLOWED_OPTIONS.has(key))
              findings.push({ site, problem: `sets ${key ?? property.getText()} (only details and cause)` });
          }
      }
      if (!code) {
        findings.push({ site, problem: 'no code' });
        return;
      }
      const codes = literalCodes(code, file);
      if (!codes) {
        if (!DYNAMIC_CODES[`${rel} ${code.getText()}`]) findings.push({ site, problem: `computed code ${code.getText()}` });
        return;
      }
      for (const value of codes) if (!declared.has(value)) findings.push({ site, problem: `throws ${value}, which no registry declares` });
    });
  }
  return { sites, findings };
}

function duplicates(list: readonly string[]): string[] {
  return list.filter((code, i) => list.indexOf(code) !== i);
}

describe('a failure is given its meaning in one place', () => {
  const { core, plugins } = registries();
  const files = [...sources(join(ROOT, 'apps')), ...sources(join(ROOT, 'libs'))];

  it('every code has exactly one registry entry', () => {
    expect(core.length).toBeGreaterThan(40);
    expect(plugins.size).toBeGreaterThanOrEqual(9);
    expect(duplicates(core)).toEqual([]);
    for (const [plugin, codes] of plugins) expect(duplicates(codes), plugin).toEqual([]);
  });

  it('no throw site sets a hint, next actions or retryable, or throws an undeclared code (plugins included)', () => {
    const throwing = files.filter((file) => readFileSync(file, 'utf8').includes('new ToolError('));
    const { sites, findings } = checkThrowSites(throwing.map(parse), core, plugins);
    expect(sites).toBeGreaterThan(200);
    expect(files.some((file) => file.includes('/libs/plugins/'))).toBe(true);
    expect(findings).toEqual([]);
  });

  it('catches each kind of breach', () => {
    const planted = join(ROOT, 'libs/plugins/clock/src/planted.ts');
    const source = [
      "new ToolError('NO_SESSION', 'm', { hint: 'h' });",
      "new ToolError('NO_SESSION', 'm', { next: ['electron_stop'], retryable: true });",
      "new ToolError('NOT_A_CODE', 'm');",
      "new ToolError('clock.NOT_A_CODE', 'm', { details: { a: 1 } });",
      'new ToolError(someCode, "m");',
      "new ToolError('NO_SESSION', 'm', options);",
      "new ToolError('clock.NOT_INSTALLED', 'm', { details: {}, cause: e });",
    ].join('\n');
    const { sites, findings } = checkThrowSites([ts.createSourceFile(planted, source, ts.ScriptTarget.Latest, true)], core, plugins);
    expect(sites).toBe(7);
    expect(findings.map((f) => f.problem)).toEqual([
      'sets hint (only details and cause)',
      'sets next (only details and cause)',
      'sets retryable (only details and cause)',
      'throws NOT_A_CODE, which no registry declares',
      'throws clock.NOT_A_CODE, which no registry declares',
      'computed code someCode',
      'options are not an object literal: options',
    ]);
    expect(duplicates(['A', 'B', 'A'])).toEqual(['A']);
  });
});
