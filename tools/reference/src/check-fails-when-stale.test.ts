// docs-check is the only thing that keeps TOOL-REFERENCE.md and the README's tools by group honest:
// it must fail on a stale copy (header included) and on a README that lost its markers, and pass on
// a fresh copy. The tool catalogue is a build output (dist/docs), written fresh, never checked.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const script = path.join(root, 'dist/tools/reference/docs.mjs');
let dir: string;

function docs(mode: '--write' | '--check') {
  return spawnSync(process.execPath, [script, mode], { cwd: dir, encoding: 'utf8' });
}

beforeAll(() => {
  if (!fs.existsSync(script)) throw new Error(`${script} is missing: run npx nx run reference:build (reference:test depends on it)`);
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('reference docs --check', () => {
  it('passes on freshly written docs and fails once either copy is edited by hand', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sw-docs-'));
    fs.writeFileSync(path.join(dir, 'README.md'), '# x\n\n<!-- tools:start -->\n<!-- tools:end -->\n');
    expect(docs('--write').status).toBe(0);
    expect(fs.readFileSync(path.join(dir, 'README.md'), 'utf8')).toContain('[interaction](TOOL-REFERENCE.md#interaction)');
    expect(docs('--check').status).toBe(0);

    const reference = path.join(dir, 'TOOL-REFERENCE.md');
    fs.writeFileSync(reference, fs.readFileSync(reference, 'utf8').replace('electron_click', 'electron_clack'));
    const stale = docs('--check');
    expect(stale.status).toBe(1);
    expect(stale.stderr).toMatch(/Stale generated docs: TOOL-REFERENCE\.md/);
  });

  it('fails when the reference header names another command (the header is generated too)', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sw-docs-'));
    fs.writeFileSync(path.join(dir, 'README.md'), '# x\n\n<!-- tools:start -->\n<!-- tools:end -->\n');
    expect(docs('--write').status).toBe(0);
    const reference = path.join(dir, 'TOOL-REFERENCE.md');
    fs.writeFileSync(reference, fs.readFileSync(reference, 'utf8').replace('npm run gen`', 'npx nx run bench:docs`'));
    expect(docs('--check').stderr).toMatch(/Stale generated docs: TOOL-REFERENCE\.md\. .* npm run gen/);
  });

  it('writes the catalogue to dist/docs from the definitions, and --check neither needs nor checks it', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sw-docs-'));
    fs.writeFileSync(path.join(dir, 'README.md'), '# x\n\n<!-- tools:start -->\n<!-- tools:end -->\n');
    const only = spawnSync(process.execPath, [script, '--catalogue'], { cwd: dir, encoding: 'utf8' });
    expect(only.status).toBe(0);
    // --catalogue writes the build output and nothing that is committed.
    expect(fs.existsSync(path.join(dir, 'TOOL-REFERENCE.md'))).toBe(false);
    const catalogue = path.join(dir, 'dist/docs/tool-catalogue.json');
    const snapshot = JSON.parse(fs.readFileSync(catalogue, 'utf8'));
    expect(snapshot.toolCount).toBe(snapshot.tools.length);
    expect(snapshot.tools.find((tool: { name: string }) => tool.name === 'electron_click')).toMatchObject({
      module: 'interaction',
      kind: 'action',
      input: { type: 'object' },
    });

    expect(docs('--write').status).toBe(0);
    expect(fs.readFileSync(catalogue, 'utf8')).toBe(`${JSON.stringify(snapshot, null, 2)}\n`);
    fs.rmSync(path.join(dir, 'dist'), { recursive: true });
    expect(docs('--check').status).toBe(0);
    expect(fs.existsSync(path.join(dir, 'docs/tool-catalogue.json'))).toBe(false);
  });

  it('fails when the README has no tool-table markers', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sw-docs-'));
    fs.writeFileSync(path.join(dir, 'README.md'), '# no markers\n');
    const run = docs('--check');
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/no <!-- tools:start --> \/ <!-- tools:end --> markers/);
  });
});
