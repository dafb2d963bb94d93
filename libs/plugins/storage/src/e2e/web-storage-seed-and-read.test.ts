// localStorage and sessionStorage are read and written in the page itself: a note the app saved
// must read back, and a note seeded by the tool must be what the app shows after a reload.
import { describe, expect, it } from 'vitest';
import { reloadPage, withStorageApp } from './test-support/connect.js';

describe('storage_web', () => {
  it('reads back the note the app saved in localStorage', async () => {
    await withStorageApp(async (app) => {
      await app.call('electron_type', { selector: '#note', text: 'buy milk' });
      await app.call('electron_click', { selector: '#save-note' });
      expect(await app.call('storage_web', { op: 'get', key: 'note' })).toMatchObject({
        ok: true,
        area: 'local',
        key: 'note',
        value: 'buy milk',
        truncated: false,
      });
      expect(await app.call('storage_web', { op: 'keys' })).toMatchObject({ ok: true, keys: ['note'], count: 1 });
      expect(await app.call('storage_web', { op: 'get', key: 'absent' })).toMatchObject({ ok: true, value: null });
    });
  });

  it('seeds a note the app shows after a reload, and removes it again', async () => {
    await withStorageApp(async (app) => {
      expect(await app.call('storage_web', { op: 'set', key: 'note', value: 'seeded' })).toMatchObject({ ok: true, replaced: false });
      await reloadPage(app);
      expect(await app.call('electron_expect_text', { selector: '#saved-note', equals: 'Saved note: seeded' })).toMatchObject({ ok: true });

      expect(await app.call('storage_web', { op: 'remove', key: 'note' })).toMatchObject({ ok: true, removed: true });
      await reloadPage(app);
      expect(await app.call('electron_expect_text', { selector: '#saved-note', equals: 'No saved note' })).toMatchObject({ ok: true });
    });
  });

  it('keeps sessionStorage apart from localStorage and clears one area only', async () => {
    await withStorageApp(async (app) => {
      await app.call('storage_web', { op: 'set', key: 'note', value: 'local' });
      await app.call('storage_web', { op: 'set', area: 'session', key: 'tab', value: 'one' });
      expect(await app.call('storage_web', { op: 'keys', area: 'session' })).toMatchObject({ ok: true, keys: ['tab'] });
      expect(await app.call('storage_web', { op: 'clear', area: 'session' })).toMatchObject({ ok: true, removed: 1 });
      expect(await app.call('storage_web', { op: 'get', key: 'note' })).toMatchObject({ ok: true, value: 'local' });
    });
  });

  it('refuses an op without the key it needs before touching the page', async () => {
    await withStorageApp(async (app) => {
      const refused = await app.call('storage_web', { op: 'set', key: 'note' });
      expect(refused).toMatchObject({ ok: false, code: 'BAD_ARGUMENT' });
      expect(String(refused.error)).toContain('needs value');
    });
  });
});
