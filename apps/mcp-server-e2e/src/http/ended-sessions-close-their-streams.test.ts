// A session that ends must let go of its client: a GET event stream's socket left open after the idle timeout holds
// a connection for a session that no longer exists.
import { type IncomingMessage, request } from 'node:http';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { isRunning, spawnHttpServer } from '../test-support/http.js';

const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
});

function post(url: string, headers: Record<string, string>, body: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { ...HEADERS, ...headers } });
    req.on('response', resolve);
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Opens the GET stream on a raw socket, waits for the server to end it, then sends one more
 * request on the same socket: what comes back says whether the server kept the socket.
 */
function afterTheStreamEnds(url: URL, session: string): Promise<string> {
  const head = (method: string) =>
    `${method} ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nAccept: text/event-stream\r\n` +
    `Mcp-Session-Id: ${session}\r\nMcp-Protocol-Version: 2025-11-25\r\n\r\n`;
  return new Promise((resolve) => {
    const socket = connect(Number(url.port), url.hostname);
    let seen = '';
    let after: string | undefined;
    socket.on('data', (chunk: Buffer) => {
      if (after !== undefined) {
        after += chunk.toString();
        return;
      }
      seen += chunk.toString();
      if (!seen.startsWith('HTTP/1.1 200')) return void resolve(`the stream was refused: ${seen.slice(0, 80)}`);
      if (!seen.endsWith('0\r\n\r\n')) return;
      after = '';
      socket.write(head('GET'));
    });
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(after === undefined ? 'closed before the stream ended' : after ? after.split('\r\n')[0] : 'closed'));
    socket.write(head('GET'));
  });
}

describe('a session ended by the idle timeout', () => {
  it('closes the socket of its standing GET stream', async () => {
    const server = await spawnHttpServer(['--port', '0', '--session-idle-ms', '1500']);
    if (!isRunning(server)) throw new Error(`server did not start: ${server.stderr}`);
    try {
      const init = await post(server.url, {}, INITIALIZE);
      init.resume();
      const session = String(init.headers['mcp-session-id']);
      expect(session).toMatch(/^[0-9a-f-]{36}$/);
      const headers = { 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' };
      (await post(server.url, headers, JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }))).resume();
      expect(await afterTheStreamEnds(new URL(server.url), session)).toBe('closed');
      expect(server.stderr()).toContain('idle timeout');
    } finally {
      await server.stop();
    }
  }, 60_000);
});
