// Issue 42 item 5: a session that checked persistence across a restart, with main-process steps,
// exported to Playwright Test. The export closes and relaunches the app instead of refusing the
// restart, writes ipc_invoke as electronApp.evaluate (the grant was given), and starts each run on
// a fresh data folder: the recording's temporary folder (here holding an old value, so a test that
// reused it would fail its first check) is never written in. The exported test passes twice in a row.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { electronExecutable } from '@stagewright/fake-electron';
import { ipcApp } from '@stagewright/fixtures/ipc';
import { describe, expect, it } from 'vitest';
import { replayCommand } from '../../../mcp-server/src/replay/replay-command.js';

const ROOT = join(import.meta.dirname, '../../../..');
const quiet = { stdout: () => undefined, stderr: () => undefined };
/** Terminal control sequences, should a reporter still write them. */
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*[A-Za-z]`, 'g');

function playwrightTest(dir: string): Promise<{ code: number | null; out: string }> {
  return new Promise((done) =>
    execFile(
      process.execPath,
      [join(ROOT, 'node_modules/@playwright/test/cli.js'), 'test', '-c', join(dir, 'playwright.config.ts'), '--repeat-each', '2'],
      {
        cwd: dir,
        env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1', STAGEWRIGHT_ELECTRON: electronExecutable(), CI: '1' },
        timeout: 110_000,
      },
      (error, stdout, stderr) =>
        done({ code: error ? ((error as { code?: number }).code ?? null) : 0, out: `${stdout}${stderr}`.replace(ANSI, '') }),
    ),
  );
}

describe('a recorded restart exported to Playwright Test', () => {
  it('closes and relaunches the app, runs the main-process steps, and passes twice in a row', { timeout: 240_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sw-restart-export-'));
    // The folder the recording ran on, still holding what that run left.
    const recorded = join(dir, 'recorded-user-data');
    mkdirSync(recorded);
    writeFileSync(join(recorded, 'prefs.json'), JSON.stringify({ nickname: 'Old' }));
    const spec = join(dir, 'persistence.replay.json');
    const launch = { main: ipcApp.dir, args: [`--user-data-dir=${recorded}`] };
    writeFileSync(
      spec,
      JSON.stringify({
        format: 'stagewright-replay/1.1',
        name: 'nickname survives a restart',
        app: launch,
        steps: [
          { tool: 'ipc_invoke', args: { channel: 'prefs:get' }, expect: { result: { '/result': { exact: null } } } },
          { tool: 'ipc_invoke', args: { channel: 'prefs:set', args: ['Ada'] } },
          { tool: 'electron_stop', args: {} },
          { tool: 'electron_launch' },
          { tool: 'ipc_invoke', args: { channel: 'prefs:get' }, expect: { result: { '/result': { exact: 'Ada' } } } },
          { tool: 'electron_expect_visible', args: { selector: '#add' } },
        ],
      }),
    );
    const tests = join(dir, 'tests');
    mkdirSync(tests);
    symlinkSync(join(ROOT, 'node_modules'), join(tests, 'node_modules'));
    const exported = join(tests, 'persistence.spec.ts');
    // Without the grant the main-process steps are refused, each named.
    const refusals: string[] = [];
    expect(
      await replayCommand(['export', spec, '--to', 'playwright', '-o', exported], { ...quiet, stderr: (t) => void refusals.push(t) }),
    ).toBe(2);
    expect(refusals.join('')).toMatch(/step 1 \(ipc_invoke\): it runs in the main process/);
    expect(
      await replayCommand(['export', spec, '--to', 'playwright', '-o', exported, '--allow-eval=main'], {
        ...quiet,
        stderr: (t) => void refusals.push(t),
      }),
      refusals.join(''),
    ).toBe(0);

    const code = readFileSync(exported, 'utf8');
    expect(code).not.toContain(recorded);
    expect(code).toContain('app = await launchApp();');
    expect(code).toContain("const result5 = await ipcInvoke(app, 'prefs:get', []);");
    writeFileSync(
      join(tests, 'playwright.config.ts'),
      "import { defineConfig } from '@playwright/test';\nexport default defineConfig({ testDir: '.', workers: 1, retries: 0, reporter: 'line', timeout: 50_000, use: { actionTimeout: 5_000 } });\n",
    );
    // Two runs in a row (one worker, one after the other): the second starts where the first left nothing.
    const result = await playwrightTest(tests);
    expect(result.out).toMatch(/2 passed/);
    expect(result.code, result.out).toBe(0);
    // The recording's folder was left as it was: no run wrote into it.
    expect(JSON.parse(readFileSync(join(recorded, 'prefs.json'), 'utf8'))).toEqual({ nickname: 'Old' });
  });
});
