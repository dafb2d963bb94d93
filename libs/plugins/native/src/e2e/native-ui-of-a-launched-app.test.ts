// What an agent needs from the native layer of a desktop app, on one launched fixture: the menu
// as the user sees it, menu and tray actions whose effect shows on the page, a clear error that
// lists the real labels when a path is wrong, and the notification the app showed while starting
// (before any call could have asked for it: only launch-time hooks can see it). Its native
// dialogs wait for the agent's answer, as a user's would (ADR-0042); a short dialogTimeoutMs lets
// one go unanswered and be reported without a long wait.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuDialogApp } from '@stagewright/fixtures/menu-dialog';
import type { InMemoryConnection } from '@stagewright/harness';
import { connectNative } from './test-support/connect-native.js';

describe('native plugin on a launched app', () => {
  let app: InMemoryConnection;
  beforeAll(async () => {
    app = await connectNative([], { pluginConfigs: { native: { dialogTimeoutMs: 2_500 } } });
    const launched = await app.call('electron_launch', { main: menuDialogApp.dir });
    if (!launched.ok) throw new Error(`launch failed: ${JSON.stringify(launched)}`);
  });
  afterAll(async () => {
    await app?.call('electron_stop', {}).catch(() => undefined);
    await app?.close();
  });

  it('lists its tools without any eval grant', async () => {
    const names = (await app.client.listTools()).tools.map((tool) => tool.name).filter((name) => name.startsWith('native_'));
    expect(names).toEqual([
      'native_context_menu',
      'native_context_menu_click',
      'native_dialog_answer',
      'native_dialogs',
      'native_external_opens',
      'native_menu',
      'native_menu_click',
      'native_menu_item',
      'native_notification_click',
      'native_notifications',
      'native_open_file',
      'native_open_url',
      'native_tray_click',
      'native_trays',
      'native_web_notifications',
    ]);
  });

  it('reads the application menu as a tree with roles, accelerators and check states', async () => {
    const read = await app.call('native_menu', {});
    expect(read).toMatchObject({ ok: true, items: expect.any(Number) });
    const menu = read.menu as { label: string; submenu?: Record<string, unknown>[] }[];
    expect(menu.map((item) => item.label)).toEqual(['File', 'Edit', 'View', 'Help']);
    expect(menu[0].submenu).toContainEqual({ label: 'Open…', accelerator: 'CmdOrCtrl+O' });
    expect(menu[0].submenu).toContainEqual({ label: 'Quit', role: 'quit' });
    expect(menu[2].submenu?.[0]).toEqual({ label: 'Show Sidebar', accelerator: 'CmdOrCtrl+B', type: 'checkbox', checked: true });

    const view = await app.call('native_menu', { path: ['file', 'recent'] });
    expect(view).toMatchObject({ ok: true, menu: [{ label: 'notes.txt' }, { label: 'todo.md' }], items: 2 });
  });

  it('invokes a menu item by its label path, and the page shows the effect', async () => {
    expect(await app.call('native_menu_click', { path: ['View', 'Show Sidebar'] })).toMatchObject({
      ok: true,
      clicked: ['View', 'Show Sidebar'],
      checked: false,
    });
    expect(await app.call('electron_expect_text', { selector: '#menu-action', equals: 'Menu: sidebar (hidden)' })).toMatchObject({
      ok: true,
    });
    expect(await app.call('native_menu_click', { path: ['File', 'Recent', 'todo.md'] })).toMatchObject({ ok: true });
    expect(await app.call('electron_expect_text', { selector: '#menu-action', equals: 'Menu: recent (todo.md)' })).toMatchObject({
      ok: true,
    });
  });

  it('reads one item by its label path, with its whole state, without the rest of its menu', async () => {
    const dark = await app.call('native_menu_item', { path: ['View', 'Dark Theme'] });
    expect(dark).toMatchObject({ ok: true, path: ['View', 'Dark Theme'] });
    expect(dark.item).toEqual({ label: 'Dark Theme', id: 'theme-dark', type: 'radio', checked: false, enabled: true, visible: true });
    expect(await app.call('native_menu_item', { path: ['file', 'open...'] })).toMatchObject({
      ok: true,
      item: { label: 'Open…', id: 'file-open', type: 'normal', accelerator: 'CmdOrCtrl+O', enabled: true },
    });
    const recent = await app.call('native_menu_item', { path: ['File', 'Recent'] });
    expect(recent).toMatchObject({ ok: true, item: { label: 'Recent', type: 'submenu', submenu: ['notes.txt', 'todo.md'] } });
    const missing = await app.call('native_menu_item', { path: ['View', 'Zoom'] });
    expect(missing).toMatchObject({ ok: false, code: 'native.ITEM_NOT_FOUND' });
    expect(missing.error).toContain('"Show Sidebar"');
  });

  it('answers a wrong path with the labels that do exist there, and refuses a submenu', async () => {
    const missing = await app.call('native_menu_click', { path: ['File', 'Export'] });
    expect(missing).toMatchObject({ ok: false, code: 'native.ITEM_NOT_FOUND' });
    expect(missing.error).toContain('"Open…"');
    expect(missing.error).toContain('under "File"');
    const submenu = await app.call('native_menu_click', { path: ['File', 'Recent'] });
    expect(submenu).toMatchObject({ ok: false, code: 'native.NOT_CLICKABLE' });
    expect(submenu.error).toContain('"notes.txt"');
  });

  it('shows the notification the app raised at startup, before any call', async () => {
    const read = await app.call('native_notifications', {});
    expect(read).toMatchObject({
      ok: true,
      notifications: [{ seq: 1, title: 'Menu Dialog is ready', body: 'Open a file from the File menu.', silent: true, urgency: 'low' }],
      cursor: 1,
      more: false,
      dropped: 0,
    });
    expect(read.note).toBeUndefined();
    expect(await app.call('native_notifications', { cursor: 1 })).toMatchObject({ ok: true, notifications: [], cursor: 1 });
  });

  it('lists the tray made at startup and invokes its click and its context menu', async () => {
    const trays = await app.call('native_trays', {});
    expect(trays).toMatchObject({
      ok: true,
      trays: [
        { tray: 0, toolTip: 'Menu Dialog', events: ['click', 'mouse-enter', 'mouse-leave', 'mouse-down', 'mouse-up', 'balloon-click'] },
      ],
    });
    const menu = (trays.trays as { menu: { label: string }[] }[])[0].menu;
    expect(menu.map((item) => item.label)).toEqual(['Show Window', 'Check for Updates', 'Quit']);

    expect(await app.call('native_tray_click', {})).toMatchObject({ ok: true, tray: 0, emitted: 'click' });
    expect(await app.call('electron_expect_text', { selector: '#menu-action', equals: 'Menu: tray (clicked)' })).toMatchObject({
      ok: true,
    });
    // The item's handler shows a main-process notification: the answer says so (ADR-0044).
    expect(await app.call('native_tray_click', { path: ['Check for Updates'] })).toMatchObject({
      ok: true,
      clicked: ['Check for Updates'],
      caused: { notified: ['Menu Dialog is up to date'] },
    });
    expect(await app.call('electron_expect_text', { selector: '#menu-action', equals: 'Menu: updates (up to date)' })).toMatchObject({
      ok: true,
    });
  });

  it('emits pointer and balloon events to the tray listeners, as the OS would', async () => {
    for (const event of ['mouse-enter', 'mouse-down', 'mouse-up', 'mouse-leave', 'balloon-click']) {
      expect(await app.call('native_tray_click', { event })).toMatchObject({ ok: true, tray: 0, emitted: event });
      expect(await app.call('electron_expect_text', { selector: '#menu-action', equals: `Menu: tray (${event})` })).toMatchObject({
        ok: true,
      });
    }
  });

  it('filters notifications by title, and clicks one as the user would', async () => {
    const all = await app.call('native_notifications', {});
    expect((all.notifications as { title: string }[]).map((n) => n.title)).toEqual(['Menu Dialog is ready', 'Menu Dialog is up to date']);
    expect((all.notifications as Record<string, unknown>[])[1].silent).toBeUndefined();
    const ready = await app.call('native_notifications', { title: 'READY' });
    expect(ready).toMatchObject({ ok: true, notifications: [{ seq: 1, title: 'Menu Dialog is ready' }], more: false });
    expect(await app.call('native_notifications', { title: 'up to date', cursor: 1 })).toMatchObject({
      ok: true,
      notifications: [{ seq: 2 }],
      cursor: 2,
    });
    expect(await app.call('native_notification_click', { main: 1 })).toMatchObject({
      ok: true,
      clicked: { main: 1, title: 'Menu Dialog is ready' },
    });
    expect(await app.call('electron_expect_text', { selector: '#menu-action', equals: 'Menu: notification (clicked)' })).toMatchObject({
      ok: true,
    });
    expect(await app.call('native_notification_click', { main: 2 })).toMatchObject({ ok: false, code: 'native.NO_HANDLER' });
    expect(await app.call('native_notification_click', { main: 9 })).toMatchObject({ ok: false, code: 'native.NO_NOTIFICATION' });
  });

  it('names what exists when a tray or a listener is not there', async () => {
    expect(await app.call('native_tray_click', { tray: 3 })).toMatchObject({ ok: false, code: 'native.NO_TRAY' });
    expect(await app.call('native_tray_click', { event: 'double-click' })).toMatchObject({ ok: false, code: 'native.NO_HANDLER' });
    expect(await app.call('native_tray_click', { event: 'click', path: ['Quit'] })).toMatchObject({ ok: false, code: 'BAD_ARGUMENT' });
  });

  it("opens a file through File > Open after answering Don't Save in the unsaved-changes box, one call each", async () => {
    expect(await app.call('electron_type', { selector: '#document', text: 'draft' })).toMatchObject({ ok: true });
    const click = await app.call('native_menu_click', { path: ['File', 'Open…'] });
    expect(click).toMatchObject({ ok: true });
    expect(click.caused).toEqual({
      nativeDialogs: [{ dialog: 1, type: 'message', state: 'open', title: 'Unsaved changes', message: 'Discard unsaved changes?' }],
    });
    const listed = await app.call('native_dialogs', {});
    expect(listed).toMatchObject({
      ok: true,
      open: 1,
      dialogs: [
        {
          id: 1,
          type: 'message',
          window: 'Menu Dialog',
          buttons: ['Save', "Don't Save", 'Cancel'],
          defaultId: 0,
          cancelId: 2,
          checkbox: { label: 'Do not ask again', checked: false },
          state: 'open',
        },
      ],
    });

    const discard = await app.call('native_dialog_answer', { button: "don't save", checked: true });
    expect(discard).toMatchObject({ ok: true, answered: { dialog: 1, type: 'message', result: { response: 1, checkboxChecked: true } } });
    // The app's next step opened the file dialog: the answer says so.
    expect(discard.caused).toEqual({ nativeDialogs: [{ dialog: 2, type: 'open', state: 'open', title: 'Open file' }] });
    const opened = await app.call('native_dialog_answer', { paths: ['notes/welcome.txt'] });
    expect(opened).toMatchObject({
      ok: true,
      answered: { dialog: 2, type: 'open', result: { canceled: false, filePaths: [join(menuDialogApp.dir, 'notes', 'welcome.txt')] } },
    });
    expect(await app.call('electron_expect_text', { selector: '#document-name', equals: 'welcome.txt' })).toMatchObject({ ok: true });
    const dialogs = (await app.call('native_dialogs', {})).dialogs as Record<string, unknown>[];
    expect(dialogs.map((d) => [d.id, d.state, d.by])).toEqual([
      [1, 'answered', 'agent'],
      [2, 'answered', 'agent'],
    ]);
    expect(dialogs[1]).toMatchObject({ properties: ['openFile'], filters: [{ name: 'Text', extensions: ['txt', 'md'] }] });
  });

  it('refuses paths outside the allowed folders and changes nothing; a queued answer takes the next dialog', async () => {
    const outside = await app.call('native_dialog_answer', { queue: true, paths: ['../bench/index.html'] });
    expect(outside).toMatchObject({ ok: false, code: 'PATH_OUTSIDE_ROOT' });
    const click = await app.call('electron_click', { selector: '#save' });
    expect(click.caused).toEqual({ nativeDialogs: [{ dialog: 3, type: 'save', state: 'open', title: 'Save file' }] });
    expect(await app.call('native_dialog_answer', { paths: ['/etc/hostname'] })).toMatchObject({ ok: false, code: 'PATH_OUTSIDE_ROOT' });
    expect(await app.call('native_dialog_answer', { button: 0 })).toMatchObject({ ok: false, code: 'native.ANSWER_MISMATCH' });
    expect(await app.call('native_dialogs', { limit: 1 })).toMatchObject({ ok: true, open: 1, dialogs: [{ id: 3, state: 'open' }] });
    // A save answer writes: only into the screenshot folder, never over the app's own files.
    const code = join(menuDialogApp.dir, 'main.js');
    expect(await app.call('native_dialog_answer', { paths: [code] })).toMatchObject({ ok: false, code: 'PATH_OUTSIDE_ROOT' });
    const saved = await app.call('native_dialog_answer', { paths: ['copy.txt'] });
    expect(saved).toMatchObject({
      ok: true,
      answered: { dialog: 3, result: { canceled: false, filePath: expect.stringMatching(/copy\.txt$/) } },
    });
    const filePath = (saved.answered as { result: { filePath: string } }).result.filePath;
    expect(filePath.startsWith(menuDialogApp.dir)).toBe(false);
    expect(await app.call('electron_expect_text', { selector: '#dialog-result', equals: `Saved to: ${filePath}` })).toMatchObject({
      ok: true,
    });

    expect(await app.call('native_dialog_answer', { queue: true, button: 'ok' })).toMatchObject({ ok: true, queued: 1 });
    const about = await app.call('electron_click', { selector: '#message' });
    expect(about.caused).toEqual({
      nativeDialogs: [{ dialog: 4, type: 'message', state: 'answered', title: 'About Menu Dialog', message: 'Menu Dialog fixture' }],
    });
    expect(
      await app.call('electron_expect_text', { selector: '#dialog-result', equals: 'Message box answered with button 0' }),
    ).toMatchObject({
      ok: true,
    });
  });

  it('a Sync dialog blocks main, so it takes a queued answer or is cancelled at once', async () => {
    const bare = await app.call('electron_click', { selector: '#open-sync' });
    expect(bare.caused).toEqual({ nativeDialogs: [{ dialog: 5, type: 'open', state: 'cancelled' }] });
    expect(await app.call('electron_expect_text', { selector: '#dialog-result', equals: 'Open (sync) canceled' })).toMatchObject({
      ok: true,
    });
    expect(await app.call('native_dialog_answer', { queue: true, paths: ['notes/welcome.txt'] })).toMatchObject({ ok: true, queued: 1 });
    const queued = await app.call('electron_click', { selector: '#open-sync' });
    expect(queued.caused).toEqual({ nativeDialogs: [{ dialog: 6, type: 'open', state: 'answered' }] });
    const file = join(menuDialogApp.dir, 'notes', 'welcome.txt');
    expect(await app.call('electron_expect_text', { selector: '#dialog-result', equals: `Opened (sync): ${file}` })).toMatchObject({
      ok: true,
    });
    expect(((await app.call('native_dialogs', { limit: 2 })).dialogs as Record<string, unknown>[]).map((d) => [d.sync, d.by])).toEqual([
      [true, 'sync'],
      [true, 'queue'],
    ]);
  });

  it('cancels a dialog nobody answers within dialogTimeoutMs and reports it', async () => {
    const click = await app.call('electron_click', { selector: '#open' });
    expect(click.caused).toEqual({ nativeDialogs: [{ dialog: 7, type: 'open', state: 'open', title: 'Open file' }] });
    // The app gets Electron's cancelled answer once the bound has passed (2.5 s here, 30 s by default).
    expect(await app.call('electron_expect_text', { selector: '#dialog-result', equals: 'Open canceled', timeoutMs: 8_000 })).toMatchObject(
      {
        ok: true,
      },
    );
    const listed = await app.call('native_dialogs', { limit: 1 });
    expect(listed).toMatchObject({
      ok: true,
      open: 0,
      dialogs: [{ id: 7, state: 'cancelled', by: 'timeout', answer: { canceled: true } }],
    });
    expect(listed.note).toBe('No answer within 2500 ms: dialog 7 was answered as cancelled.');
    expect(await app.call('native_dialog_answer', { cancel: true, timeoutMs: 0 })).toMatchObject({ ok: false, code: 'native.NO_DIALOG' });
  });
});
