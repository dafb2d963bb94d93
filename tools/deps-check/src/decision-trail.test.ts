// A decision the code cites must be a file a reader of this repository can open (ADR-0035 to 0037
// record the ones that used to live elsewhere), and docs/README.md is the map of every doc and
// decision. Checked on the tracked files, so a citation in a comment counts as much as one in a doc.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const TEXT = /\.(?:ts|mts|cts|js|mjs|cjs|md|json|yml|yaml|toml|html)$/;
const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((file) => TEXT.test(file) && existsSync(join(root, file)) && file !== 'package-lock.json');
const adrFiles = readdirSync(join(root, 'docs/adr')).filter((name) => /^\d{4}-.*\.md$/.test(name));
const adrNumbers = new Set(adrFiles.map((name) => name.slice(0, 4)));

/** `ADR-NNNN` and its place, for every citation in tracked text. */
function citations(pattern: RegExp): { file: string; cited: string }[] {
  return tracked.flatMap((file) => [...readFileSync(join(root, file), 'utf8').matchAll(pattern)].map((m) => ({ file, cited: m[0] })));
}

describe('the decision trail stays inside the repository', () => {
  it('every ADR cited anywhere is a file in docs/adr', () => {
    const missing = citations(/\bADR-(\d{4})\b/g).filter(({ cited }) => !adrNumbers.has(cited.slice(4)));
    expect(missing).toEqual([]);
  });

  it('no citation uses a short ADR number (the form of records kept outside the repository)', () => {
    expect(citations(/\bADR-\d{1,3}\b/g)).toEqual([]);
  });

  it('no citation names a design document that is not in the repository', () => {
    const outside = citations(/\b(?:ARCHITECTURE|STYLE|TOOLCHAIN)\.md\b|\bTOOLS\.md\b/g).filter(
      ({ cited }) => !tracked.some((file) => file.endsWith(cited)),
    );
    expect(outside).toEqual([]);
  });

  it('every relative link in a tracked Markdown file reaches a file or folder that exists', () => {
    const broken: string[] = [];
    for (const file of tracked.filter((name) => name.endsWith('.md'))) {
      for (const [, target] of readFileSync(join(root, file), 'utf8').matchAll(/\]\(([^)\s#]+)(?:#[^)\s]*)?\)/g)) {
        if (/^[a-z]+:/i.test(target!)) continue;
        if (!existsSync(resolve(root, dirname(file), target!))) broken.push(`${file} -> ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('docs/README.md links every doc and every ADR', () => {
    const index = readFileSync(join(root, 'docs/README.md'), 'utf8');
    const linked = new Set(
      [...index.matchAll(/\]\(([^)#\s]+)/g)].map(([, target]) => relative(join(root, 'docs'), resolve(root, 'docs', target!))),
    );
    const docs = readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md') && name !== 'README.md');
    const unlisted = [...docs, ...adrFiles.map((name) => `adr/${name}`)].filter((name) => !linked.has(name));
    expect(unlisted).toEqual([]);
  });
});
