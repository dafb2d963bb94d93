// `npm run gen` promises to rebuild every generated file (tools/scripts/gen.mjs). A generator is
// an Nx target whose command writes a committed file (`--write`, or vitest's `--update` of a file
// snapshot); one missing from the table leaves its file stale while `npm run gen` says it is done,
// and the stale-file check then names a command that does not fix it.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');

/** `project:target` of every tracked project.json target whose command writes a committed file. */
function writingTargets(): string[] {
  const projects = execFileSync('git', ['ls-files', '*project.json'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
  return projects.flatMap((file) => {
    const project = JSON.parse(readFileSync(join(root, file), 'utf8')) as {
      name: string;
      targets?: Record<string, { options?: { command?: string; commands?: string[] } }>;
    };
    return Object.entries(project.targets ?? {})
      .filter(([, target]) =>
        [target.options?.command ?? '', ...(target.options?.commands ?? [])].some((c) => /\s--(write|update)\b/.test(c)),
      )
      .map(([name]) => `${project.name}:${name}`);
  });
}

/** The targets in gen.mjs's GENERATORS table, read from its text (importing it would run it). */
function generatorTargets(): string[] {
  const source = readFileSync(join(root, 'tools/scripts/gen.mjs'), 'utf8');
  const table = /export const GENERATORS = \[([\s\S]*?)\];/.exec(source)?.[1] ?? '';
  return [...table.matchAll(/target: '([^']+)'/g)].map((m) => m[1]);
}

it('every target that writes a committed file is run by npm run gen', () => {
  const targets = writingTargets();
  expect(targets.length).toBeGreaterThan(2);
  const generators = generatorTargets();
  expect(targets.filter((target) => !generators.includes(target))).toEqual([]);
});
