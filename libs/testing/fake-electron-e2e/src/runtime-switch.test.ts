// Why: one switch chooses the Electron of every app-launching test (ADR-0023); the tags that bind
// a test to one runtime must follow it, and carry a reason the runner can print.
import { chmodSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ELECTRON_SWITCH,
  FAKE_ELECTRON_BIN,
  electronCommand,
  electronShellExec,
  onlyOnRealElectron,
  onlyOnStandIn,
  testElectron,
} from '@stagewright/fake-electron';

const dir = mkdtempSync(join(tmpdir(), 'sw-switch-'));
const binary = join(dir, 'electron');
writeFileSync(binary, '#!/bin/sh\n');
chmodSync(binary, 0o755);

describe('testElectron()', () => {
  it('takes the switch first, then STAGEWRIGHT_ELECTRON, then the stand-in', () => {
    expect(testElectron({ [ELECTRON_SWITCH]: binary, STAGEWRIGHT_ELECTRON: FAKE_ELECTRON_BIN })).toEqual({
      path: binary,
      kind: 'real',
      source: ELECTRON_SWITCH,
    });
    expect(testElectron({ STAGEWRIGHT_ELECTRON: binary })).toMatchObject({ path: binary, source: 'STAGEWRIGHT_ELECTRON' });
    expect(testElectron({})).toEqual({ path: FAKE_ELECTRON_BIN, kind: 'stand-in', source: 'default' });
  });

  it('knows the stand-in when the switch names it explicitly, as npm test does', () => {
    expect(testElectron({ [ELECTRON_SWITCH]: FAKE_ELECTRON_BIN })).toMatchObject({ kind: 'stand-in', source: ELECTRON_SWITCH });
  });

  it('refuses a switch naming no file', () => {
    expect(() => testElectron({ [ELECTRON_SWITCH]: join(dir, 'missing') })).toThrow(/STAGEWRIGHT_TEST_ELECTRON=.*no such file/);
  });
});

describe('starting the binary by hand', () => {
  it('runs the binary itself: the stand-in picks its own Node (not this one), a real Electron is what it is', () => {
    expect(electronCommand(['--inspect=0', 'app'], {})).toEqual({ command: FAKE_ELECTRON_BIN, args: ['--inspect=0', 'app'] });
    expect(electronShellExec({})).toBe(`exec ${JSON.stringify(FAKE_ELECTRON_BIN)}`);
    expect(electronCommand(['app'], { [ELECTRON_SWITCH]: binary })).toEqual({ command: binary, args: ['app'] });
    expect(electronShellExec({ [ELECTRON_SWITCH]: binary })).toBe(`exec ${JSON.stringify(binary)}`);
  });
});

describe('runtime tags', () => {
  it('skip a stand-in-only test under a real Electron and a real-Electron-only test on the stand-in, with the reason', () => {
    const onReal = { [ELECTRON_SWITCH]: binary };
    expect(onlyOnStandIn('reads CHROMIUM_PATH', onReal)).toEqual({
      tags: ['stand-in-only'],
      skip: true,
      meta: { runtimeTag: 'stand-in-only', runtimeReason: 'reads CHROMIUM_PATH' },
    });
    expect(onlyOnStandIn('reads CHROMIUM_PATH', {}).skip).toBe(false);
    expect(onlyOnRealElectron('sendSync', {})).toMatchObject({ tags: ['real-electron-only'], skip: true });
    expect(onlyOnRealElectron('sendSync', onReal).skip).toBe(false);
  });

  it('require a reason', () => {
    expect(() => onlyOnStandIn(' ')).toThrow(/reason/);
  });
});

describe('every app-launching helper goes through the switch', () => {
  const root = join(import.meta.dirname, '../../../..');
  /** Files that may name the stand-in's own path: its library, this test, its parser's test, a replay test the switch overrides. */
  const allowed = new Set([
    'libs/testing/fake-electron-e2e/src/runtime-switch.test.ts',
    'libs/testing/fake-electron-e2e/src/launch-arguments-read-like-electron.test.ts',
    'libs/security-e2e/src/replay-targets-never-reach-a-shell.test.ts',
  ]);
  function sources(dir: string): string[] {
    return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sources(rel);
      return /\.(c|m)?tsx?(__template__)?$/.test(entry.name) ? [rel] : [];
    });
  }

  it('no test or test helper outside the stand-in library names FAKE_ELECTRON_BIN', () => {
    const offenders = ['apps', 'libs', 'benchmarks', 'tools']
      .flatMap(sources)
      .filter((file) => !file.startsWith('libs/testing/fake-electron/') && !allowed.has(file))
      .filter((file) => readFileSync(join(root, file), 'utf8').includes('FAKE_ELECTRON_BIN'));
    expect(offenders).toEqual([]);
  });
});
