// Apps an agent did not start (a developer's running app) are reached by attaching to their
// debugging ports or injecting by pid; leaving them must never take the app down.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connect, ok, type Connection } from '../test-support/mcp.js';
import { testApp } from '../test-support/apps.js';
import { alive } from '../test-support/processes.js';
import { answers, freePort, spawnApp, type SpawnedApp } from '../test-support/spawn-app.js';

describe('attach with fixed ports', () => {
  let conn: Connection;
  let app: SpawnedApp;
  let cdp: number;
  let inspect: number;

  beforeAll(async () => {
    [cdp, inspect] = [await freePort(), await freePort()];
    app = await spawnApp(testApp('hazards'), [`--remote-debugging-port=${cdp}`, `--inspect=${inspect}`], cdp);
    conn = await connect();
  });
  // A failed test must not leave its attach behind: the next test (or its retry) would meet two sessions.
  afterEach(async () => {
    const { sessions } = await conn.call('electron_status');
    for (const s of (sessions ?? []) as { sessionId?: string; id?: string }[])
      await conn.call('electron_detach', { sessionId: s.sessionId ?? s.id });
  });
  afterAll(async () => {
    await conn?.close();
    await app?.kill();
  });

  it("discovers the app's CDP and inspector ports on loopback", async () => {
    const found = await ok(conn, 'electron_discover_running', { ports: [cdp, inspect, await freePort()] });
    expect(found.endpoints).toMatchObject([
      { port: Math.min(cdp, inspect), kind: cdp < inspect ? 'cdp' : 'inspector' },
      { port: Math.max(cdp, inspect), kind: cdp < inspect ? 'inspector' : 'cdp' },
    ]);
  });

  it('attaches to renderer and main process, then detaches leaving the app running', async () => {
    const attached = await ok(conn, 'electron_attach', { port: cdp, inspectPort: inspect });
    expect(attached.capabilities).toEqual({ mainProcess: true, owned: false, renderer: true });
    expect(attached.pid).toBe(app.pid);
    expect((await ok(conn, 'electron_snapshot')).snapshot).toContain('heading "Hazards"');
    const info = await ok(conn, 'electron_info');
    expect(info).toMatchObject({ kind: 'attached', name: 'hazards', version: '1.0.0', pid: app.pid });
    expect(info.versions).toMatchObject({ electron: expect.stringMatching(/-fake$/) });
    await ok(conn, 'electron_detach');
    expect((await ok(conn, 'electron_status')).sessions).toEqual([]);
    expect(alive(app.pid)).toBe(true);
    expect(await answers(cdp, '/json/version')).toBe(true);
  });

  it('attaches by cdpUrl without main-process access; stopping needs it (NOT_SUPPORTED)', async () => {
    const attached = await ok(conn, 'electron_attach', { cdpUrl: `http://localhost:${cdp}` });
    expect(attached.capabilities).toEqual({ mainProcess: false, owned: false, renderer: true });
    expect(await conn.call('electron_stop')).toMatchObject({ code: 'NOT_SUPPORTED' });
    expect((await ok(conn, 'electron_info')).versions).toMatchObject({ chrome: expect.any(String) });
    await ok(conn, 'electron_detach');
    expect(alive(app.pid)).toBe(true);
  });

  it('without an inspect port, main-process eval says MAIN_PROCESS_UNAVAILABLE and how to get it', async () => {
    const evalConn = await connect({ allowEval: ['main'] });
    try {
      await ok(evalConn, 'electron_attach', { cdpUrl: `http://127.0.0.1:${cdp}` });
      const result = await evalConn.call('electron_eval_main', { code: 'return 1' });
      expect(result).toMatchObject({ ok: false, code: 'MAIN_PROCESS_UNAVAILABLE' });
      expect(String(result.hint)).toMatch(/inspectPort|electron_inject/);
      await ok(evalConn, 'electron_detach');
    } finally {
      await evalConn.close();
    }
    expect(alive(app.pid)).toBe(true);
  });

  it('attaches main-only with just inspectPort; window tools say NOT_SUPPORTED', async () => {
    const attached = await ok(conn, 'electron_attach', { inspectPort: inspect });
    expect(attached.capabilities).toEqual({ mainProcess: true, owned: false, renderer: false });
    expect(await ok(conn, 'electron_info')).toMatchObject({ name: 'hazards', pid: app.pid });
    expect(await conn.call('electron_windows')).toMatchObject({ code: 'NOT_SUPPORTED' });
    await ok(conn, 'electron_detach');
    expect(alive(app.pid)).toBe(true);
  });

  it("records an attached app's downloads, and takes its listener out again on detach (ADR-0043)", async () => {
    const evalConn = await connect({ allowEval: ['main'] });
    const state = "const s = globalThis[Symbol.for('stagewright.downloads')];";
    try {
      await ok(evalConn, 'electron_attach', { inspectPort: inspect });
      expect(await ok(evalConn, 'electron_downloads')).toMatchObject({ downloads: [] });
      const code = `${state} s.left = true; return electron.session.defaultSession.listenerCount('will-download');`;
      expect((await ok(evalConn, 'electron_eval_main', { code })).result).toBe(1);
      await ok(evalConn, 'electron_detach');
      // Attached again: a fresh listener, not the one the first session left behind (electron_downloads
      // answers once the listener is in).
      await ok(evalConn, 'electron_attach', { inspectPort: inspect });
      expect(await ok(evalConn, 'electron_downloads')).toMatchObject({ downloads: [] });
      const again = `${state} return [s.left ?? false, electron.session.defaultSession.listenerCount('will-download')];`;
      expect((await ok(evalConn, 'electron_eval_main', { code: again })).result).toEqual([false, 1]);
      await ok(evalConn, 'electron_detach');
    } finally {
      await evalConn.close();
    }
  });

  it('refuses non-loopback hosts and reports ports where nothing answers', async () => {
    expect(await conn.call('electron_attach', { cdpUrl: 'http://192.168.1.10:9222' })).toMatchObject({ code: 'NOT_LOOPBACK' });
    expect(await conn.call('electron_attach', { port: await freePort(), timeoutMs: 2000 })).toMatchObject({ code: 'ATTACH_FAILED' });
    expect(await conn.call('electron_attach', { port: cdp, inspectPort: await freePort() })).toMatchObject({ code: 'ATTACH_FAILED' });
  });
});

