// A stub is how an agent tests the UI against an answer the real backend will not give on demand
// (an error, an edge value); invoke checks a handler without a UI path to it. Both must act on
// what the page shows and on the real handler table, not on a copy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ipcApp } from '@stagewright/fixtures/ipc';
import { withApp } from '@stagewright/harness';
import { connectIpc } from './test-support/ipc-server.js';

type Connection = Awaited<ReturnType<ReturnType<typeof connectIpc>>>;

/** #add shows the sum; #add-bad is the button whose page code catches a rejected invoke. */
const clickAdd = async (app: Pick<Connection, 'call'>, shows: string, button = '#add') => {
  expect(await app.call('electron_click', { selector: button })).toMatchObject({ ok: true });
  expect(await app.call('electron_expect_text', { selector: '#sum', equals: shows })).toMatchObject({ ok: true });
};
const STUBBED_ERROR = "Error: Error invoking remote method 'math:add': Error: backend down";

describe('ipc stub and invoke', () => {
  it('a stub changes what the page shows until it is removed, and capture marks stubbed answers', async () => {
    await withApp(connectIpc(), ipcApp, async (app) => {
      await clickAdd(app, 'Sum: 5');
      expect(await app.call('ipc_stub', { channel: 'math:add', value: 42 })).toMatchObject({ ok: true, stubbed: true, replaced: true });
      await clickAdd(app, 'Sum: 42');

      await app.call('ipc_capture', { channels: ['math:add'] });
      expect(await app.call('ipc_stub', { channel: 'math:add', error: 'backend down' })).toMatchObject({ ok: true });
      await clickAdd(app, STUBBED_ERROR, '#add-bad');
      // Stopping the capture keeps the stub: it lasts the session.
      await app.call('ipc_stub', { channel: 'math:add', value: 43 });
      await app.call('ipc_stop', {});
      await clickAdd(app, 'Sum: 43');
      expect((await app.call('ipc_read', {})).events).toEqual([
        expect.objectContaining({ channel: 'math:add', args: ['two', 3], error: 'backend down', stubbed: true }),
      ]);

      expect(await app.call('ipc_stub', { channel: 'math:add', remove: true })).toMatchObject({ ok: true, removed: true });
      await clickAdd(app, 'Sum: 5');
    });
  });
});

// The rest share one app: a refused stub changes nothing, invoke reads the real handler table (no
// stub on math:add here), and the second window is opened last.
describe('ipc stub refusals and invoke', () => {
  let app: Connection;
  beforeAll(async () => {
    app = await connectIpc()();
    expect(await app.call('electron_launch', { main: ipcApp.dir })).toMatchObject({ ok: true });
  });
  afterAll(async () => {
    await app?.call('electron_stop', {}).catch(() => undefined);
    await app?.close();
  });

  it('refuses a stub with both or neither of value, error and remove', async () => {
    expect(await app.call('ipc_stub', { channel: 'math:add' })).toMatchObject({ ok: false, code: 'BAD_ARGUMENT' });
    expect(await app.call('ipc_stub', { channel: 'math:add', value: 1, error: 'x' })).toMatchObject({ ok: false, code: 'BAD_ARGUMENT' });
  });

  it('invokes a handle channel from the main side, with the window as sender, and reports throws and missing handlers', async () => {
    expect(await app.call('ipc_invoke', { channel: 'math:add', args: [4, 5] })).toMatchObject({ ok: true, result: 9 });
    expect(await app.call('ipc_invoke', { channel: 'whoami' })).toMatchObject({ ok: true, result: { windowTitle: 'IPC' } });
    expect(await app.call('ipc_invoke', { channel: 'math:add', args: ['x', 1] })).toMatchObject({
      ok: false,
      code: 'ipc.INVOKE_FAILED',
      error: 'add expects two numbers',
    });
    expect(await app.call('ipc_invoke', { channel: 'no:such' })).toMatchObject({ ok: false, code: 'ipc.NO_HANDLER' });
    // A stubbed channel answers invoke with the stub, as it answers the renderer.
    await app.call('ipc_stub', { channel: 'no:such', value: { fake: true } });
    expect(await app.call('ipc_invoke', { channel: 'no:such' })).toMatchObject({ ok: true, result: { fake: true } });
  });

  it('sends as the active window of the session, named by its main-process id, even when another window has focus', async () => {
    const opened = await app.call('electron_eval_main', {
      code: "const win = new electron.BrowserWindow({ title: 'Second' }); await win.loadURL('data:text/html,<title>Second</title><p>two</p>'); win.focus(); return win.webContents.id;",
    });
    expect(opened, JSON.stringify(opened)).toMatchObject({ ok: true });
    // The driver hears of a new window a moment after main created it.
    await expect.poll(async () => (await app.call('electron_switch_window', { title: 'Second' })).ok, { timeout: 5_000 }).toBe(true);
    expect(await app.call('ipc_invoke', { channel: 'whoami' })).toMatchObject({
      result: { webContentsId: opened.result, windowTitle: 'Second' },
    });
    expect(await app.call('electron_switch_window', { title: 'IPC' })).toMatchObject({ ok: true });
    const first = await app.call('ipc_invoke', { channel: 'whoami' });
    expect(first).toMatchObject({ ok: true, result: { windowTitle: 'IPC' } });
    expect(first.result).not.toMatchObject({ webContentsId: opened.result });
  });
});
