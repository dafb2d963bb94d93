// A model recovers only from errors that say what to do next. Each way a call can be refused
// before the handler runs gets its documented code and fix, and the server keeps serving after.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InMemoryConnection } from './test-fixtures/connect.js';
import { connectExample } from './test-fixtures/connect.js';

let connection: InMemoryConnection;
beforeAll(async () => {
  connection = await connectExample({ toolProfile: 'essential', allowEval: ['renderer'] });
});
afterAll(() => connection.close());

async function expectStillServing() {
  const { client } = connection;
  expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['electron_demo_eval_renderer']);
  expect(await connection.call('electron_demo_eval_renderer', { code: '1' })).toMatchObject({ ok: true, ran: '1' });
}

describe('refused calls', () => {
  it('names the parameter and type for a wrong type', async () => {
    const envelope = await connection.call('electron_demo_eval_renderer', { code: 12 });
    expect(envelope).toMatchObject({ ok: false, code: 'BAD_ARGUMENT', retryable: false, details: { param: 'code' } });
    expect(envelope.error).toMatch(/code must be string/);
    expect(envelope.hint).toMatch(/stagewright:\/\/tools/);
    await expectStillServing();
  });

  it('names a missing required field', async () => {
    const envelope = await connection.call('electron_demo_eval_renderer', {});
    expect(envelope).toMatchObject({ ok: false, code: 'BAD_ARGUMENT', details: { param: 'code' } });
    expect(envelope.error).toMatch(/missing required parameter code/);
    await expectStillServing();
  });

  it('rejects an unknown property with the accepted list', async () => {
    const envelope = await connection.call('electron_demo_eval_renderer', { code: '1', timeout: 5 });
    expect(envelope).toMatchObject({ ok: false, code: 'BAD_ARGUMENT', details: { param: 'timeout', accepted: ['code'] } });
    expect(envelope.error).toMatch(/unknown parameter timeout; accepted: code/);
    await expectStillServing();
  });

  it('answers an unknown tool with similar names', async () => {
    const envelope = await connection.call('electron_demo_eval_rendrer', {});
    expect(envelope).toMatchObject({ ok: false, code: 'UNKNOWN_TOOL', similar: ['electron_demo_eval_renderer'] });
    expect(envelope.hint).toMatch(/tools\/list/);
    await expectStillServing();
  });

  it('names a profile that contains a tool the active profile excluded', async () => {
    const envelope = await connection.call('electron_demo_echo', { text: 'hi' });
    expect(envelope).toMatchObject({ ok: false, code: 'TOOL_NOT_IN_PROFILE', details: { profile: 'full', flag: '--tool-profile full' } });
    expect(envelope.error).toMatch(/not in the active "essential" profile/);
    expect(envelope.hint).toMatch(/--tool-profile full/);
    await expectStillServing();
  });

  it('names the smallest named profile that lists the tool', async () => {
    const envelope = await connection.call('electron_drag');
    expect(envelope).toMatchObject({
      ok: false,
      code: 'TOOL_NOT_IN_PROFILE',
      details: { profile: 'testing', flag: '--tool-profile testing' },
    });
    expect(envelope.hint).toBe('Restart the server with --tool-profile testing (or --tool-profile full).');
    await expectStillServing();
  });

  it('returns the flag that enables an ungranted eval tool', async () => {
    const envelope = await connection.call('electron_demo_eval_main', { code: '1' });
    expect(envelope).toMatchObject({ ok: false, code: 'EVAL_NOT_ALLOWED', details: { flag: '--allow-eval=main' } });
    expect(envelope.hint).toMatch(/--allow-eval=main/);
    await expectStillServing();
  });

  it('checks the eval grant before the profile (the more specific fix)', async () => {
    const other = await connectExample({ toolProfile: 'essential' });
    try {
      expect(await other.call('electron_demo_eval_main', { code: '1' })).toMatchObject({ code: 'EVAL_NOT_ALLOWED' });
    } finally {
      await other.close();
    }
  });
});