describe('inject by pid', () => {
  let conn: Connection;
  let app: SpawnedApp;

  beforeAll(async () => {
    const [cdp, inspectPort] = [await freePort(), await freePort()];
    // No inspector at start: --inspect-port only says where SIGUSR1 will open it.
    app = await spawnApp(testApp('hazards'), [`--remote-debugging-port=${cdp}`, `--inspect-port=${inspectPort}`], cdp);
    conn = await connect();
  });
  afterAll(async () => {
    await conn?.close();
    await app?.kill();
  });

  it('opens the inspector with SIGUSR1, reaches main and windows, and force-kills the whole app', async () => {
    const injected = await ok(conn, 'electron_inject', { pid: app.pid });
    expect(injected).toMatchObject({ pid: app.pid, capabilities: { mainProcess: true, owned: false, renderer: true } });
    expect(await ok(conn, 'electron_info')).toMatchObject({ kind: 'injected', name: 'hazards' });
    expect((await ok(conn, 'electron_snapshot')).snapshot).toContain('heading "Hazards"');
    expect(await ok(conn, 'electron_force_kill')).toMatchObject({ signal: 'SIGKILL' });
    expect(alive(app.pid)).toBe(false);
  });

  it('INJECT_FAILED for a pid that is not running', async () => {
    expect(await conn.call('electron_inject', { pid: 999_999_999 })).toMatchObject({ code: 'INJECT_FAILED' });
  });
});
