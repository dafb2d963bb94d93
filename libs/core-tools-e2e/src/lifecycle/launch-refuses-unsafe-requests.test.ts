// electron_launch runs programs on the host: env keys that change the runtime and paths that
// escape --app-root (also through symlinks) must be refused with their own codes, and a launch
// that cannot work must say why instead of hanging.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, symlinkSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createStagewrightServer } from '@stagewright/mcp-server';
import { connect, launchTestApp, ok, type Connection } from '../test-support/mcp.js';
import { testApp } from '../test-support/apps.js';

describe('electron_launch policy', () => {
  let conn: Connection;
  let root: string;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'sw-root-'));
    mkdirSync(join(root, 'inside'));
    symlinkSync(testApp('hazards'), join(root, 'escape'));
    conn = await connect({ appRoot: root });
  });
  afterAll(async () => {
    await conn?.close();
  });

  it('refuses runtime-changing env keys', async () => {
    for (const key of ['NODE_OPTIONS', 'ELECTRON_RUN_AS_NODE', 'LD_PRELOAD', 'dyld_insert_libraries']) {
      const r = await conn.call('electron_launch', { main: join(root, 'inside'), env: { [key]: 'x' } });
      expect(r, key).toMatchObject({ ok: false, code: 'ENV_NOT_ALLOWED' });
    }
  });

  it('refuses switches outside the allowlist, naming the argument and the flag that opens it', async () => {
    const r = await conn.call('electron_launch', { main: join(root, 'inside'), args: ['--lang=en', '--foo'] });
    expect(r).toMatchObject({ ok: false, code: 'LAUNCH_ARG_NOT_ALLOWED', details: { path: '/args/1', flag: '--allow-launch-switch foo' } });
    expect(String(r.error)).toContain('(switch --foo)');
  });

  it('refuses debugger binds beyond loopback even when the operator opened the switch, naming the argument', async () => {
    const opened = await connect({ appRoot: root, launchGrants: { switches: ['inspect', 'remote-debugging-address'] } });
    try {
      for (const arg of ['--inspect=0.0.0.0:9339', '--remote-debugging-address=0.0.0.0', '--inspect=[::]:9229']) {
        const r = await opened.call('electron_launch', { main: join(root, 'inside'), args: [arg] });
        expect(r, arg).toMatchObject({ ok: false, code: 'BAD_ARGUMENT' });
        // Named by switch and index; the value (here a host) is not echoed (issue 38, item 3).
        expect(String(r.error), arg).toContain(`args/0 (switch ${arg.split('=')[0]})`);
        expect(String(r.error), arg).not.toContain(arg.split('=')[1]);
      }
    } finally {
      await opened.close();
    }
  });

  it('refuses main, cwd and executablePath outside the app root, symlinks included', async () => {
    expect(await conn.call('electron_launch', { main: testApp('hazards') })).toMatchObject({ code: 'PATH_OUTSIDE_ROOT' });
    expect(await conn.call('electron_launch', { main: join(root, 'escape') })).toMatchObject({ code: 'PATH_OUTSIDE_ROOT' });
    expect(await conn.call('electron_launch', { main: 'escape', cwd: root })).toMatchObject({ code: 'PATH_OUTSIDE_ROOT' });
    expect(await conn.call('electron_launch', { main: join(root, 'inside'), cwd: tmpdir() })).toMatchObject({ code: 'PATH_OUTSIDE_ROOT' });
    expect(await conn.call('electron_launch', { executablePath: '/bin/sh' })).toMatchObject({ code: 'PATH_OUTSIDE_ROOT' });
  });

  it('needs main or executablePath', async () => {
    expect(await conn.call('electron_launch', {})).toMatchObject({ code: 'BAD_ARGUMENT' });
  });

  it('records the failure in electron_status without arguments or paths', async () => {
    await conn.call('electron_launch', { main: join(root, 'escape') });
    const status = await ok(conn, 'electron_status');
    const server = status.server as Record<string, unknown>;
    expect(server.started_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(server.last_error).toMatchObject({ code: 'PATH_OUTSIDE_ROOT', tool: 'electron_launch' });
    expect(JSON.stringify(server.last_error)).not.toContain(root);
    expect(status.sessions).toEqual([]);
  });
});

