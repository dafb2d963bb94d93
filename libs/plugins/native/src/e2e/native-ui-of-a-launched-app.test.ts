// What an agent needs from the native layer of a desktop app, on one launched fixture: the menu
// as the user sees it, menu and tray actions whose effect shows on the page, a clear error that
// lists the real labels when a path is wrong, and the notification the app showed while starting
// (before any call could have asked for it: only launch-time hooks can see it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuDialogApp } from '@stagewright/fixtures/menu-dialog';
import type { InMemoryConnection } from '@stagewright/harness';
import { connectNative } from './test-support/connect-native.js';

describe('native plugin on a launched app', () => {
  let app: InMemoryConnection;
  beforeAll(async () => {
    app = await connectNative();
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
});
