// The Host check keeps rebound web pages out; it must still let in every name the server is really reached by:
// its own bind address, this machine's addresses when bound to all of them, and names the operator gives.
import { request } from 'node:http';
import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { connectHttp, isRunning, spawnHttpServer } from '../test-support/http.js';

const TOKEN = 'a-long-enough-test-token';
const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
});

/** Status of an initialize POSTed to `url` with the given Host header (the socket goes to `url`'s address). */
function statusWithHost(url: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      headers: {
        host,
        authorization: `Bearer ${TOKEN}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end(INITIALIZE);
  });
}

const lanAddresses = Object.values(networkInterfaces())
  .flat()
  .filter((a) => a && !a.internal)
  .map((a) => (a!.family === 'IPv6' ? `[${a!.address.replace(/%.*$/, '')}]` : a!.address));

describe('Host headers a server really is reached by', () => {
  it('--host 127.0.0.2 answers requests to its own URL', async () => {
    const server = await spawnHttpServer(['--host', '127.0.0.2', '--port', '0']);
    if (!isRunning(server)) throw new Error(`server did not start: ${server.stderr}`);
    try {
      expect(server.url).toContain('127.0.0.2');
      const client = await connectHttp(server.url);
      expect((await client.client.listTools()).tools.length).toBeGreaterThan(0);
      await client.transport.terminateSession();
    } finally {
      await server.stop();
    }
  });

  it('bound to all addresses, accepts each address of this machine and each --allowed-host, and still refuses others', async () => {
    expect(lanAddresses.length).toBeGreaterThan(0);
    const args = [
      '--host',
      '0.0.0.0',
      '--port',
      '0',
      '--allow-remote',
      '--allowed-host',
      'stagewright.example',
      '--allowed-host',
      'Box.LAN',
    ];
    const server = await spawnHttpServer(args, { STAGEWRIGHT_HTTP_TOKEN: TOKEN });
    if (!isRunning(server)) throw new Error(`server did not start: ${server.stderr}`);
    try {
      const url = server.url.replace('0.0.0.0', '127.0.0.1');
      const port = new URL(url).port;
      for (const name of [...lanAddresses, 'stagewright.example', 'box.lan', '127.0.0.1'])
        expect(await statusWithHost(url, `${name}:${port}`), name).toBe(200);
      for (const name of ['rebound.example', 'stagewright.example.evil', '10.255.255.254'])
        expect(await statusWithHost(url, `${name}:${port}`), name).toBe(403);
    } finally {
      await server.stop();
    }
  });
});
