// Electron 30+ apps build a window from several WebContentsViews (a toolbar and the content, a
// sidebar, tabs). Each view is a page of its own, as in Electron, where Playwright sees one page per
// webContents: the agent must list each, snapshot it, act in one and see the effect in the other,
// as it does with windows. Issue 36 item 1, on the views fixture (a BaseWindow with a toolbar view
// and a content view).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePath } from '../test-support/fixtures.js';
import { type Connection, connect, ok, refOf } from '../test-support/mcp.js';
import { waitUntil } from '../test-support/processes.js';

type Win = { id: string; title: string; url: string; active: boolean };
type Surface = { id: string; kind: string; url: string; active: boolean };

describe('WebContentsViews, as the agent sees them', () => {
  let conn: Connection;
  let windows: Win[] = [];

  beforeAll(async () => {
    conn = await connect();
    await ok(conn, 'electron_launch', { main: fixturePath('views') });
    await waitUntil(async () => {
      windows = (await ok(conn, 'electron_windows')).windows as Win[];
      return windows.length === 2;
    });
  });
  afterAll(async () => {
    await conn?.call('electron_stop', {});
    await conn?.close();
  });

  it('lists each view as a window named by its page, with its own main surface', async () => {
    const byPage = Object.fromEntries(windows.map((w) => [w.url.split('/').pop(), w]));
    expect(Object.keys(byPage).sort()).toEqual(['content.html', 'toolbar.html']);
    expect(byPage['toolbar.html']!.title).toBe('Toolbar');
    expect(byPage['content.html']!.title).toBe('Content');
    await ok(conn, 'electron_switch_window', { window: byPage['content.html']!.id });
    const { surfaces } = await ok(conn, 'electron_surfaces');
    expect(surfaces as Surface[]).toEqual([{ id: 'main', kind: 'page', url: byPage['content.html']!.url, active: true }]);
  });

  it('a click in the toolbar view changes the content view, and its snapshot shows it', async () => {
    await ok(conn, 'electron_switch_window', { title: 'Toolbar' });
    const toolbar = (await ok(conn, 'electron_snapshot')).snapshot as string;
    await ok(conn, 'electron_click', { ref: refOf(toolbar, 'button', 'Archive') });
    await ok(conn, 'electron_switch_window', { title: 'Content' });
    await ok(conn, 'electron_expect_text', { selector: '#section', equals: 'Archive' });
    const content = (await ok(conn, 'electron_snapshot')).snapshot as string;
    expect(content).toContain('heading "Archive"');
    await ok(conn, 'electron_click', { ref: refOf(content, 'button', 'Count words') });
    await ok(conn, 'electron_expect_text', { selector: '#words', equals: '3 words' });
  });
});
