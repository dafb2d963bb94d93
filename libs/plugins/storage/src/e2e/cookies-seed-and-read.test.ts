// Cookies are read and written through the session's browser context, from the server side: the
// app itself must see what storage_cookie_set seeds, and values stay hidden unless asked for.
import { describe, expect, it } from 'vitest';
import { loginApp } from '@stagewright/fixtures/login';
import { withApp } from '@stagewright/harness';
import { connectWith, withStorageApp } from './test-support/connect.js';

type Listed = { name: string; value?: string; valueLength?: number; domain: string; path: string };

describe('storage cookies', () => {
  it('lists the cookie the app server set with its value redacted, and reveals it on request', async () => {
    await withStorageApp(async (app) => {
      const hidden = await app.call('storage_cookies', {});
      expect(hidden).toMatchObject({ ok: true, total: 1 });
      const [visited] = hidden.cookies as Listed[];
      expect(visited).toMatchObject({ name: 'visited', domain: '127.0.0.1', path: '/', valueLength: 3 });
      expect(visited).not.toHaveProperty('value');

      const shown = await app.call('storage_cookies', { values: true });
      expect((shown.cookies as Listed[])[0]).toMatchObject({ name: 'visited', value: 'yes' });
      expect(JSON.stringify(hidden)).not.toContain('"yes"');
    }, []);
  });

  it("seeds a cookie the page then sends and shows, for the active window's URL", async () => {
    await withStorageApp(async (app) => {
      const set = await app.call('storage_cookie_set', { name: 'seeded', value: '42' });
      expect(set).toMatchObject({ ok: true, cookie: { name: 'seeded', value: '42', domain: '127.0.0.1' } });

      // The page's own Set cookie button prints document.cookie: the seeded cookie is in it.
      expect(await app.call('electron_click', { selector: '#set-cookie' })).toMatchObject({ ok: true });
      const shown = await app.call('electron_expect_text', { selector: '#cookies', contains: 'seeded=42' });
      expect(shown).toMatchObject({ ok: true });

      const windows = (await app.call('electron_windows', {})).windows as { url: string }[];
      const listed = await app.call('storage_cookies', { url: windows[0].url, values: true });
      expect(listed.ok).toBe(true);
      expect((listed.cookies as Listed[]).map((c) => `${c.name}=${c.value}`).sort()).toEqual(['seeded=42', 'theme=light', 'visited=yes']);
    }, []);
  });

  it('clears one cookie by name, then all of them', async () => {
    await withStorageApp(async (app) => {
      await app.call('storage_cookie_set', { name: 'a', value: '1' });
      expect(await app.call('storage_cookies_clear', { name: 'visited' })).toMatchObject({ ok: true, removed: 1, remaining: 1 });
      expect(await app.call('storage_cookies', {})).toMatchObject({ ok: true, total: 1, cookies: [{ name: 'a' }] });
      expect(await app.call('storage_cookies_clear', {})).toMatchObject({ ok: true, removed: 1, remaining: 0 });
    }, []);
  });

  it('refuses url together with domain, naming both', async () => {
    await withStorageApp(async (app) => {
      const refused = await app.call('storage_cookie_set', { name: 'x', value: '1', url: 'http://127.0.0.1/', domain: '127.0.0.1' });
      expect(refused).toMatchObject({ ok: false, code: 'BAD_ARGUMENT' });
      expect(String(refused.error)).toMatch(/url or domain/);
    }, []);
  });
});

describe('storage_cookie_set scope and refusal', () => {
  it('scopes a cookie by domain and path, so the page at / does not send it', async () => {
    await withStorageApp(async (app) => {
      const set = await app.call('storage_cookie_set', { name: 'deep', value: 'x', path: '/admin' });
      expect(set).toMatchObject({ ok: true, cookie: { name: 'deep', domain: '127.0.0.1', path: '/admin' } });
      await app.call('electron_click', { selector: '#set-cookie' });
      expect(await app.call('electron_expect_text', { selector: '#cookies', contains: 'theme=light' })).toMatchObject({ ok: true });
      expect(await app.call('electron_expect_text', { selector: '#cookies', contains: 'deep=', not: true })).toMatchObject({ ok: true });
    }, []);
  });

  it('says so when the browser does not keep the cookie', async () => {
    await withStorageApp(async (app) => {
      const expired = await app.call('storage_cookie_set', { name: 'old', value: '1', expires: 1 });
      expect(expired).toMatchObject({ ok: false, code: 'storage.COOKIE_REJECTED' });
      expect(await app.call('storage_cookies', {})).toMatchObject({ ok: true, total: 1 });
    }, []);
  });
});

describe('storage cookies on a file:// page and with bad input', () => {
  it('asks for a url or domain on a file:// page, and refuses a malformed url as BAD_ARGUMENT', async () => {
    await withApp(connectWith([]), loginApp, async (app) => {
      expect(await app.call('storage_cookie_set', { name: 'a', value: '1' })).toMatchObject({ ok: false, code: 'storage.NO_ORIGIN' });
      expect(await app.call('storage_cookie_set', { name: 'a', value: '1', url: 'not a url' })).toMatchObject({
        ok: false,
        code: 'BAD_ARGUMENT',
      });
      expect(await app.call('storage_cookie_set', { name: 'a', value: '1', url: 'http://127.0.0.1:9/' })).toMatchObject({
        ok: true,
        cookie: { domain: '127.0.0.1' },
      });
    });
  });
});
