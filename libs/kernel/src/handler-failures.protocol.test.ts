// A handler that throws or hangs must cost one call, not the server: the client gets a coded
// envelope, the handler is told to stop, and the next call is served normally.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InMemoryConnection } from './test-fixtures/connect.js';
import { connectExample } from './test-fixtures/connect.js';
import { observed } from './test-fixtures/example-tools.js';

let connection: InMemoryConnection;
beforeAll(async () => {
  connection = await connectExample({ operationTimeoutMs: 300 });
});
afterAll(() => connection.close());

const work = (behavior: string) => connection.call('electron_demo_work', { behavior });

describe('handler failures', () => {
  it('turns an unknown throw into INTERNAL_ERROR with its message and keeps serving', async () => {
    expect(await work('throw')).toMatchObject({ ok: false, code: 'INTERNAL_ERROR', error: 'boom from the handler', retryable: false });
    expect(await work('ok')).toMatchObject({ ok: true, done: true });
  });

  it('answers OPERATION_TIMEOUT for a handler that never settles, and keeps serving', async () => {
    const envelope = await work('hang');
    expect(envelope).toMatchObject({ ok: false, code: 'OPERATION_TIMEOUT', retryable: true });
    expect(envelope.error).toMatch(/300 ms operation timeout/);
    expect(await work('ok')).toMatchObject({ ok: true });
  });

  it('aborts the handler signal when the backstop fires', async () => {
    observed.abortReason = undefined;
    expect(await work('wait')).toMatchObject({ code: 'OPERATION_TIMEOUT' });
    expect(observed.abortReason).toMatchObject({ code: 'OPERATION_TIMEOUT' });
  });

  it("keeps a ToolError code and details, moves similar out of details, and takes guidance from the code's entry", async () => {
    expect(await work('tool_error')).toMatchObject({
      ok: false,
      code: 'EXPECTATION_FAILED',
      hint: expect.stringMatching(/compare expected with actual/),
      next_actions: [],
      similar: ['e1'],
      details: { expected: 'a', actual: 'b' },
      retryable: true,
    });
  });

  it('gives NO_SESSION from sessionOrThrow when no session manager is registered', async () => {
    expect(await work('session')).toMatchObject({ ok: false, code: 'NO_SESSION', hint: expect.stringMatching(/electron_launch/) });
  });

  it('records the last failure as a bounded breadcrumb (code, tool, time only)', async () => {
    await work('throw');
    const envelope = await work('ok');
    expect(envelope.lastError).toEqual({
      code: 'INTERNAL_ERROR',
      tool: 'electron_demo_work',
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('wraps scalar results and sends attached images as image blocks', async () => {
    expect(await work('scalar')).toMatchObject({ ok: true, result: 42 });
    const raw = await connection.callRaw('electron_demo_work', { behavior: 'image' });
    expect(raw.content.map((block) => block.type)).toEqual(['text', 'image']);
  });
});