describe('file paths under --app-root', () => {
  it('set_files and drop_file refuse host files outside the app root', async () => {
    const conn = await connect({ appRoot: dirname(testApp('hazards')) });
    try {
      await launchTestApp(conn, 'hazards');
      expect(await conn.call('electron_set_files', { selector: '#upload', paths: ['/etc/hostname'] })).toMatchObject({
        code: 'PATH_OUTSIDE_ROOT',
      });
      expect(await conn.call('electron_drop_file', { selector: '#drop', paths: ['/etc/hostname'] })).toMatchObject({
        code: 'PATH_OUTSIDE_ROOT',
      });
      const inside = join(testApp('hazards'), 'package.json');
      expect(await ok(conn, 'electron_set_files', { selector: '#upload', paths: [inside] })).toMatchObject({ files: 1 });
      await ok(conn, 'electron_stop');
    } finally {
      await conn.close();
    }
  });
});

describe('electron_launch failures', () => {
  it('LAUNCH_FAILED naming STAGEWRIGHT_ELECTRON when no executable exists', async () => {
    const saved = process.env.STAGEWRIGHT_ELECTRON;
    delete process.env.STAGEWRIGHT_ELECTRON;
    const conn = await connect({ create: (options) => createStagewrightServer(options) });
    try {
      const r = await conn.call('electron_launch', { main: testApp('hazards') });
      expect(r).toMatchObject({ ok: false, code: 'LAUNCH_FAILED' });
      expect(r.hint).toContain('STAGEWRIGHT_ELECTRON');
      const missing = await conn.call('electron_launch', { main: testApp('hazards'), executablePath: '/nonexistent/electron' });
      expect(missing).toMatchObject({ code: 'LAUNCH_FAILED' });
    } finally {
      if (saved !== undefined) process.env.STAGEWRIGHT_ELECTRON = saved;
      await conn.close();
    }
  });

  it('keeps loopback debugging binds in args allowed once the operator opened them', async () => {
    const conn = await connect({ launchGrants: { switches: ['remote-debugging-address', 'inspect'] } });
    try {
      await launchTestApp(conn, 'hazards', { args: ['--remote-debugging-address=127.0.0.1', '--inspect=127.0.0.1:0'] });
      await ok(conn, 'electron_stop');
    } finally {
      await conn.close();
    }
  });

  it('LAUNCH_TIMEOUT for an app that never opens a window, with no session left', async () => {
    const conn = await connect();
    try {
      const r = await conn.call('electron_launch', { main: testApp('no-window'), timeoutMs: 4000 });
      expect(r).toMatchObject({ ok: false, code: 'LAUNCH_TIMEOUT', retryable: true });
      expect((await ok(conn, 'electron_status')).sessions).toEqual([]);
    } finally {
      await conn.close();
    }
  });

  it('SESSION_LIMIT at the cap, and a launch works again once a session stopped', async () => {
    const { electronExecutable } = await import('@stagewright/fake-electron');
    const conn = await connect({
      create: (options) =>
        createStagewrightServer({ ...options, driverOptions: { fallbackExecutablePath: electronExecutable(), maxSessions: 1 } }),
    });
    try {
      const first = await launchTestApp(conn, 'hazards');
      expect(await conn.call('electron_launch', { main: testApp('hazards') })).toMatchObject({ code: 'SESSION_LIMIT' });
      await ok(conn, 'electron_stop', { sessionId: first });
      const second = await launchTestApp(conn, 'hazards');
      expect(second).not.toBe(first);
      await ok(conn, 'electron_stop', {});
    } finally {
      await conn.close();
    }
  });
});
