// Electron apps have several windows; an agent must see them all (including ones opened after
// launch), pick one explicitly, and be told when the window it was acting on went away. It can
// read and change their geometry, and a download a click starts is saved in the session's
// artifact folder and reported (ADR-0043). One launch serves every case.
import { mkdtemp, readFile, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, refOf, type Connection, closeTestApp, connect, launchTestApp } from '../test-support/mcp.js';
import { waitUntil } from '../test-support/processes.js';

type Win = {
  id: string;
  title: string;
  active: boolean;
  visible: boolean;
  focused: boolean;
  url: string;
  bounds?: number[];
  state?: string;
};

describe('windows', () => {
  let conn: Connection;
  let artifacts: string;

  beforeAll(async () => {
    artifacts = await mkdtemp(join(tmpdir(), 'stagewright-windows-'));
    conn = await connect({ screenshotDir: artifacts });
    await launchTestApp(conn, 'two-windows');
  });
  afterAll(async () => {
    await closeTestApp(conn);
    await rm(artifacts, { recursive: true, force: true });
  });

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

  it('reports bounds and state, and moves, resizes, maximizes and restores a window, read back', async () => {
    const [before] = (await ok(conn, 'electron_windows')).windows as Win[];
    expect(before).toMatchObject({ id: 'w1', state: 'normal', bounds: [expect.any(Number), expect.any(Number), 600, 400] });

    const resized = await ok(conn, 'electron_window_set', { bounds: [40, 30, 720, 480] });
    expect(resized.caused).toEqual({ window: { id: 'w1', bounds: [40, 30, 720, 480], state: 'normal' } });
    expect(((await ok(conn, 'electron_windows')).windows as Win[])[0]).toMatchObject({ bounds: [40, 30, 720, 480] });
    // The page sees the new size too: the viewport followed the window.
    expect(await ok(conn, 'electron_get_bbox', { selector: 'html' })).toMatchObject({ width: 720 });

    const maximized = await ok(conn, 'electron_window_set', { window: 'w1', state: 'maximized' });
    expect(maximized.caused).toMatchObject({ window: { id: 'w1', state: 'maximized' } });
    const restored = await ok(conn, 'electron_window_set', { window: 'w1', state: 'normal', focus: true });
    expect(restored.caused).toEqual({ window: { id: 'w1', bounds: [40, 30, 720, 480], state: 'normal' } });

    expect(await conn.call('electron_window_set', { window: 'w9', state: 'normal' })).toMatchObject({ code: 'WINDOW_NOT_FOUND' });
    expect(await conn.call('electron_window_set', { window: 'w1' })).toMatchObject({ code: 'BAD_ARGUMENT' });
    expect(await conn.call('electron_window_set', { bounds: [0, 0, 0, 600] })).toMatchObject({ code: 'BAD_ARGUMENT' });
  });

  it('saves a download a click starts in the artifact folder, says so in caused, and keeps answering', async () => {
    const { snapshot } = await ok(conn, 'electron_snapshot');
    const clicked = await ok(conn, 'electron_click', { ref: refOf(snapshot as string, 'link', 'Download report') });
    expect(clicked.caused).toMatchObject({ downloads: [{ id: 'd1', name: 'report.txt' }] });
    const { downloads } = await ok(conn, 'electron_downloads', { wait: true, timeoutMs: 10_000 });
    const saved = join(await realpath(artifacts), 'downloads', 'report.txt');
    expect(downloads).toEqual([
      {
        id: 'd1',
        url: 'data:text/plain,quarterly%20report',
        name: 'report.txt',
        size: expect.any(Number),
        received: 16,
        state: 'completed',
        path: saved,
      },
    ]);
    expect(await readFile(saved, 'utf8')).toBe('quarterly report');
    // The server (and the app) still answer after a native download (Playwright MCP's server dies here).
    expect((await ok(conn, 'electron_snapshot')).snapshot).toContain('Main window');
    expect(await ok(conn, 'electron_status')).toMatchObject({ sessions: [{ state: 'running' }] });
  });
});
