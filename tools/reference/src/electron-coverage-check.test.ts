// docs/electron-coverage.md says how much of Electron's main-process API the stand-in has; the
// generator's --check (part of reference:docs-check) is what keeps that figure true after the
// stand-in or the pinned typings change: it must fail on an edited copy (that it passes on a fresh
// one is reference:docs-check itself, run on docs/electron-coverage.md by every npm test).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const script = path.join(root, 'tools/scripts/electron-coverage.mjs');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sw-coverage-'));
const doc = path.join(dir, 'electron-coverage.md');
const run = (mode: '--write' | '--check') => spawnSync(process.execPath, [script, mode, '--doc', doc], { encoding: 'utf8' });

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('electron-coverage --check', () => {
  it('fails once a figure in a freshly written table is edited', () => {
    expect(run('--write').status).toBe(0);
    const text = fs.readFileSync(doc, 'utf8');
    expect(text).toMatch(/\*\*Summary: \d+ of \d+ main-process modules and classes present; \d+ of \d+ methods present/);

    fs.writeFileSync(doc, text.replace(/\*\*Summary: \d+/, '**Summary: 999'));
    const stale = run('--check');
    expect(stale.status).toBe(1);
    expect(stale.stderr).toMatch(/electron-coverage\.md is stale/);
  });
});
