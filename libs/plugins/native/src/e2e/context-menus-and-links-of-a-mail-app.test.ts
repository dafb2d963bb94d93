// What an agent needs around a desktop app's edges, on one launched mail app: the context menu the
// app builds in main from a right-click, read and clicked with the effect on the page; links the
// app sends to the browser, recorded and never opened; an OAuth callback and a file handed to the
// app the way the system does it; and a file path outside the app's folder refused.
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailApp } from '@stagewright/fixtures/mail';
import type { InMemoryConnection } from '@stagewright/harness';
import { connectNative } from './test-support/connect-native.js';

const text = (selector: string, equals: string) => ({ selector, equals });

describe('context menus and links of a launched mail app', () => {
  let app: InMemoryConnection;
  beforeAll(async () => {
    app = await connectNative(['main']);
    const launched = await app.call('electron_launch', { main: mailApp.dir });
    if (!launched.ok) throw new Error(`launch failed: ${JSON.stringify(launched)}`);
  });
  afterAll(async () => {
    await app?.call('electron_stop', {}).catch(() => undefined);
    await app?.close();
  });

  it('reads the menu a right-click popped up, with the params it answers', async () => {
    expect(await app.call('electron_click', { selector: '#subject', button: 'right' })).toMatchObject({ ok: true });
    const read = await app.call('native_context_menu', {});
    expect(read).toMatchObject({ ok: true, window: { title: 'Inbox — Mail' }, for: { x: expect.any(Number) } });
    expect(read.menu).toEqual([
      { label: 'Mark as Important', type: 'checkbox', checked: false },
      { label: 'Move to', submenu: [{ label: 'Archive' }, { label: 'Spam' }, { label: 'Trash' }] },
      { label: 'Print…', enabled: false },
    ]);
  });

  it('clicks a checkbox and a submenu item by label path, and the page shows it', async () => {
    expect(await app.call('native_context_menu_click', { path: ['mark as important'] })).toMatchObject({
      ok: true,
      clicked: ['Mark as Important'],
      checked: true,
    });
    expect(await app.call('electron_expect_text', text('#important', 'Important'))).toMatchObject({ ok: true });
    const closed = await app.call('native_context_menu', { timeoutMs: 200 });
    expect(closed).toMatchObject({ ok: false, code: 'native.NO_CONTEXT_MENU' });

    await app.call('electron_click', { selector: '#body', button: 'right' });
    expect(await app.call('native_context_menu_click', { path: ['Move to', 'Archive'] })).toMatchObject({ ok: true });
    expect(await app.call('electron_expect_text', text('#last-action', 'move: Archive'))).toMatchObject({ ok: true });
  });

  it('answers a wrong path with the labels there, a disabled item, and a menu built for an editable field', async () => {
    await app.call('electron_click', { selector: '#reply', button: 'right' });
    const read = await app.call('native_context_menu', {});
    expect(read).toMatchObject({ ok: true, for: { isEditable: true } });
    expect((read.menu as { label: string }[]).map((item) => item.label).slice(0, 4)).toEqual(['Cut', 'Copy', 'Paste', 'Quote Subject']);
    const missing = await app.call('native_context_menu_click', { path: ['Move to', 'Outbox'] });
    expect(missing).toMatchObject({ ok: false, code: 'native.ITEM_NOT_FOUND' });
    expect(missing.error).toContain('"Archive"');
    expect(await app.call('native_context_menu_click', { path: ['Print...'] })).toMatchObject({ ok: false, code: 'native.ITEM_DISABLED' });
    // Still open after failed clicks: the right item works.
    expect(await app.call('native_context_menu_click', { path: ['Quote Subject'] })).toMatchObject({ ok: true });
    expect(await app.call('electron_expect_text', text('#last-action', 'paste-quote: Release 2.0 is out'))).toMatchObject({ ok: true });
  });

  it('records a target=_blank link and "Open Link in Browser" as external opens, and opens nothing', async () => {
    const before = (await app.call('native_external_opens', {})).cursor as number;
    const clicked = await app.call('electron_click', { selector: '#notes-link' });
    expect(clicked).toMatchObject({ ok: true });
    expect((clicked.caused as { opened?: unknown } | undefined)?.opened).toBeUndefined();
    await app.call('electron_click', { selector: '#notes-link', button: 'right' });
    expect(await app.call('native_context_menu', {})).toMatchObject({ ok: true, for: { linkURL: 'https://example.com/release-notes' } });
    expect(await app.call('native_context_menu_click', { path: ['Open Link in Browser'] })).toMatchObject({ ok: true });
    const opens = await app.call('native_external_opens', { cursor: before });
    expect(opens.opens).toEqual([
      expect.objectContaining({ via: 'window.open', url: 'https://example.com/release-notes', action: 'deny' }),
      expect.objectContaining({ via: 'shell.openExternal', url: 'https://example.com/release-notes', opened: false }),
      expect.objectContaining({ via: 'shell.openExternal', url: 'https://example.com/release-notes', opened: false }),
    ]);
    expect(await app.call('electron_eval_main', { code: 'return require("electron").shell._openedExternal.length' })).toMatchObject({
      ok: true,
      result: 0,
    });
  });

  it('routes the OAuth callback of a sign-in started in the page', async () => {
    expect(await app.call('electron_click', { selector: '#sign-in' })).toMatchObject({ ok: true });
    const opens = await app.call('native_external_opens', {});
    const authorize = (opens.opens as { url: string }[]).at(-1)?.url ?? '';
    const state = new URL(authorize).searchParams.get('state');
    expect(authorize).toMatch(/^https:\/\/auth\.example\.test\/authorize\?/);

    expect(await app.call('native_open_url', { url: 'oauth/callback' })).toMatchObject({ ok: false, code: 'BAD_ARGUMENT' });
    const wrong = await app.call('native_open_url', { url: 'myapp://oauth/callback?code=c0de&state=forged', via: 'open-url' });
    expect(wrong).toMatchObject({ ok: true, via: 'open-url', handled: true, registered: true });
    expect(await app.call('electron_expect_text', text('#last-action', 'auth-error: state mismatch'))).toMatchObject({ ok: true });

    const routed = await app.call('native_open_url', { url: `myapp://oauth/callback?code=c0de&state=${state}` });
    expect(routed).toMatchObject({ ok: true, via: 'second-instance' });
    expect(await app.call('electron_expect_text', text('#account', 'Signed in (code c0de)'))).toMatchObject({ ok: true });
    expect(await app.call('electron_windows', {})).toMatchObject({ ok: true, windows: [{ title: 'Inbox (signed in) — Mail' }] });
  });

  it('hands over a file inside the app folder, and refuses one outside it, also through a link', async () => {
    expect(await app.call('native_open_file', { path: 'messages/welcome.eml', via: 'open-file' })).toMatchObject({
      ok: true,
      via: 'open-file',
    });
    expect(await app.call('electron_expect_text', text('#subject', 'Welcome to Mail'))).toMatchObject({ ok: true });

    const outside = mkdtempSync(join(tmpdir(), 'native-open-file-'));
    const link = join(mailApp.dir, 'messages', 'escape.eml');
    try {
      symlinkSync('/etc/hostname', link);
      for (const path of ['/etc/hostname', '../menu-dialog/main.js', 'messages/escape.eml', join(outside, 'missing.eml')]) {
        expect(await app.call('native_open_file', { path }), path).toMatchObject({ ok: false, code: 'PATH_OUTSIDE_ROOT' });
      }
      expect(await app.call('native_open_file', { path: 'messages/nope.eml' })).toMatchObject({ ok: false, code: 'BAD_ARGUMENT' });
    } finally {
      rmSync(link, { force: true });
      rmSync(outside, { recursive: true, force: true });
    }
    expect(await app.call('electron_expect_text', text('#subject', 'Welcome to Mail'))).toMatchObject({ ok: true });
  });
});
