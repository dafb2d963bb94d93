// `stagewright replay` and `stagewright trace` are subcommands of the shipped binary: CI scripts
// call the bundle, read its exit code and parse its --json stdout, which must arrive whole.
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { electronExecutable } from '@stagewright/fake-electron';
import { REPO_ROOT, runCli } from '@stagewright/harness';

const BENCH_SPEC = join(REPO_ROOT, 'libs/testing/fixtures/apps/bench/replay/greet.replay.json');

describe('the bundled binary', () => {
  it('replays a spec and prints the whole JSON report on stdout, progress on stderr', { timeout: 120_000 }, async () => {
    const run = await runCli(['replay', BENCH_SPEC, '--param', 'name=Ada Lovelace', '--json'], {
      env: { STAGEWRIGHT_ELECTRON: electronExecutable() },
      timeoutMs: 110_000,
    });
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout);
    expect(report).toMatchObject({ exitCode: 0, results: [{ status: 'passed', name: 'bench: greeting shows the typed name' }] });
    expect(report.results[0].steps[2].answer.text).toBe('Hello, Ada Lovelace!');
    expect(run.stderr).toMatch(/replay: 1 passed, 0 not passed \(exit 0\)/);
  });

  it('answers usage and unreadable input with their exit codes', { timeout: 60_000 }, async () => {
    const help = await runCli(['replay', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: stagewright replay/);
    expect((await runCli(['replay'])).code).toBe(64);
    expect((await runCli(['trace'])).code).toBe(64);
    const missing = await runCli(['trace', 'view', join(REPO_ROOT, 'no-such.trace.jsonl')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/cannot read \(ENOENT\)/);
  });

  it('reports an executable that exits at once as a launch failure (exit 3), not a crash', { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sw-dies-'));
    const exe = join(dir, 'dies-at-once');
    writeFileSync(exe, '#!/bin/sh\nexit 7\n');
    chmodSync(exe, 0o755);
    const spec = join(dir, 'dies.replay.json');
    const app = { main: join(REPO_ROOT, 'libs/testing/fixtures/apps/bench'), executablePath: exe };
    writeFileSync(spec, JSON.stringify({ format: 'stagewright-replay/1', name: 'dies', app, steps: [{ tool: 'electron_windows' }] }));
    const run = await runCli(['replay', spec, '--json'], { timeoutMs: 50_000 });
    expect(run.code, run.stderr).toBe(3);
    expect(JSON.parse(run.stdout)).toMatchObject({ exitCode: 3, results: [{ status: 'launch_failed', launched: false }] });
  });
});
