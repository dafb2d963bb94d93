// Electron apps have several windows; an agent must see them all (including ones opened after
// launch), pick one explicitly, and be told when the window it was acting on went away.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, refOf, type Connection, openTestApp, closeTestApp } from '../test-support/mcp.js';
import { waitUntil } from '../test-support/processes.js';

type Win = { id: string; title: string; active: boolean; visible: boolean; focused: boolean; url: string };

describe('windows', () => {
  let conn: Connection;

  beforeAll(async () => {
    conn = await openTestApp('two-windows');
  });
  afterAll(() => closeTestApp(conn));

  it('picks up a window the app opened after launch', async () => {
    let windows: Win[] = [];
    await waitUntil(async () => {
      windows = (await ok(conn, 'electron_windows')).windows as Win[];
      return windows.length === 2 && windows[1].title === 'Settings';
    });
    expect(windows.map((w) => [w.id, w.title, w.active])).toEqual([
      ['w1', 'Main', true],
      ['w2', 'Settings', false],
    ]);
    expect(windows[0]).toMatchObject({ visible: true });
  });

  it('switches by title, index and window id, and snapshots the active window', async () => {
    expect(await ok(conn, 'electron_switch_window', { title: 'settings' })).toMatchObject({ window: { id: 'w2', active: true } });
    expect((await ok(conn, 'electron_snapshot')).snapshot).toContain('Settings window');
    await ok(conn, 'electron_switch_window', { index: 0 });
    expect((await ok(conn, 'electron_snapshot')).snapshot).toContain('Main window');
    await ok(conn, 'electron_switch_window', { window: 'w2' });
    expect((await ok(conn, 'electron_windows')).windows as Win[]).toMatchObject([{ active: false }, { active: true }]);
  });

  it('still answers the former names, which are never listed (ADR-0041)', async () => {
    const listed = (await conn.client.listTools()).tools;
    expect(listed.map((tool) => tool.name)).not.toContain('electron_windows_list');
    expect(listed.find((tool) => tool.name === 'electron_switch_window')?.inputSchema.properties).not.toHaveProperty('id');
    await ok(conn, 'electron_switch_window', { id: 'w1' });
    expect((await ok(conn, 'electron_windows_list')).windows as Win[]).toMatchObject([{ active: true }, { active: false }]);
    await ok(conn, 'electron_switch_window', { window: 'w2' });
    // Both names at once: the former one is refused as unknown, as any extra parameter is.
    expect(await conn.call('electron_switch_window', { id: 'w1', window: 'w1' })).toMatchObject({ code: 'BAD_ARGUMENT' });
  });

  it('WINDOW_NOT_FOUND for an unknown window, BAD_ARGUMENT without a choice', async () => {
    expect(await conn.call('electron_switch_window', { window: 'w9' })).toMatchObject({
      code: 'WINDOW_NOT_FOUND',
      next_actions: ['electron_windows'],
    });
    expect(await conn.call('electron_switch_window', {})).toMatchObject({ code: 'BAD_ARGUMENT' });
  });

  it('falls back to another window when the active one closes, and says so once', async () => {
    const { snapshot } = await ok(conn, 'electron_snapshot');
    // The notice rides on the first response after the close, whichever call that is.
    const clicked = await ok(conn, 'electron_click', { ref: refOf(snapshot as string, 'button', 'Close settings') });
    const notices = [...(clicked.notices ?? [])];
    let listed: Awaited<ReturnType<typeof ok>> | undefined;
    await waitUntil(async () => {
      listed = await ok(conn, 'electron_windows');
      notices.push(...(listed.notices ?? []));
      return (listed.windows as Win[]).length === 1;
    });
    expect(notices).toEqual(['Active window w2 closed; now w1.']);
    expect(listed!.windows).toMatchObject([{ id: 'w1', active: true }]);
    expect((await ok(conn, 'electron_snapshot')).snapshot).toContain('Main window');
    expect((await ok(conn, 'electron_status')).notices).toBeUndefined();
  });
});
