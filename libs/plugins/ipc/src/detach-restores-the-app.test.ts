// A detached app keeps running after the agent leaves: whatever the plugin hooked in it (capture
// wrappers, listeners, stubs) must be put back before the connection goes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ipcApp } from '@stagewright/fixtures/ipc';
import { connectIpc } from './test-support/ipc-server.js';
import { PATCH_STATE, UNHOOKED as ORIGINAL } from './test-support/patch-state.js';
import { spawnApp, type SpawnedApp } from '@stagewright/fake-electron';

describe('ipc on an attached app', () => {
  let app: SpawnedApp;
  beforeAll(async () => {
    app = await spawnApp(ipcApp.dir);
  });
  afterAll(() => app?.kill());

  it('puts back handlers, listeners, send and stubs before detaching', async () => {
    const conn = await connectIpc({ allowEval: true })();
    try {
      const attach = { port: app.cdp, inspectPort: app.inspect };
      expect(await conn.call('electron_attach', attach)).toMatchObject({ ok: true });
      expect((await conn.call('electron_eval_main', { code: PATCH_STATE })).result).toEqual(ORIGINAL);
      await conn.call('ipc_capture', { channels: ['math:add', 'log', 'push'] });
      await conn.call('ipc_stub', { channel: 'echo:stubbed', value: 1 });
      expect((await conn.call('electron_eval_main', { code: PATCH_STATE })).result).toEqual({
        sameAdd: false,
        sameSend: false,
        logListeners: 2,
        echoHandled: true,
      });
      expect(await conn.call('electron_detach', {})).toMatchObject({ ok: true });

      expect(await conn.call('electron_attach', attach)).toMatchObject({ ok: true });
      expect((await conn.call('electron_eval_main', { code: PATCH_STATE })).result).toEqual(ORIGINAL);
      expect(await conn.call('ipc_read', {})).toMatchObject({ ok: false, code: 'ipc.NOT_CAPTURING' });
      expect(await conn.call('electron_detach', {})).toMatchObject({ ok: true });
    } finally {
      await conn.close();
    }
  });

  it('keeps two servers attached to one app apart', async () => {
    const [first, second] = [await connectIpc()(), await connectIpc()()];
    try {
      const attach = { port: app.cdp, inspectPort: app.inspect };
      for (const conn of [first, second]) expect(await conn.call('electron_attach', attach)).toMatchObject({ ok: true });
      await first.call('ipc_capture', { channels: ['echo'] });
      expect(await second.call('ipc_read', {})).toMatchObject({ ok: false, code: 'ipc.NOT_CAPTURING' });
      await second.call('ipc_capture', { channels: ['math:add'] });
      await first.call('ipc_invoke', { channel: 'echo', args: ['first'] });
      await second.call('ipc_invoke', { channel: 'math:add', args: [1, 2] });
      expect((await first.call('ipc_read', {})).events).toEqual([expect.objectContaining({ channel: 'echo', result: 'first' })]);
      expect((await second.call('ipc_read', {})).events).toEqual([expect.objectContaining({ channel: 'math:add', result: 3 })]);
      // Both on one channel: the first server's wrapper sits on the second's. The second lets go
      // first and cannot unstack it; the handler must still answer, then and after both left.
      await first.call('ipc_capture', { channels: ['echo', 'math:add'] });
      expect(await second.call('electron_detach', {})).toMatchObject({ ok: true });
      expect(await first.call('ipc_invoke', { channel: 'math:add', args: [2, 2] })).toMatchObject({ ok: true, result: 4 });
      expect(await first.call('electron_detach', {})).toMatchObject({ ok: true });
      expect(await second.call('electron_attach', attach)).toMatchObject({ ok: true });
      expect(await second.call('ipc_invoke', { channel: 'math:add', args: [3, 4] })).toMatchObject({ ok: true, result: 7 });
      expect(await second.call('electron_detach', {})).toMatchObject({ ok: true });
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});
