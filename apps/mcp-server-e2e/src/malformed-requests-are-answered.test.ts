// What reaches stdin is not always what an SDK client would send. A host bug, a runaway model or
// an attacker can send a 12 MiB line, a line that is not JSON, `arguments: 5` or a `__proto__`
// key. Each must get an answer the host can route (its id when it can be read), the server must
// keep serving, and closing stdin must still end the server and its app.
import { afterEach, describe, expect, it } from 'vitest';
import { electronExecutable } from '@stagewright/fake-electron';
import { fixturePath } from './test-support/shipped.js';
import { rawStdio, type RawStdio } from '@stagewright/harness';
import { MAX_REQUEST_BYTES } from '../../mcp-server/src/request-lines.js';

const initialize = {
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
};
const envelope = (message: { result?: { content: { text: string }[] } }) => JSON.parse(message.result!.content[0].text);

let raw: RawStdio | undefined;
afterEach(async () => {
  await raw?.close();
  raw = undefined;
});

async function started(args: string[] = []): Promise<RawStdio> {
  const server = rawStdio(args, { STAGEWRIGHT_ELECTRON: electronExecutable() });
  server.send(initialize);
  await server.answer(0);
  server.send({ method: 'notifications/initialized' });
  return server;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('malformed requests over stdio', () => {
  it('answers an oversized line with its id, keeps serving the app, and still ends both on stdin EOF', async () => {
    raw = await started();
    raw.send({ id: 1, method: 'tools/call', params: { name: 'electron_launch', arguments: { main: fixturePath('bench') } } });
    const { pid } = envelope(await raw.answer(1, 60_000));
    expect(pid).toBeGreaterThan(0);

    raw.send(
      `{"jsonrpc":"2.0","id":"huge","method":"tools/call","params":{"name":"electron_type","arguments":{"selector":"#name","text":"${'x'.repeat(MAX_REQUEST_BYTES + 1)}"}}}`,
    );
    const refused = await raw.answer('huge');
    expect(refused.error).toEqual({ code: -32600, message: expect.stringMatching(/^Request too large: over 4194304 bytes/) });

    raw.send({ id: 2, method: 'tools/call', params: { name: 'electron_status', arguments: {} } });
    expect(envelope(await raw.answer(2))).toMatchObject({ ok: true, sessions: [{ state: 'running' }] });

    expect(await raw.close()).toBe(0);
    raw = undefined;
    const deadline = Date.now() + 15_000;
    while (alive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(alive(pid)).toBe(false);
  });

  it('answers a line that is not JSON with a parse error and carries on', async () => {
    raw = await started();
    raw.send('{"jsonrpc":"2.0","id":3,"method":');
    expect((await raw.answer(null)).error).toMatchObject({ code: -32700 });
    raw.send({ id: 4, method: 'tools/call', params: { name: 'electron_status', arguments: {} } });
    expect(envelope(await raw.answer(4))).toMatchObject({ ok: true });
  });

  it.each([
    ['a number', 5, 'arguments must be an object of named parameters, got number'],
    ['an array', ['e1'], 'arguments must be an object of named parameters, got an array'],
    ['null', null, 'arguments must be an object of named parameters, got null'],
  ])('answers arguments that are %s with a BAD_ARGUMENT envelope, not a protocol error', async (_label, args, message) => {
    raw = await started();
    raw.send({ id: 5, method: 'tools/call', params: { name: 'electron_click', arguments: args } });
    const answer = await raw.answer(5);
    expect(answer.error).toBeUndefined();
    expect(envelope(answer)).toMatchObject({
      ok: false,
      code: 'BAD_ARGUMENT',
      error: `Invalid arguments for electron_click: ${message}.`,
      retryable: false,
    });
  });

  it('refuses a __proto__ key by name instead of dropping it, and a NUL in a path before touching the disk', async () => {
    raw = await started();
    raw.send(
      '{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"electron_click","arguments":{"ref":"e1","__proto__":{"x":1}}}}',
    );
    expect(envelope(await raw.answer(6))).toMatchObject({ code: 'BAD_ARGUMENT', details: { param: '__proto__' } });
    raw.send({ id: 7, method: 'tools/call', params: { name: 'electron_screenshot', arguments: { path: 'shot\u0000.png' } } });
    expect(envelope(await raw.answer(7))).toMatchObject({ code: 'BAD_ARGUMENT', details: { param: 'path' } });
  });

  it('answers a tools/call without a tool name with -32602 and a one-line message', async () => {
    raw = await started();
    raw.send({ id: 8, method: 'tools/call', params: { arguments: {} } });
    expect((await raw.answer(8)).error).toEqual({
      code: -32602,
      message: expect.stringContaining('tools/call needs params.name, the tool name as a string.'),
    });
  });
});
