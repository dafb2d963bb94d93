// The operator's allowChannels is the line between what an agent may make the app do and what it
// may not: a near miss (a longer name, another prefix) must be refused as firmly as a stranger.
// And a handler that never answers must cost the agent a bounded wait, never a hung call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ipcApp } from '@stagewright/fixtures/ipc';
import { channelMatches } from './channel-pattern.js';
import { connectIpc } from './test-support/ipc-server.js';

type Connection = Awaited<ReturnType<ReturnType<typeof connectIpc>>>;
const ALLOWED = ['math:add', 'settings:*', 'job:*:x', 'confirm:wait', 'job:run'];
/** Main-process timers alive now: a timed-out or answered invoke must leave none of its own. */
const TIMERS = "return process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;";

describe('channel patterns', () => {
  it('match the whole channel, * standing for any run of characters', () => {
    const cases: [string, string, boolean][] = [
      ['math:add', 'math:add', true],
      ['math:add', 'math:add2', false],
      ['math:add', 'math:ad', false],
      ['math:add', 'Math:add', false],
      ['settings:*', 'settings:load', true],
      ['settings:*', 'settings:', true],
      ['settings:*', 'settings', false],
      ['settings:*', 'xsettings:load', false],
      ['*:load', 'settings:load', true],
      ['*:load', 'settings:load2', false],
      ['job:*:x', 'job:a:b:x', true],
      ['job:*:x', 'job:x', false],
      ['a*a', 'a', false],
      ['*', 'anything', true],
    ];
    for (const [pattern, channel, expected] of cases)
      expect([pattern, channel, channelMatches(pattern, channel)]).toEqual([pattern, channel, expected]);
  });
});

describe('ipc with an allowChannels list', () => {
  let app: Connection;
  beforeAll(async () => {
    app = await connectIpc({ allowEval: true, config: { allowChannels: ALLOWED } })();
    expect(await app.call('electron_launch', { main: ipcApp.dir })).toMatchObject({ ok: true });
  });
  afterAll(async () => {
    await app?.call('electron_stop', {}).catch(() => undefined);
    await app?.close();
  });

  it('refuses every channel off the list, near misses included, and changes nothing', async () => {
    for (const channel of ['math:add2', 'math:ad', 'Math:add', 'xsettings:load', 'settings', 'echo', 'job:x']) {
      const refused = await app.call('ipc_invoke', { channel, args: [1, 2] });
      expect(refused, channel).toMatchObject({
        ok: false,
        code: 'ipc.CHANNEL_NOT_ALLOWED',
        details: { refused: [channel], allowed: ALLOWED },
      });
      expect(JSON.stringify(refused)).toContain('allowChannels');
    }
    expect(await app.call('ipc_stub', { channel: 'math:add2', value: 1 })).toMatchObject({ code: 'ipc.CHANNEL_NOT_ALLOWED' });
    expect(await app.call('ipc_capture', { channels: ['math:add', 'whoami'] })).toMatchObject({
      code: 'ipc.CHANNEL_NOT_ALLOWED',
      details: { refused: ['whoami'] },
    });
    expect(await app.call('ipc_read', {})).toMatchObject({ code: 'ipc.NOT_CAPTURING' });
    expect(await app.call('electron_click', { selector: '#add' })).toMatchObject({ ok: true });
    expect(await app.call('electron_expect_text', { selector: '#sum', equals: 'Sum: 5' })).toMatchObject({ ok: true });
  });

  it('lets listed channels through, exact and by pattern', async () => {
    expect(await app.call('ipc_invoke', { channel: 'math:add', args: [1, 2] })).toMatchObject({ ok: true, result: 3 });
    // Allowed by settings:*, not registered until Settings opens.
    expect(await app.call('ipc_invoke', { channel: 'settings:load' })).toMatchObject({ ok: false, code: 'ipc.NO_HANDLER' });
    expect(await app.call('ipc_capture', { channels: ['math:add', 'settings:load'] })).toMatchObject({ ok: true });
    expect(await app.call('ipc_stop', {})).toMatchObject({ ok: true });
  });

  it('answers INVOKE_TIMEOUT for a handler that never settles, within the bound, and keeps no timer', async () => {
    const timers = async () => (await app.call('electron_eval_main', { code: TIMERS })).result as number;
    const baseline = await timers();
    const started = Date.now();
    const hung = await app.call('ipc_invoke', { channel: 'confirm:wait', timeoutMs: 300 });
    expect(hung).toMatchObject({ ok: false, code: 'ipc.INVOKE_TIMEOUT', details: { channel: 'confirm:wait', timeoutMs: 300 } });
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(await timers()).toBe(baseline);
    // Answered before the bound: its timer is cleared too.
    expect(await app.call('ipc_invoke', { channel: 'job:run', args: [20], timeoutMs: 5_000 })).toMatchObject({
      ok: true,
      result: 'done after 20 ms',
    });
    expect(await timers()).toBe(baseline);
  });

  it('drops a late rejection after the timeout: the app and the server carry on', async () => {
    expect(await app.call('ipc_invoke', { channel: 'job:run', args: [400, true], timeoutMs: 100 })).toMatchObject({
      code: 'ipc.INVOKE_TIMEOUT',
    });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await app.call('ipc_invoke', { channel: 'job:run', args: [10, true] })).toMatchObject({
      code: 'ipc.INVOKE_FAILED',
      error: 'job failed',
    });
    expect(await app.call('electron_click', { selector: '#add' })).toMatchObject({ ok: true });
    expect(await app.call('electron_expect_text', { selector: '#sum', equals: 'Sum: 5' })).toMatchObject({ ok: true });
  });
});
