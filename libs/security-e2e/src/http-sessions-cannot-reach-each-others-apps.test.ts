// One HTTP server serves many clients: an app one session launched must not be reachable from another, by any path.
import { get } from 'node:http';
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listeningPorts, processTree } from '@stagewright/driver';
import { electronExecutable } from '@stagewright/fake-electron';
import { loginApp } from '@stagewright/fixtures/login';
import { connectHttp, isRunning, spawnHttpServer, type HttpConnection, type HttpServerProcess } from '@stagewright/harness';
import { ok } from './test-support/connect.js';

const OWNED = 'APP_OWNED_BY_ANOTHER_SESSION';
const TYPED = 'typed by session A';

function webSocketDebuggerUrl(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    get(`http://127.0.0.1:${port}/json/version`, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve((JSON.parse(text) as { webSocketDebuggerUrl: string }).webSocketDebuggerUrl));
    }).on('error', reject);
  });
}

describe('HTTP sessions and the apps of other sessions', () => {
  let server: HttpServerProcess;
  let a: HttpConnection;
  let b: HttpConnection;
  let pid: number;
  let cdp: number;
  let inspect: number;

  beforeAll(async () => {
    const spawned = await spawnHttpServer(['--port', '0', '--tool-profile', 'full', '--plugin', 'native'], {
      STAGEWRIGHT_ELECTRON: electronExecutable(),
    });
    if (!isRunning(spawned)) throw new Error(`server did not start: ${spawned.stderr}`);
    server = spawned;
    [a, b] = await Promise.all([connectHttp(server.url), connectHttp(server.url)]);
    pid = (await ok(a, 'electron_launch', { main: loginApp.dir })).pid as number;
    await ok(a, 'electron_type', { selector: '#username', text: TYPED });
    // A may look at its own app: discover offers it, and says which port is which.
    const own = (await ok(a, 'electron_discover_running', { ports: listeningPorts(processTree(pid)) })).endpoints as {
      port: number;
      kind: string;
    }[];
    cdp = own.find((e) => e.kind === 'cdp')!.port;
    inspect = own.find((e) => e.kind === 'inspector')!.port;
  }, 120_000);

  afterAll(async () => {
    await a?.call('electron_stop').catch(() => undefined);
    await Promise.all([a?.close(), b?.close()]);
    await server?.stop();
  });

  it('the app has helper processes, a DevTools port and an inspector port (the class is not empty)', () => {
    expect(processTree(pid).length).toBeGreaterThan(1);
    expect(cdp).toBeGreaterThan(0);
    expect(inspect).toBeGreaterThan(0);
  });

  it('refuses inject by the main pid and by every helper pid of the app', async () => {
    for (const target of processTree(pid)) {
      const result = await b.call('electron_inject', { pid: target, timeoutMs: 3_000 });
      expect(result, `pid ${target}`).toMatchObject({ ok: false, code: OWNED });
      expect(String(result.error), `pid ${target}`).toContain(String(target));
    }
  });

  it('refuses attach by DevTools port, http and ws URL, inspector port, and both together', async () => {
    const ws = await webSocketDebuggerUrl(cdp);
    const paths: Record<string, unknown>[] = [
      { port: cdp },
      { cdpUrl: `http://127.0.0.1:${cdp}` },
      { cdpUrl: `http://localhost:${cdp}/` },
      { cdpUrl: ws },
      { cdpUrl: ws.replace('127.0.0.1', 'localhost') },
      { inspectPort: inspect },
      { port: cdp, inspectPort: inspect },
    ];
    for (const args of paths) {
      const result = await b.call('electron_attach', { ...args, timeoutMs: 3_000 });
      expect(result, JSON.stringify(args)).toMatchObject({ ok: false, code: OWNED, retryable: false });
      expect(String(result.hint), JSON.stringify(args)).toMatch(/electron_launch/);
    }
  });

  it('does not offer the app in electron_discover_running', async () => {
    const found = await ok(b, 'electron_discover_running', { ports: listeningPorts(processTree(pid)) });
    expect(found.endpoints).toEqual([]);
  });

  it('leaves B with no session and A in control of its untouched app', async () => {
    expect((await ok(b, 'electron_status')).sessions).toEqual([]);
    expect(await ok(a, 'electron_get_value', { selector: '#username' })).toMatchObject({ value: TYPED });
    expect((await ok(a, 'electron_status')).sessions).toHaveLength(1);
  });

  it('gives each session its own artifact folder: B cannot hand its app a screenshot A took', async () => {
    const shot = (await ok(a, 'electron_screenshot', {})).path as string;
    await ok(b, 'electron_launch', { main: loginApp.dir });
    try {
      const own = (await ok(b, 'electron_screenshot', {})).path as string;
      expect(dirname(own)).not.toBe(dirname(shot));
      expect(await b.call('native_open_file', { path: shot })).toMatchObject({ ok: false, code: 'PATH_OUTSIDE_ROOT' });
      // B's own file is still B's to hand over: the check is per session, not a blanket refusal.
      expect(await b.call('native_open_file', { path: own })).not.toMatchObject({ code: 'PATH_OUTSIDE_ROOT' });
    } finally {
      await ok(b, 'electron_stop');
    }
    expect(shot).toMatch(/[\\/]session-[0-9a-f-]+[\\/]/);
    // The start-up line names the grants in force (none here).
    expect(server.stderr()).toContain('grants: eval off; impersonation off; app root none');
  }, 60_000);

  it('lets A inject into and attach to its own app, and drops the claim once A stops it', async () => {
    const injected = await ok(a, 'electron_inject', { pid, timeoutMs: 10_000 });
    await ok(a, 'electron_detach', { sessionId: injected.sessionId });
    const attached = await ok(a, 'electron_attach', { port: cdp, timeoutMs: 10_000 });
    await ok(a, 'electron_detach', { sessionId: attached.sessionId });
    await ok(a, 'electron_stop');
    // The claim went with the app: B's own launch and inject of it are not refused.
    const own = (await ok(b, 'electron_launch', { main: loginApp.dir })).pid as number;
    const again = await ok(b, 'electron_inject', { pid: own, timeoutMs: 10_000 });
    await ok(b, 'electron_detach', { sessionId: again.sessionId });
    await ok(b, 'electron_stop');
  }, 120_000);
});
