// Hosts that connect by URL share one server: each MCP session must get its own apps and lose
// them when it ends, and a web page (DNS rebinding) or the network must never reach the server.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePath } from '../test-support/shipped.js';
import { type HttpServerProcess, alive, connectHttp, isRunning, processTree, settled, spawnHttpServer } from '../test-support/http.js';

const benchDir = fixturePath('bench');

async function started(args: string[], env: Record<string, string> = {}): Promise<HttpServerProcess> {
  const server = await spawnHttpServer(args, env);
  if (!isRunning(server)) throw new Error(`server did not start (exit ${server.code}): ${server.stderr}`);
  return server;
}

/** A raw POST with headers a browser or an attacker would send (the SDK client cannot forge Host). */
function rawPost(url: string, headers: Record<string, string>, body: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
});

describe('Streamable HTTP, one kernel server per session', () => {
  let server: HttpServerProcess;
  beforeAll(async () => {
    server = await started(['--port', '0', '--max-sessions', '3', '--tool-profile', 'testing']);
  });
  afterAll(() => server?.stop());

  it('serves two clients at once, each with its own app that the other cannot see', async () => {
    const [a, b] = await Promise.all([connectHttp(server.url), connectHttp(server.url)]);
    try {
      const [launchA, launchB] = await Promise.all([
        a.call('electron_launch', { main: benchDir }),
        b.call('electron_launch', { main: benchDir }),
      ]);
      expect(launchA).toMatchObject({ ok: true });
      expect(launchB).toMatchObject({ ok: true });
      expect(launchA.pid).not.toEqual(launchB.pid);
      const statusA = await a.call('electron_status');
      const statusB = await b.call('electron_status');
      expect((statusA.sessions as { id: string }[]).map((s) => s.id)).toEqual([launchA.sessionId]);
      expect((statusB.sessions as { id: string }[]).map((s) => s.id)).toEqual([launchB.sessionId]);
      // B stopping "its only session" leaves A's app running: sessions never cross.
      const treeA = processTree(launchA.pid as number);
      expect(await b.call('electron_stop')).toMatchObject({ ok: true });
      expect(await b.call('electron_info')).toMatchObject({ ok: false, code: 'NO_SESSION' });
      expect(await a.call('electron_info')).toMatchObject({ ok: true, pid: launchA.pid });
      expect(alive(treeA)).toEqual(treeA);
    } finally {
      await a.call('electron_stop');
      await Promise.all([a.transport.terminateSession(), b.transport.terminateSession()]);
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('a deleted session leaves no process behind', async () => {
    const client = await connectHttp(server.url);
    const launched = await client.call('electron_launch', { main: benchDir });
    expect(launched).toMatchObject({ ok: true });
    const tree = processTree(launched.pid as number);
    expect(tree.length).toBeGreaterThan(1);
    await client.transport.terminateSession();
    await client.close();
    expect(await settled(tree)).toEqual([]);
  });

  it('rejects a foreign Origin and a foreign Host before any session exists', async () => {
    await expect(connectHttp(server.url, { Origin: 'http://evil.example' })).rejects.toThrow(/403|not allowed/);
    const origin = await rawPost(server.url, { Origin: 'https://attacker.example' }, INITIALIZE);
    expect(origin.status).toBe(403);
    expect(origin.body).toContain('DNS rebinding');
    const host = await rawPost(server.url, { Host: `rebound.example:${new URL(server.url).port}` }, INITIALIZE);
    expect(host.status).toBe(403);
    const local = await rawPost(server.url, { Origin: 'http://localhost:3000' }, INITIALIZE);
    expect(local.status).toBe(200);
  });

  it('bounds the body size and the number of sessions', async () => {
    const huge = await rawPost(server.url, {}, `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":"${'a'.repeat(5 * 1024 * 1024)}"}}`);
    expect(huge.status).toBe(413);
    const noSession = await rawPost(server.url, {}, JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }));
    expect(noSession.status).toBe(400);
    const unknown = await rawPost(
      server.url,
      { 'mcp-session-id': 'no-such-session' },
      JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/list' }),
    );
    expect(unknown.status).toBe(404);
    const clients = [];
    const refusals: unknown[] = [];
    for (let i = 0; i < 4; i++) {
      try {
        clients.push(await connectHttp(server.url));
      } catch (error) {
        refusals.push(error);
      }
    }
    // The earlier test's raw initialize (localhost Origin) holds one of the three seats.
    expect(clients.length).toBeGreaterThanOrEqual(2);
    expect(clients.length + refusals.length).toBe(4);
    expect(refusals.length).toBeGreaterThanOrEqual(1);
    expect(String(refusals[0])).toMatch(/503|Too many sessions/);
    for (const client of clients) await client.transport.terminateSession();
  });
});

describe('an HTTP server ending', () => {
  it('ends an idle session and stops its app', async () => {
    const server = await started(['--port', '0', '--session-idle-ms', '1500']);
    try {
      const client = await connectHttp(server.url);
      const launched = await client.call('electron_launch', { main: benchDir });
      expect(launched).toMatchObject({ ok: true, pid: expect.any(Number) });
      const tree = processTree(launched.pid as number);
      expect(tree.length).toBeGreaterThan(1);
      expect(await settled(tree, 60_000)).toEqual([]);
      expect(server.stderr()).toContain('idle timeout');
      await expect(client.call('electron_status')).rejects.toThrow(/404|Session not found/);
    } finally {
      await server.stop();
    }
  }, 120_000);

  it('stops every app on SIGTERM and exits 0', async () => {
    const server = await started(['--port', '0']);
    const client = await connectHttp(server.url);
    const launched = await client.call('electron_launch', { main: benchDir });
    expect(launched).toMatchObject({ ok: true, pid: expect.any(Number) });
    const tree = processTree(launched.pid as number);
    expect(tree.length).toBeGreaterThan(1);
    expect(await server.stop('SIGTERM')).toBe(0);
    expect(await settled(tree)).toEqual([]);
  }, 90_000);
});

describe('binding beyond loopback', () => {
  it('is refused without --allow-remote, and without a token even with it', async () => {
    const plain = await spawnHttpServer(['--host', '0.0.0.0', '--port', '0']);
    expect(plain).toMatchObject({ code: 2 });
    expect((plain as { stderr: string }).stderr).toMatch(/not a loopback address.*--allow-remote/);
    const noToken = await spawnHttpServer(['--host', '0.0.0.0', '--port', '0', '--allow-remote'], { STAGEWRIGHT_HTTP_TOKEN: '' });
    expect(noToken).toMatchObject({ code: 2 });
    expect((noToken as { stderr: string }).stderr).toContain('STAGEWRIGHT_HTTP_TOKEN');
  });

  it('with --allow-remote and a token, answers only requests that carry it', async () => {
    const token = 'a-long-enough-test-token';
    const server = await started(['--host', '0.0.0.0', '--port', '0', '--allow-remote'], { STAGEWRIGHT_HTTP_TOKEN: token });
    try {
      const url = server.url.replace('0.0.0.0', '127.0.0.1');
      expect((await rawPost(url, {}, INITIALIZE)).status).toBe(401);
      const client = await connectHttp(url, { Authorization: `Bearer ${token}` });
      expect((await client.client.listTools()).tools.length).toBeGreaterThan(0);
      await client.transport.terminateSession();
    } finally {
      await server.stop();
    }
  });
});
