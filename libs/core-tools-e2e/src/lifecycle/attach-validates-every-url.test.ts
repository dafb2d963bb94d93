// A loopback DevTools or inspector endpoint hands back the WebSocket URL to connect to; if that
// URL (or a redirect) points elsewhere, following it would take the server off loopback. Every
// URL must be checked before any connection is made to it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer } from 'node:net';
import { connect, type Connection } from '../test-support/mcp.js';

/** Counts every TCP connection made to 127.0.0.2 (loopback on Linux, but outside the allowed set). */
class Elsewhere {
  connections = 0;
  port = 0;
  private server?: TcpServer;
  async start(): Promise<void> {
    this.server = createTcpServer((socket) => {
      this.connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.2', resolve));
    this.port = (this.server.address() as { port: number }).port;
  }
  close(): Promise<void> {
    return new Promise((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}

/** A loopback endpoint whose answers are set per test. */
async function endpoint(
  answer: (path: string) => { status: number; headers?: Record<string, string>; body?: unknown },
): Promise<{ server: Server; port: number }> {
  const server = createServer((req, res) => {
    const { status, headers, body } = answer(req.url ?? '');
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(body === undefined ? '' : JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as { port: number }).port };
}

describe('electron_attach follows no URL off loopback', () => {
  let conn: Connection;
  const elsewhere = new Elsewhere();
  const servers: Server[] = [];
  const serve = async (answer: Parameters<typeof endpoint>[0]) => {
    const made = await endpoint(answer);
    servers.push(made.server);
    return made.port;
  };

  beforeAll(async () => {
    await elsewhere.start();
    conn = await connect();
  });
  afterAll(async () => {
    await conn?.close();
    for (const server of servers) server.close();
    await elsewhere.close();
  });

  it('refuses a /json/version webSocketDebuggerUrl on another host', async () => {
    const port = await serve(() => ({
      status: 200,
      body: { Browser: 'Chrome/140', webSocketDebuggerUrl: `ws://127.0.0.2:${elsewhere.port}/devtools/browser/x` },
    }));
    for (const args of [{ port }, { cdpUrl: `http://127.0.0.1:${port}` }]) {
      const r = await conn.call('electron_attach', { ...args, timeoutMs: 3000 });
      expect(r, JSON.stringify(args)).toMatchObject({ ok: false, code: 'NOT_LOOPBACK' });
      expect(String(r.error)).toContain('127.0.0.2');
    }
    expect(elsewhere.connections).toBe(0);
  });

  it('refuses an inspector /json/list URL on another host', async () => {
    const port = await serve(() => ({
      status: 200,
      body: [{ type: 'node', webSocketDebuggerUrl: `ws://127.0.0.2:${elsewhere.port}/abc` }],
    }));
    const r = await conn.call('electron_attach', { inspectPort: port, timeoutMs: 3000 });
    expect(r).toMatchObject({ ok: false, code: 'NOT_LOOPBACK' });
    expect(elsewhere.connections).toBe(0);
  });

  it('does not follow an HTTP redirect of /json/version off loopback', async () => {
    const port = await serve(() => ({ status: 302, headers: { location: `http://127.0.0.2:${elsewhere.port}/json/version` } }));
    const r = await conn.call('electron_attach', { port, timeoutMs: 3000 });
    expect(r).toMatchObject({ ok: false, code: 'NOT_LOOPBACK' });
    expect(elsewhere.connections).toBe(0);
  });

  it('does not follow a redirect of the WebSocket upgrade off loopback', async () => {
    let self = 0;
    self = await serve((path) =>
      path.startsWith('/json/version')
        ? { status: 200, body: { Browser: 'Chrome/140', webSocketDebuggerUrl: `ws://127.0.0.1:${self}/devtools/browser/x` } }
        : { status: 302, headers: { location: `ws://127.0.0.2:${elsewhere.port}/devtools/browser/x` } },
    );
    const r = await conn.call('electron_attach', { port: self, timeoutMs: 3000 });
    expect(r).toMatchObject({ ok: false, code: 'NOT_LOOPBACK' });
    expect(elsewhere.connections).toBe(0);
  });
});
