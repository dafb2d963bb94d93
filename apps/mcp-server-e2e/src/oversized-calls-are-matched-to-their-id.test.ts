// The official SDK client writes a request's "id" after its params. A refused oversized call must still carry that
// id, or the client can match the answer to nothing and waits for its own timeout on every such call.
import { afterEach, describe, expect, it } from 'vitest';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { electronExecutable } from '@stagewright/fake-electron';
import { connectStdio, type StdioConnection } from '@stagewright/harness';
import { MAX_REQUEST_BYTES } from '../../mcp-server/src/request-lines.js';
import { connectHttp, isRunning, spawnHttpServer, type HttpServerProcess } from './test-support/http.js';

/** 9.5 MiB of text, with a decoy "id" inside the arguments the scan must not take for the call's. */
const HUGE = { selector: '#name', text: `"id":77,${'x'.repeat(9.5 * 1024 * 1024)}`, nested: { id: 78 } };
/** Longer than the server could take to answer; the call must be answered before it, not time out. */
const OPTIONS = { timeout: 120_000 };

async function refusal(call: Promise<unknown>): Promise<{ code?: number; message: string }> {
  try {
    await call;
    return { message: 'the call succeeded' };
  } catch (error) {
    return { code: error instanceof McpError ? error.code : undefined, message: String((error as Error).message) };
  }
}

let stdio: StdioConnection | undefined;
let http: HttpServerProcess | undefined;
afterEach(async () => {
  await stdio?.close();
  await http?.stop();
  stdio = http = undefined;
});

describe('an oversized tools/call from the SDK client', () => {
  it('over stdio, is refused with its own id, and the next call is answered', async () => {
    stdio = await connectStdio({ env: { STAGEWRIGHT_ELECTRON: electronExecutable() } });
    expect(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { arguments: HUGE } }).length).toBeGreaterThan(
      2 * MAX_REQUEST_BYTES,
    );
    const refused = await refusal(stdio.client.callTool({ name: 'electron_type', arguments: HUGE }, undefined, OPTIONS));
    expect(refused).toEqual({ code: -32600, message: expect.stringMatching(/Request too large: over 4194304 bytes/) });
    expect(await stdio.call('electron_status')).toMatchObject({ ok: true });
  }, 180_000);

  it('over HTTP, is refused (413) with its own id in the JSON-RPC body', async () => {
    const server = await spawnHttpServer(['--port', '0']);
    if (!isRunning(server)) throw new Error(`server did not start: ${server.stderr}`);
    http = server;
    const client = await connectHttp(server.url);
    const refused = await refusal(client.client.callTool({ name: 'electron_type', arguments: HUGE }, undefined, OPTIONS));
    expect(refused.message).toMatch(/"code":-32600,"message":"Request too large: body over 4194304 bytes/);
    expect(refused.message).toMatch(/"id":\d+/);
    expect(refused.message).not.toMatch(/"id":(null|77|78)\b/);
    expect(await client.call('electron_status')).toMatchObject({ ok: true });
    await client.close();
  }, 180_000);
});
