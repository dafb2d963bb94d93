// An action's answer says what it caused: windows it opened or closed (id and title), the active
// window's URL changing, a dialog appearing. Without it an agent needs a second call to learn
// that a click opened a window, and a Control+W that closed its window as intended came back as
// WINDOW_NOT_FOUND and stayed in electron_status as the last error (issue 29 items 2 and 3).
import { describe, expect, it } from 'vitest';
import { waitUntil } from '../test-support/processes.js';
import { withApp } from '../test-support/with-app.js';

type Win = { id: string; title: string };
type Caused = {
  opened?: Win[];
  closed?: Win[];
  url?: string;
  dialogs?: { type: string; message: string }[];
  reloaded?: true;
  errors?: string[];
};

describe('actions say what they caused', () => {
  it('opened and closed windows, a URL change, a reload, a dialog and a page error; nothing when nothing happened', async () => {
    await withApp('multi-window', async (app) => {
      // The app opens a hidden helper window once its main window has loaded.
      await waitUntil(async () => ((await app.call('electron_windows', {})).windows as Win[]).length === 2);

      const quiet = await app.call('electron_click', { selector: '#count' });
      expect(quiet).toMatchObject({ ok: true });
      expect(quiet).not.toHaveProperty('caused');

      const opened = await app.call('electron_click', { selector: '#open-child' });
      expect(opened).toMatchObject({ ok: true });
      const openedWindows = (opened.caused as Caused | undefined)?.opened;
      expect(openedWindows).toHaveLength(1);
      expect(openedWindows![0]).toMatchObject({ id: 'w3', title: expect.stringMatching(/^Child/) });

      await app.call('electron_switch_window', { window: 'w3' });
      const navigated = await app.call('electron_click', { selector: '#details-link' });
      expect((navigated.caused as Caused | undefined)?.url).toMatch(/child\.html\?n=1#details$/);

      const greeted = await app.call('electron_click', { selector: '#greet' });
      expect((greeted.caused as Caused | undefined)?.dialogs).toEqual([{ type: 'alert', message: 'Hello from child 1' }]);

      // Effects the click handler defers to the next task still belong to the click.
      const saved = await app.call('electron_click', { selector: '#save' });
      expect(saved.caused).toEqual({
        url: expect.stringMatching(/child\.html\?n=1#saved$/),
        dialogs: [{ type: 'alert', message: 'Saved' }],
      });

      // A handler that threw: the click worked, and the error it caused is said, once, file and line.
      const broke = await app.call('electron_click', { selector: '#break' });
      expect(broke).toMatchObject({ ok: true });
      expect(broke.caused).toEqual({
        errors: [expect.stringMatching(/^TypeError: Cannot read properties of undefined \(reading 'save'\) \(child\.html:\d+\)$/)],
      });

      const reloaded = await app.call('electron_click', { selector: '#reload' });
      expect(reloaded.caused).toEqual({ reloaded: true });

      // The key's effect is to close the window it was pressed in: a success, with the notice.
      const closed = await app.call('electron_key', { key: 'Control+W' });
      expect(closed).toMatchObject({ ok: true });
      expect((closed.caused as Caused | undefined)?.closed).toEqual([{ id: 'w3', title: 'Child window 1' }]);
      expect(closed.notices).toEqual(['Active window w3 closed; now w1.']);

      const soon = await app.call('electron_click', { selector: '#open-child-soon' });
      expect((soon.caused as Caused | undefined)?.opened).toEqual([{ id: 'w4', title: expect.stringMatching(/^Child/) }]);

      // A document that cannot be loaded is named by its file, not only Chromium's error code.
      await app.call('electron_switch_window', { id: 'w4' });
      const missing = await app.call('electron_click', { selector: '#missing' });
      expect((missing.caused as Caused | undefined)?.errors).toEqual([
        'Failed to load resource: net::ERR_FILE_NOT_FOUND (no-such-page.html)',
      ]);

      const status = await app.call('electron_status', {});
      expect(status).toMatchObject({ ok: true, server: { last_error: null } });
    });
  });
});
