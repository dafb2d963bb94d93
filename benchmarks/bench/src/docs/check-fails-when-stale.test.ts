// docs-check is the only thing that keeps TOOL-REFERENCE.md and the README table honest: it must
// fail on a stale copy and on a README that lost its markers, and pass on a fresh copy.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../../..');
const script = path.join(root, 'dist/benchmarks/bench/docs.mjs');
let dir: string;

function docs(mode: '--write' | '--check') {
  return spawnSync(process.execPath, [script, mode], { cwd: dir, encoding: 'utf8' });
}

beforeAll(() => {
  if (!fs.existsSync(script)) throw new Error(`${script} is missing: run npx nx run bench:build (bench:test depends on it)`);
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('bench docs --check', () => {
  it('passes on freshly written docs and fails once either copy is edited by hand', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sw-docs-'));
    fs.writeFileSync(path.join(dir, 'README.md'), '# x\n\n<!-- tools:start -->\n<!-- tools:end -->\n');
    expect(docs('--write').status).toBe(0);
    expect(fs.readFileSync(path.join(dir, 'README.md'), 'utf8')).toContain('`electron_click`');
    expect(docs('--check').status).toBe(0);

    const reference = path.join(dir, 'TOOL-REFERENCE.md');
    fs.writeFileSync(reference, fs.readFileSync(reference, 'utf8').replace('electron_click', 'electron_clack'));
    const stale = docs('--check');
    expect(stale.status).toBe(1);
    expect(stale.stderr).toMatch(/Stale generated docs: TOOL-REFERENCE\.md/);
  });

  it('fails when the README has no tool-table markers', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sw-docs-'));
    fs.writeFileSync(path.join(dir, 'README.md'), '# no markers\n');
    const run = docs('--check');
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/no <!-- tools:start --> \/ <!-- tools:end --> markers/);
  });
});
