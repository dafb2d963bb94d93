// Issue 42 item 1: a launch that shows no window says why in its answer. A main script that
// throws at its top is APP_CRASHED_AT_START (not retryable) with the error, its file and line,
// the stderr tail and a file holding the launch console, well before the timeout; a window
// created hidden whose loadURL rejected is named with the rejection (not retryable: something
// went wrong besides time); a main process that exits at once gives its code. One launch per app.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crashAtStartApp } from '@stagewright/fixtures/crash-at-start';
import { hiddenWindowApp } from '@stagewright/fixtures/hidden-window';
import { connect, ok, type Connection } from '../test-support/mcp.js';

describe('a failed launch says why', () => {
  let conn: Connection;
  beforeAll(async () => {
    conn = await connect();
  });
  afterAll(async () => {
    await conn?.close();
  });

  it('a main script that throws at its top: APP_CRASHED_AT_START with file and line, long before the timeout', async () => {
    const started = Date.now();
    const r = await conn.call('electron_launch', { main: crashAtStartApp.dir, timeoutMs: 60_000 });
    const tookMs = Date.now() - started;
    expect(r).toMatchObject({ ok: false, code: 'APP_CRASHED_AT_START', retryable: false, next_actions: ['electron_launch'] });
    const details = r.details as { exceptions: { message: string; at?: string }[]; stderr: string; consoleFile: string };
    expect(details.exceptions[0].message).toBe('Error: Missing config: settings.json has no "apiUrl"');
    expect(details.exceptions[0].at).toBe(`${join(crashAtStartApp.dir, 'main.js')}:9:9`);
    expect(String(r.error)).toContain('main.js:9:9');
    expect(details.stderr).toContain('Missing config');
    expect(readFileSync(details.consoleFile, 'utf8')).toContain('at loadConfig');
    expect(tookMs).toBeLessThan(30_000);
    expect((await ok(conn, 'electron_status')).sessions).toEqual([]);
  });

  it('a hidden window whose loadURL rejected: the rejection and the hidden window are in the answer', async () => {
    // A rejection does not cut the wait short (an app may survive one); it decides the code when time runs out.
    const r = await conn.call('electron_launch', { main: hiddenWindowApp.dir, timeoutMs: 10_000 });
    expect(r).toMatchObject({ ok: false, code: 'APP_CRASHED_AT_START', retryable: false });
    const details = r.details as { exceptions: { message: string; at?: string }[]; hiddenWindows?: { title: string }[] };
    expect(details.exceptions[0].message).toContain('ERR_INVALID_URL');
    // The rejection's stack is all runtime: no place in the app to blame, so none is named.
    expect(details.exceptions[0].at).toBeUndefined();
    expect(details.hiddenWindows).toMatchObject([{ title: 'Dashboard' }]);
  });

  it('a main process that exits at once: APP_CRASHED_AT_START with its exit code and what it printed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sw-exits-'));
    try {
      writeFileSync(join(dir, 'package.json'), '{"name":"exits-at-once","main":"main.js"}');
      writeFileSync(join(dir, 'main.js'), "process.stderr.write('fatal: no licence file\\n');\nprocess.exit(3);\n");
      const r = await conn.call('electron_launch', { main: dir, timeoutMs: 60_000 });
      expect(r).toMatchObject({ ok: false, code: 'APP_CRASHED_AT_START', retryable: false, details: { exitCode: 3 } });
      expect((r.details as { stderr: string }).stderr).toContain('fatal: no licence file');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
