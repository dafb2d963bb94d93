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

/** The name a declaration, variable, property or method gives the function it holds. */
function declaredName(node: ts.Node): string | undefined {
  const named = node as { name?: ts.Node };
  return named.name && (ts.isIdentifier(named.name) || ts.isStringLiteral(named.name)) ? named.name.text : undefined;
}

/** Every function in product code longer than `limit` lines (first line to last, both counted). */
export function longFunctions(workspace: string, limit: number): LongFunction[] {
  const found: LongFunction[] = [];
  for (const top of ['apps', 'libs']) {
    for (const path of productFiles(join(workspace, top))) {
      const text = readFileSync(path, 'utf8');
      // A file no longer than the limit cannot hold a function over it: no parse needed.
      if (text.split('\n').length <= limit) continue;
      const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
      // Parsed without parent links (cheaper): a variable's or property's name is handed down to its initializer.
      const visit = (node: ts.Node, given?: string): void => {
        if (ts.isFunctionLike(node) && (node as { body?: ts.Node }).body) {
          const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
          const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
          if (end - start + 1 > limit) {
            const name = declaredName(node) ?? given ?? '(anonymous)';
            found.push({ file: relative(workspace, path).split(sep).join('/'), line: start + 1, name, lines: end - start + 1 });
          }
        }
        const passes = ts.isVariableDeclaration(node) || ts.isPropertyAssignment(node) || ts.isPropertyDeclaration(node);
        const initializer = passes ? (node as ts.VariableDeclaration).initializer : undefined;
        ts.forEachChild(node, (child) => visit(child, initializer && child === initializer ? declaredName(node) : undefined));
      };
      visit(source);
    }
  }
  return found;
}
