// An app the agent attaches to was started without the plugin's launch hooks: the plugin must
// still work, hook on first use, say plainly that earlier notifications and trays are not seen,
// and take its hooks out again when the agent detaches from the app it leaves running.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuDialogApp } from '@stagewright/fixtures/menu-dialog';
import { spawnApp, type SpawnedApp } from '@stagewright/fake-electron';
import { connectNative } from './test-support/connect-native.js';

const SHOW_IS_ORIGINAL = `
  const proto = electron.Notification.prototype;
  globalThis.__originalShow ??= proto.show;
  return proto.show === globalThis.__originalShow;`;
const OPEN_EXTERNAL_IS_ORIGINAL = `
  globalThis.__originalOpenExternal ??= electron.shell.openExternal;
  return electron.shell.openExternal === globalThis.__originalOpenExternal;`;
const OPEN_DIALOG_IS_ORIGINAL = `
  globalThis.__originalOpenDialog ??= electron.dialog.showOpenDialog;
  return electron.dialog.showOpenDialog === globalThis.__originalOpenDialog;`;

describe('native plugin on an attached app', () => {
  let spawned: SpawnedApp;
  beforeAll(async () => {
    spawned = await spawnApp(menuDialogApp.dir);
  });
  afterAll(() => spawned?.kill());

  it('hooks on first use, says what it could not see, records what follows, and unhooks on detach', async () => {
    const conn = await connectNative(['main']);
    try {
      const attach = { port: spawned.cdp, inspectPort: spawned.inspect };
      expect(await conn.call('electron_attach', attach)).toMatchObject({ ok: true });
      expect(await conn.call('electron_eval_main', { code: SHOW_IS_ORIGINAL })).toMatchObject({ ok: true, result: true });
      expect(await conn.call('electron_eval_main', { code: OPEN_EXTERNAL_IS_ORIGINAL })).toMatchObject({ ok: true, result: true });
      expect(await conn.call('electron_eval_main', { code: OPEN_DIALOG_IS_ORIGINAL })).toMatchObject({ ok: true, result: true });

      const first = await conn.call('native_notifications', {});
      expect(first).toMatchObject({ ok: true, notifications: [] });
      expect(first.note).toMatch(/first native_\* call.*notifications shown and trays created before then are not seen/);
      expect(await conn.call('native_trays', {})).toMatchObject({ ok: true, trays: [], note: expect.any(String) });
      expect(await conn.call('native_menu', { path: ['Help'] })).toMatchObject({ ok: true, menu: [{ label: 'About' }] });
      expect(await conn.call('electron_eval_main', { code: SHOW_IS_ORIGINAL })).toMatchObject({ ok: true, result: false });

      const opens = await conn.call('native_external_opens', {});
      expect(opens).toMatchObject({ ok: true, opens: [], note: expect.stringMatching(/first native_\* call/) });
      await conn.call('electron_eval_main', { code: "await electron.shell.openExternal('https://example.com/later')" });
      expect(await conn.call('native_external_opens', {})).toMatchObject({
        ok: true,
        opens: [{ via: 'shell.openExternal', url: 'https://example.com/later', opened: false }],
      });
      expect(await conn.call('electron_eval_main', { code: OPEN_EXTERNAL_IS_ORIGINAL })).toMatchObject({ ok: true, result: false });
      await conn.call('electron_eval_main', { code: "new electron.Notification({ title: 'Later', body: 'seen' }).show()" });
      expect(await conn.call('native_notifications', {})).toMatchObject({ ok: true, notifications: [{ title: 'Later', body: 'seen' }] });

      // Dialogs: hooked at the first native_* call, so a dialog opened now waits; a detach cancels it.
      const dialogs = await conn.call('native_dialogs', {});
      expect(dialogs).toMatchObject({ ok: true, dialogs: [], open: 0 });
      expect(dialogs.note).toMatch(/first native_\* call/);
      const click = await conn.call('electron_click', { selector: '#open' });
      expect(click.caused).toEqual({ nativeDialogs: [{ dialog: 1, type: 'open', state: 'open', title: 'Open file' }] });

      expect(await conn.call('electron_detach', {})).toMatchObject({ ok: true });
      expect(await conn.call('electron_attach', attach)).toMatchObject({ ok: true });
      expect(await conn.call('electron_expect_text', { selector: '#dialog-result', equals: 'Open canceled' })).toMatchObject({ ok: true });
      expect(await conn.call('electron_eval_main', { code: OPEN_DIALOG_IS_ORIGINAL })).toMatchObject({ ok: true, result: true });
      expect(await conn.call('electron_eval_main', { code: SHOW_IS_ORIGINAL })).toMatchObject({ ok: true, result: true });
      expect(await conn.call('electron_eval_main', { code: OPEN_EXTERNAL_IS_ORIGINAL })).toMatchObject({ ok: true, result: true });
      expect(await conn.call('electron_detach', {})).toMatchObject({ ok: true });
    } finally {
      await conn.close();
    }
  });

  it('hooks the page at the first web-notification call, records what follows, and unhooks it on detach', async () => {
    const conn = await connectNative(['main', 'renderer']);
    const HOOKS = "return Object.getOwnPropertySymbols(window).map(String).filter((s) => s.includes('stagewright.native.web')).length";
    try {
      const attach = { port: spawned.cdp, inspectPort: spawned.inspect };
      expect(await conn.call('electron_attach', attach)).toMatchObject({ ok: true });
      expect(await conn.call('electron_eval_renderer', { code: HOOKS })).toMatchObject({ ok: true, result: 0 });
      const first = await conn.call('native_web_notifications', {});
      expect(first).toMatchObject({ ok: true, notifications: [] });
      expect(first.note).toMatch(/already open: notifications those showed before then are not seen/);
      expect(await conn.call('electron_eval_renderer', { code: HOOKS })).toMatchObject({ ok: true, result: 1 });

      await conn.call('electron_eval_renderer', { code: "new Notification('Attached later', { body: 'seen', tag: 't1' }); return 0" });
      expect(await conn.call('native_web_notifications', {})).toMatchObject({
        ok: true,
        notifications: [{ seq: 1, title: 'Attached later', body: 'seen', tag: 't1' }],
      });

      expect(await conn.call('electron_detach', {})).toMatchObject({ ok: true });
      expect(await conn.call('electron_attach', attach)).toMatchObject({ ok: true });
      expect(await conn.call('electron_eval_renderer', { code: HOOKS })).toMatchObject({ ok: true, result: 0 });
      expect(await conn.call('electron_detach', {})).toMatchObject({ ok: true });
    } finally {
      await conn.close();
    }
  });

  it('keeps two servers attached to one app apart: each records only from its own first call', async () => {
    const [first, second] = [await connectNative(['main']), await connectNative(['main'])];
    try {
      const attach = { port: spawned.cdp, inspectPort: spawned.inspect };
      for (const conn of [first, second]) expect(await conn.call('electron_attach', attach)).toMatchObject({ ok: true });
      expect(await first.call('native_notifications', {})).toMatchObject({ ok: true, notifications: [] });
      await first.call('electron_eval_main', { code: "new electron.Notification({ title: 'Only for the first' }).show()" });
      expect(await second.call('native_notifications', {})).toMatchObject({ ok: true, notifications: [] });
      expect(await first.call('native_notifications', {})).toMatchObject({ ok: true, notifications: [{ title: 'Only for the first' }] });
      for (const conn of [first, second]) expect(await conn.call('electron_detach', {})).toMatchObject({ ok: true });
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});
