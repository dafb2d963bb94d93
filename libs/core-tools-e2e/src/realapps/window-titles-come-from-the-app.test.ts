// Document apps set their window title from the main process ('report.md — Notes') and ignore
// the page's <title>. An agent reads and switches windows by what the user sees in the title bar.
import { describe, expect, it } from 'vitest';
import { withApp } from '../test-support/with-app.js';
import { waitUntil } from '../test-support/processes.js';
import { connect, ok } from '../test-support/mcp.js';
import { fixturePath } from '../test-support/fixtures.js';
import { freePort, spawnApp } from '../test-support/spawn-app.js';

type Win = { id: string; title: string; active: boolean };

describe('window titles set by the main process', () => {
  it('are listed as the app sets them, follow later changes, and switch windows by title', async () => {
    await withApp('notes', async (app) => {
      const first = (await app.call('electron_windows')).windows as Win[];
      expect(first.map((w) => w.title)).toEqual(['Untitled — Notes']);

      await app.call('electron_click', { selector: '#open' });
      expect(await waitUntil(async () => ((await app.call('electron_windows')).windows as Win[])[0]?.title === 'report.md — Notes')).toBe(
        true,
      );

      await app.call('electron_click', { selector: '#preferences' });
      let windows: Win[] = [];
      await waitUntil(async () => {
        windows = (await app.call('electron_windows')).windows as Win[];
        return windows.length === 2;
      });
      expect(windows.map((w) => w.title)).toEqual(['report.md — Notes', 'Preferences — Notes']);

      expect(await app.call('electron_switch_window', { title: 'Preferences — Notes' })).toMatchObject({
        ok: true,
        window: { id: 'w2', title: 'Preferences — Notes', active: true },
      });
      expect(await app.call('electron_switch_window', { title: 'report.md' })).toMatchObject({ ok: true, window: { id: 'w1' } });
    });
  });

  it('come from the main process of an app the agent attached to with its inspector port', async () => {
    const [cdp, inspect] = [await freePort(), await freePort()];
    const app = await spawnApp(fixturePath('notes'), [`--remote-debugging-port=${cdp}`, `--inspect=${inspect}`], cdp);
    const conn = await connect();
    try {
      await ok(conn, 'electron_attach', { port: cdp, inspectPort: inspect });
      // The DevTools port answers before the app has created its first window.
      let windows: Win[] = [];
      await waitUntil(async () => {
        windows = (await ok(conn, 'electron_windows')).windows as Win[];
        return windows.length > 0;
      });
      expect(windows.map((w) => w.title)).toEqual(['Untitled — Notes']);
      await ok(conn, 'electron_detach');
    } finally {
      await conn.close();
      await app.kill();
    }
  });
});
