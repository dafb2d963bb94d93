import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * The first non-test TypeScript file under `dir` (workspace-relative) whose text matches
 * `pattern`, as a workspace-relative path. Found by content so the affected-set test survives
 * tools moving between files.
 */
export function sourceFileWith(workspace: string, dir: string, pattern: RegExp): string {
  const walk = (folder: string): string[] =>
    readdirSync(folder, { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))
      .flatMap((entry) => (entry.isDirectory() ? walk(join(folder, entry.name)) : [join(folder, entry.name)]));
  const isSource = (file: string) => file.endsWith('.ts') && !file.endsWith('.test.ts');
  const found = walk(join(workspace, dir)).find((file) => isSource(file) && pattern.test(readFileSync(file, 'utf8')));
  if (!found) throw new Error(`no source file under ${dir} matches ${pattern}`);
  return relative(workspace, found);
}
