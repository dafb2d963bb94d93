// The overview reads each origin's storage through DevTools, without the renderer grant: it has
// to see what the app stored in all three places, and keep values out of it.
import { describe, expect, it } from 'vitest';
import { withStorageApp } from './test-support/connect.js';

describe('storage_snapshot', () => {
  it("summarises the page origin's cookies, web storage keys and databases without values", async () => {
    await withStorageApp(async (app) => {
      await app.call('electron_type', { selector: '#note', text: 'secret note' });
      await app.call('electron_click', { selector: '#save-note' });
      await app.call('electron_expect_text', { selector: '#saved-note', contains: 'secret note' });

      const snapshot = await app.call('storage_snapshot', {});
      expect(snapshot).toMatchObject({
        ok: true,
        truncated: false,
        origins: [
          {
            origin: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
            cookies: 1,
            localStorage: { count: 1, chars: 'note'.length + 'secret note'.length, keys: ['note'] },
            sessionStorage: { count: 0, keys: [] },
            indexedDB: ['fixture'],
          },
        ],
      });
      expect(JSON.stringify(snapshot)).not.toContain('secret note');
    }, []);
  });
});
