// What crossed IPC is the question an agent asks when a click does the wrong thing: the capture
// must see the real renderer -> main -> renderer round trip, and stopping must leave the app's own
// handlers and prototype exactly as they were.
import { describe, expect, it } from 'vitest';
import { ipcApp } from '@stagewright/fixtures/ipc';
import { withApp, type AppUnderTest } from '@stagewright/harness';
import { connectIpc } from './test-support/ipc-server.js';
import { PATCH_STATE, UNHOOKED } from './test-support/patch-state.js';

const clickAndSee = async (app: AppUnderTest, button: string, target: string, text: string) => {
  expect(await app.call('electron_click', { selector: button })).toMatchObject({ ok: true });
  expect(await app.call('electron_expect_text', { selector: target, equals: text })).toMatchObject({ ok: true });
};

describe('ipc capture', () => {
  it('records a handle round trip, its error, an on message and a main -> renderer send', async () => {
    await withApp(connectIpc(), ipcApp, async (app) => {
      expect(await app.call('ipc_capture', { channels: ['math:add', 'log', 'push', 'push:request'] })).toMatchObject({
        ok: true,
        handle: ['math:add'],
        on: ['log', 'push:request'],
        sends: true,
      });
      await clickAndSee(app, '#add', '#sum', 'Sum: 5');
      await clickAndSee(app, '#add-bad', '#sum', "Error: Error invoking remote method 'math:add': Error: add expects two numbers");
      const first = await app.call('ipc_read', {});
      expect(first).toMatchObject({ ok: true, capturing: true, dropped: 0, missed: 0, more: false });
      expect(first.events).toEqual([
        expect.objectContaining({ seq: 1, type: 'handle', channel: 'math:add', args: [2, 3], result: 5, stubbed: false }),
        expect.objectContaining({ seq: 2, type: 'handle', channel: 'math:add', args: ['two', 3], error: 'add expects two numbers' }),
      ]);

      expect(await app.call('electron_click', { selector: '#send' })).toMatchObject({ ok: true });
      await clickAndSee(app, '#request-push', '#push', 'Push: pushed after 50 ms');
      const next = await app.call('ipc_read', { cursor: first.cursor as number });
      expect(next.events).toEqual([
        expect.objectContaining({ type: 'on', channel: 'log', args: ['hello'] }),
        expect.objectContaining({ type: 'on', channel: 'push:request', args: [50] }),
        expect.objectContaining({ type: 'send', channel: 'push', args: ['pushed after 50 ms'] }),
      ]);
    });
  });

  it('stop puts back the original handler, listeners and send, and records nothing more', async () => {
    await withApp(connectIpc({ allowEval: true }), ipcApp, async (app) => {
      const evalMain = async () => (await app.call('electron_eval_main', { code: PATCH_STATE })).result;
      expect(await evalMain()).toEqual(UNHOOKED);
      await app.call('ipc_capture', { channels: ['math:add', 'log', 'push'] });
      expect(await evalMain()).toEqual({ ...UNHOOKED, sameAdd: false, sameSend: false, logListeners: 2 });

      expect(await app.call('ipc_stop', {})).toMatchObject({ ok: true, stopped: ['math:add', 'log', 'push'], buffered: 0 });
      expect(await evalMain()).toEqual(UNHOOKED);
      await clickAndSee(app, '#add', '#sum', 'Sum: 5');
      expect(await app.call('ipc_read', {})).toMatchObject({ ok: true, events: [], capturing: false });
      expect(await app.call('ipc_stop', {})).toMatchObject({ ok: false, code: 'ipc.NOT_CAPTURING' });
    });
  });
});
