// --app-root is the operator's fence for what may run and be read: a sibling folder sharing the root's name as a prefix, or a symlink inside the root, must not get past it, neither for a launch (main, cwd, executablePath) nor for the production plugin's path check.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { electronExecutable, electronShellExec } from '@stagewright/fake-electron';
import { SERVER_BUNDLE, assertBundleBuilt } from '@stagewright/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, ok, type Connection } from './test-support/connect.js';
import { writeTinyApp } from './test-support/tiny-app.js';

const base = mkdtempSync(join(tmpdir(), 'sw-fence-'));
const root = join(base, 'root');
const app = writeTinyApp(join(root, 'app'));
/** `<root>-evil/app`: a plain prefix match on the root's name would take it for inside. */
const sibling = writeTinyApp(join(`${root}-evil`, 'app'));
const outside = writeTinyApp(join(base, 'elsewhere'));
/** A runtime outside the root that is not the operator's (it runs the stand-in, as a planted binary would run anything). */
const planted = join(base, 'electron.sh');
writeFileSync(planted, `#!/bin/sh\n${electronShellExec()} "$@"\n`);
chmodSync(planted, 0o755);
mkdirSync(join(root, 'links'));
symlinkSync(outside, join(root, 'links', 'app'));
symlinkSync(planted, join(root, 'links', 'electron'));
symlinkSync(`${root}-evil`, join(root, 'links', 'evil'));

let conn: Connection;
beforeAll(async () => {
  conn = await connect({ appRoot: root, plugins: ['production'] });
});
afterAll(async () => {
  await conn?.close();
});

describe('--app-root for launches', () => {
  it('main, cwd and executablePath in a sibling with the root as name prefix, or through a symlink, are outside', async () => {
    const cases: Record<string, unknown>[] = [
      { main: sibling },
      { main: join(root, 'links', 'app') },
      { main: 'links/evil/app' },
      { main: app, cwd: `${root}-evil` },
      { main: app, cwd: join(root, 'links', 'evil') },
      { main: app, executablePath: join(sibling, 'main.js') },
      { main: app, executablePath: join(root, 'links', 'electron') },
      { main: app, executablePath: planted },
    ];
    for (const call of cases)
      expect(await conn.call('electron_launch', call), JSON.stringify(call)).toMatchObject({ ok: false, code: 'PATH_OUTSIDE_ROOT' });
    expect((await ok(conn, 'electron_status')).sessions).toEqual([]);
  });

  it('an executable outside the root is refused naming --allow-executable, and runs once the operator opens it', async () => {
    const refused = await conn.call('electron_launch', { main: app, executablePath: planted });
    expect(String(refused.hint)).toContain(`--allow-executable ${planted}`);
    const opened = await connect({ appRoot: root, launchGrants: { executables: [planted] } });
    try {
      await ok(opened, 'electron_launch', { main: app, executablePath: planted });
      await ok(opened, 'electron_stop');
    } finally {
      await opened.close();
    }
  });

  it("the operator's own runtime (the configured fallback) may live outside the root", async () => {
    await ok(conn, 'electron_launch', { main: app, executablePath: electronExecutable() });
    await ok(conn, 'electron_stop');
  });

  it('a main that is not an app fails at once with LAUNCH_FAILED, not a launch timeout', async () => {
    const open = await connect();
    try {
      for (const main of ['../../../../../../../../../../etc/shadow', '/etc', join(app, 'index.html')]) {
        const r = await open.call('electron_launch', { main, timeoutMs: 60_000 });
        expect(r, main).toMatchObject({ ok: false, code: 'LAUNCH_FAILED' });
      }
    } finally {
      await open.close();
    }
  });
});

describe('--app-root for production_validate', () => {
  it('a sibling with the root as name prefix, and a symlink inside the root, are outside', async () => {
    for (const path of [sibling, `${root}-evil`, join(root, 'links', 'app'), join(root, 'links', 'evil'), 'links/evil/app']) {
      expect(await conn.call('production_validate', { path }), path).toMatchObject({ ok: false, code: 'PATH_OUTSIDE_ROOT' });
    }
    expect(await conn.call('production_validate', { path: app })).not.toMatchObject({ code: 'PATH_OUTSIDE_ROOT' });
  });
});

// Issue 38 item 4: the promise holds only under --app-root; the server says so where the operator
// looks (--help) and what is in force at start-up (one stderr line, before any call).
describe('the server says what is open without --app-root', () => {
  const run = (args: string[]) => spawnSync(process.execPath, [SERVER_BUNDLE, ...args], { input: '', encoding: 'utf8', timeout: 30_000 });

  it('--help states the condition beside --app-root, and the start-up line names the grants in force', () => {
    assertBundleBuilt();
    expect(run(['--help']).stdout).toMatch(/--app-root <dir>[^\n]*\n[^\n]*without it the agent may launch any folder's app/);
    expect(run([]).stderr).toContain('[stagewright] info: grants: eval off; impersonation off; app root none (any folder may be launched)');
    const granted = run(['--app-root', tmpdir(), '--allow-eval=main', '--allow-impersonation=storage,network']).stderr;
    expect(granted).toContain('grants: eval main; impersonation network,storage; app root set');
  });
});
