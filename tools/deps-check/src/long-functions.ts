// Counts the lines of every function in product code (apps/ and libs/, .ts sources, without tests,
// fixtures, e2e projects and the testing libs), with TypeScript's parser only: no type check, no
// build, so the guard test runs in well under a second (issue 39 item 6: split a long function where
// a name would say what a part does).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';

export interface LongFunction {
  /** Workspace-relative file, forward slashes. */
  file: string;
  /** 1-based line where the function starts. */
  line: number;
  /** Its name: declaration, variable, property or method name, else `(anonymous)`. */
  name: string;
  lines: number;
}

const SKIP_DIRS = new Set(['node_modules', 'dist', '.nx', '.git', 'tmp', '.vite', 'coverage', 'fixtures', 'testing']);
const SKIP_FILE = /(?:\.test|\.spec|\.d)\.[cm]?ts$|vitest\.config/;

function* productFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name) && !entry.name.endsWith('-e2e') && entry.name !== 'e2e') yield* productFiles(join(dir, entry.name));
    } else if (/\.[cm]?ts$/.test(entry.name) && !SKIP_FILE.test(entry.name)) {
      yield join(dir, entry.name);
    }
  }
}

function nameOf(node: ts.Node): string {
  const named = node as { name?: ts.Node };
  if (named.name && (ts.isIdentifier(named.name) || ts.isStringLiteral(named.name))) return named.name.text;
  const parent = node.parent;
  if (
    (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) &&
    (ts.isIdentifier(parent.name) || ts.isStringLiteral(parent.name))
  ) {
    return parent.name.text;
  }
  return '(anonymous)';
}

/** Every function in product code longer than `limit` lines (first line to last, both counted). */
export function longFunctions(workspace: string, limit: number): LongFunction[] {
  const found: LongFunction[] = [];
  for (const top of ['apps', 'libs']) {
    for (const path of productFiles(join(workspace, top))) {
      const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
      const visit = (node: ts.Node): void => {
        if (ts.isFunctionLike(node) && (node as { body?: ts.Node }).body) {
          const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
          const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
          if (end - start + 1 > limit) {
            found.push({
              file: relative(workspace, path).split(sep).join('/'),
              line: start + 1,
              name: nameOf(node),
              lines: end - start + 1,
            });
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
  }
  return found;
}
