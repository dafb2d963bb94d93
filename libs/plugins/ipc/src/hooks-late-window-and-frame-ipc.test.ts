// Real apps register handlers late (when a feature first opens), scope some to one window
// (webContents.ipc) and talk to one iframe (webContents.sendToFrame). A capture that sees only
// what ipcMain held at its start misses exactly the traffic an agent is debugging.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ipcApp } from '@stagewright/fixtures/ipc';
import { connectIpc } from './test-support/ipc-server.js';

type Connection = Awaited<ReturnType<ReturnType<typeof connectIpc>>>;
const TABLES = `
  const { ipcMain, webContents } = electron;
  const win = webContents.getAllWebContents()[0];
  return {
    ownSet: [Object.hasOwn(ipcMain._invokeHandlers, 'set'), Object.hasOwn(win.ipc._invokeHandlers, 'set')],
    settings: String(ipcMain._invokeHandlers.get('settings:load')).includes('theme'),
    windowInfo: String(win.ipc._invokeHandlers.get('window:info')).includes('getTitle'),
    sendToFrame: Object.hasOwn(Object.getPrototypeOf(win), 'sendToFrame') && !String(win.sendToFrame).includes('capturing'),
  };`;

describe('ipc hooks handlers registered later, per window and per frame', () => {
  let app: Connection;
  const click = async (button: string, target: string, text: string) => {
    expect(await app.call('electron_click', { selector: button })).toMatchObject({ ok: true });
    expect(await app.call('electron_expect_text', { selector: target, equals: text })).toMatchObject({ ok: true });
  };
  beforeAll(async () => {
    app = await connectIpc()();
    expect(await app.call('electron_launch', { main: ipcApp.dir })).toMatchObject({ ok: true });
  });
  afterAll(async () => {
    await app?.call('electron_stop', {}).catch(() => undefined);
    await app?.close();
  });

  it('wraps a handler the app registers after the capture started, and lists it once registered', async () => {
    expect((await app.call('ipc_handlers', {})).handle).not.toContain('settings:load');
    const started = await app.call('ipc_capture', { channels: ['settings:load', 'window:info', 'notes:add', 'notes:note'] });
    expect(started).toMatchObject({ ok: true, handle: ['window:info'] });
    await click('#open-settings', '#details', 'Settings open');
    const listed = await app.call('ipc_handlers', {});
    expect(listed).toMatchObject({ ok: true, windows: [{ webContentsId: expect.any(Number), handle: ['window:info'] }] });
    expect(listed.handle).toEqual(expect.arrayContaining(['settings:load', 'math:add']));
    expect(listed.on).toEqual(expect.arrayContaining(['log', 'notes:add']));
    await click('#settings', '#details', 'Theme: dark');
    const read = await app.call('ipc_read', { channel: 'settings:*' });
    expect(read.events).toEqual([
      expect.objectContaining({
        type: 'handle',
        channel: 'settings:load',
        result: { theme: 'dark', apiKey: '[redacted]' },
        stubbed: false,
      }),
    ]);
  });

  it("captures, invokes and stubs a handler scoped to one window's webContents.ipc", async () => {
    await click('#window-info', '#details', 'Window: IPC');
    // ipcMain has no 'window:info': an answer proves the sender's own table is asked first.
    expect(await app.call('ipc_invoke', { channel: 'window:info' })).toMatchObject({ ok: true, result: { title: 'IPC' } });
    const read = await app.call('ipc_read', { channel: 'window:info' });
    expect(read.events).toEqual([
      expect.objectContaining({
        type: 'handle',
        channel: 'window:info',
        result: expect.objectContaining({ title: 'IPC' }),
        webContentsId: expect.any(Number),
      }),
      expect.objectContaining({ type: 'handle', channel: 'window:info' }),
    ]);
    expect(await app.call('ipc_stub', { channel: 'window:info', value: { title: 'Stubbed' } })).toMatchObject({ ok: true, replaced: true });
    await click('#window-info', '#details', 'Window: Stubbed');
    expect(await app.call('ipc_stub', { channel: 'window:info', remove: true })).toMatchObject({ ok: true, removed: true });
    await click('#window-info', '#details', 'Window: IPC');
  });

  it('records a sendToFrame to the notes iframe, which shows it, and filters reads by channel', async () => {
    const before = await app.call('ipc_read', { channel: 'no-such:*' });
    expect(before).toMatchObject({ ok: true, events: [], more: false });
    await click('#add-note', '#details', 'Window: IPC');
    const { surfaces } = await app.call('electron_surfaces', {});
    const frame = (surfaces as { id: string }[]).find((surface) => surface.id !== 'main');
    expect(frame, JSON.stringify(surfaces)).toBeDefined();
    expect(await app.call('electron_switch_surface', { surfaceId: frame?.id })).toMatchObject({ ok: true });
    expect(await app.call('electron_expect_text', { selector: '#note', equals: 'Note: hello' })).toMatchObject({ ok: true });
    expect(await app.call('electron_switch_surface', { surfaceId: 'main' })).toMatchObject({ ok: true });
    const notes = await app.call('ipc_read', { cursor: before.cursor as number, channel: 'notes:*' });
    expect(notes.events).toEqual([
      expect.objectContaining({ type: 'on', channel: 'notes:add', args: ['hello'] }),
      expect.objectContaining({ type: 'send', channel: 'notes:note', args: ['hello'], frameId: expect.any(Number) }),
    ]);
    expect((notes.events as { frameId: number }[])[1].frameId).not.toBe(1);
  });

  it('wraps the webContents.ipc handler of a window opened during the capture', async () => {
    const opened = await app.call('electron_eval_main', {
      code: `const win = new electron.BrowserWindow({ title: 'Details' });
        win.webContents.ipc.handle('window:info', () => ({ title: 'Details' }));
        await win.loadURL('data:text/html,<title>Details</title>');
        return win.webContents.id;`,
    });
    expect(opened, JSON.stringify(opened)).toMatchObject({ ok: true });
    // The driver hears of a new window a moment after main created it.
    await expect.poll(async () => (await app.call('electron_switch_window', { title: 'Details' })).ok, { timeout: 5_000 }).toBe(true);
    const before = await app.call('ipc_read', { channel: 'window:info' });
    expect(await app.call('ipc_invoke', { channel: 'window:info' })).toMatchObject({ ok: true, result: { title: 'Details' } });
    const read = await app.call('ipc_read', { cursor: before.cursor as number, channel: 'window:info' });
    expect(read.events).toEqual([expect.objectContaining({ result: { title: 'Details' }, webContentsId: opened.result })]);
    expect(
      await app.call('electron_eval_main', {
        code: 'electron.BrowserWindow.getAllWindows().find((w) => w.getTitle() === "Details").close();',
      }),
    ).toMatchObject({ ok: true });
    expect(await app.call('electron_switch_window', { title: 'IPC' })).toMatchObject({ ok: true });
  });

  it('stop puts back every table, handler and send it hooked', async () => {
    const hooked = (await app.call('electron_eval_main', { code: TABLES })).result;
    expect(hooked).toMatchObject({ ownSet: [true, true], settings: false, windowInfo: false });
    expect(await app.call('ipc_stop', {})).toMatchObject({ ok: true });
    const state = (await app.call('electron_eval_main', { code: TABLES })).result;
    expect(state).toEqual({ ownSet: [false, false], settings: true, windowInfo: true, sendToFrame: true });
    await click('#window-info', '#details', 'Window: IPC');
  });
});
