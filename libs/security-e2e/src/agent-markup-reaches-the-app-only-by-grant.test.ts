// Issue 38 item 1: an app that renders what it fetched, stored or got over IPC with innerHTML runs
// whatever markup the agent puts there, with the page's powers and its preload bridge. A data-only
// stub was enough (no --allow-eval). What a person at the keyboard can do is the agent's; answering
// as the app's server, writing its storage or answering as its IPC peers is the operator's to
// grant (--allow-impersonation, ADR-0034). Without the grant the agent's markup never reaches the
// app and every such call is refused naming the grant; with it, it does.
import { fetchRenderApp } from '@stagewright/fixtures/fetch-render';
import { createIpcPlugin } from '@stagewright/plugin-ipc';
import networkPlugin from '@stagewright/plugin-network';
import { createStoragePlugin } from '@stagewright/plugin-storage';
import type { ImpersonationGrant } from '@stagewright/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connection, connect, ok } from './test-support/connect.js';

/** The payload: it runs with the page's powers and calls main through the bridge. */
const MARKUP = `<img id="agent" src="x" onerror="bridge.secret().then((s) => { document.title = 'PWNED ' + s; })">`;

/** Every call that would put agent data where the app reads it as its own, and the grant it needs. */
const IMPERSONATING: { tool: string; args: Record<string, unknown>; grant: ImpersonationGrant }[] = [
  { tool: 'network_stub', args: { url: '**/api/note', contentType: 'text/plain', body: MARKUP }, grant: 'network' },
  { tool: 'network_stub', args: { url: '**/api/note', status: 500 }, grant: 'network' },
  { tool: 'network_main_stub', args: { url: '**/api/note', body: MARKUP }, grant: 'network' },
  { tool: 'storage_web', args: { op: 'set', key: 'note', value: MARKUP }, grant: 'storage' },
  { tool: 'storage_cookie_set', args: { name: 'note', value: 'x' }, grant: 'storage' },
  { tool: 'storage_idb_put', args: { database: 'notes', store: 'notes', records: [{ value: MARKUP }] }, grant: 'storage' },
  { tool: 'ipc_stub', args: { channel: 'note:ipc', value: MARKUP }, grant: 'ipc' },
  { tool: 'ipc_invoke', args: { channel: 'secret:get' }, grant: 'ipc' },
];

const server = (allowImpersonation?: ImpersonationGrant[]) =>
  connect({
    // Both eval targets: the line holds even for an operator who opened eval.
    allowEval: true,
    ...(allowImpersonation ? { allowImpersonation } : {}),
    plugins: [networkPlugin, () => createStoragePlugin(), () => createIpcPlugin()],
  });

async function noteAfter(conn: Connection, button: string): Promise<{ note: string; title: string; agent: boolean }> {
  await ok(conn, 'electron_click', { selector: button });
  // Wait for the app's answer to be shown (every source shows something), then read what it shows.
  const shown = await conn.call('electron_expect_text', { selector: '#note', matches: '/\\S/' });
  if (!shown.ok) throw new Error(`${button}: ${JSON.stringify(shown)} ${JSON.stringify(await conn.call('electron_console_logs', {}))}`);
  const read = await ok(conn, 'electron_eval_renderer', {
    code: "return { note: document.getElementById('note').innerHTML, title: document.title, agent: !!document.getElementById('agent') }",
  });
  await ok(conn, 'electron_eval_renderer', { code: "document.getElementById('note').innerHTML = ''; document.title = 'Fetch Render';" });
  return read.result as { note: string; title: string; agent: boolean };
}

describe('agent markup reaches the app only by the operator grant', () => {
  let conn: Connection;
  beforeAll(async () => {
    conn = await server();
    await ok(conn, 'electron_launch', { main: fetchRenderApp.dir });
  });
  afterAll(async () => {
    await conn?.close();
  });

  it('without --allow-impersonation every impersonating call is refused naming its grant, and the app shows its own data', async () => {
    const listed = new Set((await conn.client.listTools()).tools.map((tool) => tool.name));
    for (const { tool, args, grant } of IMPERSONATING) {
      const r = await conn.call(tool, args);
      expect(r, tool).toMatchObject({
        ok: false,
        code: 'IMPERSONATION_NOT_ALLOWED',
        details: { grant, flag: `--allow-impersonation=${grant}` },
      });
      expect(String(r.hint), tool).toContain(`--allow-impersonation=${grant}`);
    }
    // Whole tools that only impersonate are not listed; electron_plugins says what they need.
    for (const tool of ['storage_cookie_set', 'storage_idb_put', 'ipc_stub', 'ipc_invoke']) expect(listed.has(tool), tool).toBe(false);
    const plugins = (await ok(conn, 'electron_plugins')).plugins as { tools: { name: string; disabled?: string }[] }[];
    const disabled = Object.fromEntries(plugins.flatMap((p) => p.tools).map((t) => [t.name, t.disabled]));
    expect(disabled).toMatchObject({
      storage_idb_put: 'needs --allow-impersonation=storage',
      ipc_stub: 'needs --allow-impersonation=ipc',
      ipc_invoke: 'needs --allow-impersonation=ipc',
    });
    // What a person at the keyboard can do stays the agent's: pulling the cable (an abort).
    await ok(conn, 'network_stub', { url: '**/api/nothing', abort: 'failed' });

    for (const button of ['#load', '#load-main', '#load-ipc', '#load-saved']) {
      const shown = await noteAfter(conn, button);
      expect(shown.agent, button).toBe(false);
      expect(shown.title, button).not.toContain('PWNED');
    }
    expect((await noteAfter(conn, '#load')).note).toBe('Remember the <b>milk</b>');
    // The server says which grants are in force.
    const status = await ok(conn, 'electron_status');
    expect((status.server as Record<string, unknown>).grants).toEqual({ eval: ['main', 'renderer'], impersonation: [], appRoot: false });
  });
});

describe('with the grant, the agent answers as the app trusts', () => {
  it('--allow-impersonation=network lets a stub answer the app (its markup runs), and opens nothing else', async () => {
    const granted = await server(['network']);
    try {
      await ok(granted, 'electron_launch', { main: fetchRenderApp.dir });
      await ok(granted, 'network_stub', { url: '**/api/note', contentType: 'text/plain', body: MARKUP });
      await ok(granted, 'electron_click', { selector: '#load' });
      // The markup's handler ran with the page's powers and called main through the bridge.
      const title = await ok(granted, 'electron_eval_renderer', {
        code: "await new Promise((done) => { const check = () => (document.title.startsWith('PWNED') ? done() : setTimeout(check, 20)); check(); }); return document.title",
      });
      expect(title.result).toMatch(/^PWNED main-secret-/);
      const status = await ok(granted, 'electron_status');
      expect((status.server as Record<string, unknown>).grants).toMatchObject({ impersonation: ['network'] });
      for (const { tool, args, grant } of IMPERSONATING.filter((call) => call.grant !== 'network')) {
        expect(await granted.call(tool, args), tool).toMatchObject({ ok: false, code: 'IMPERSONATION_NOT_ALLOWED', details: { grant } });
      }
    } finally {
      await granted.close();
    }
  });
});
