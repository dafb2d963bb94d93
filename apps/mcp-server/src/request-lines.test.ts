// The line splitter is the only reader between stdin and the protocol: it must hand over whole
// messages however the bytes are chunked, and answer (never silently drop) what it refuses.
import { describe, expect, it } from 'vitest';
import { RequestLines, type JsonRpcError } from './request-lines.js';

async function run(chunks: string[], maxBytes = 64) {
  const replies: JsonRpcError[] = [];
  const lines = new RequestLines(maxBytes, (reply) => replies.push(reply));
  const passed: string[] = [];
  lines.on('data', (chunk: Buffer) => passed.push(chunk.toString()));
  const ended = new Promise((resolve) => lines.on('end', resolve));
  for (const chunk of chunks) lines.write(Buffer.from(chunk));
  lines.end();
  await ended;
  return { passed: passed.join(''), replies };
}

describe('RequestLines', () => {
  it('passes whole lines through however they are chunked, skipping blank ones', async () => {
    const { passed, replies } = await run(['{"id":1,', '"a":2}\n\n{"id"', ':2}\n{"id":3}']);
    expect(passed).toBe('{"id":1,"a":2}\n{"id":2}\n{"id":3}\n');
    expect(replies).toEqual([]);
  });

  it('answers an oversized line with -32600 and its id, then carries on', async () => {
    const big = `{"jsonrpc":"2.0","id":42,"method":"tools/call","params":{"text":"${'x'.repeat(100)}"}}`;
    const { passed, replies } = await run([big.slice(0, 50), big.slice(50), '\n{"id":43}\n']);
    expect(replies).toEqual([
      { jsonrpc: '2.0', id: 42, error: { code: -32600, message: expect.stringMatching(/^Request too large: over 64 bytes/) } },
    ]);
    expect(passed).toBe('{"id":43}\n');
  });

  it('answers with a null id when the oversized line shows no id, and keeps string ids as strings', async () => {
    const { replies } = await run([`{"params":"${'y'.repeat(80)}"}\n{"id":"req-7","x":"${'z'.repeat(80)}"}\n`]);
    expect(replies.map((reply) => reply.id)).toEqual([null, 'req-7']);
  });

  it('finds the id of an oversized line where the SDK client writes it, last, and not a nested one', async () => {
    const sdkOrder = `{"method":"tools/call","params":{"arguments":{"id":5,"text":"${'x'.repeat(100)}"}},"jsonrpc":"2.0","id":44}`;
    const { replies } = await run([sdkOrder.slice(0, 30), sdkOrder.slice(30), '\n']);
    expect(replies.map((reply) => reply.id)).toEqual([44]);
  });

  it('answers a line that is not JSON with -32700 and passes the next one', async () => {
    const { passed, replies } = await run(['{"id":1,\n{"id":2}\n']);
    expect(replies).toEqual([{ jsonrpc: '2.0', id: null, error: { code: -32700, message: expect.stringMatching(/^Parse error/) } }]);
    expect(passed).toBe('{"id":2}\n');
  });
});
