// Issue 42 item 2: an agent that guesses a tool name learns where the capability is (a plugin not
// loaded, a profile, an offer), enables what the operator offered without a restart, sees
// notifications/tools/list_changed, and can call the new tools by name even if its host keeps the
// old list. It can never enable what was not offered, a grant least of all.
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectExample, SAMPLE_PLUGIN, type InMemoryConnection } from '../test-fixtures/connect.js';
import type { PluginIndex } from './capability-index.js';

const INDEX: PluginIndex = [
  {
    plugin: 'native',
    tools: [
      { name: 'native_menu_click', about: 'Click a menu item. Run an application menu item by its label path.' },
      { name: 'native_notifications', about: 'Notifications shown. List the notifications the app showed.' },
    ],
  },
  {
    plugin: 'sample',
    tools: [
      { name: 'sample_bump', about: 'Bump Add one to the counter.' },
      { name: 'sample_read', about: 'Read Read the counter.' },
      { name: 'sample_peek', about: 'Peek Eval-gated peek.', gate: 'eval:main' },
    ],
  },
];

let connection: InMemoryConnection;
const changes: number[] = [];
beforeAll(async () => {
  connection = await connectExample({
    toolProfile: 'essential',
    pluginIndex: INDEX,
    offers: { plugins: { sample: SAMPLE_PLUGIN }, profiles: ['full'] },
  });
  connection.client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
    changes.push(Date.now());
  });
});
afterAll(() => connection.close());

const listed = async () => (await connection.client.listTools()).tools.map((tool) => tool.name);

describe('a guessed name says where the capability is', () => {
  it('names the keyword matches of an unknown name, not a tool that only looks alike', async () => {
    const envelope = await connection.call('electron_menu', {});
    expect(envelope).toMatchObject({ ok: false, code: 'UNKNOWN_TOOL' });
    expect(envelope.similar ?? []).toEqual([]);
    expect(envelope.details?.capabilities).toEqual([{ tool: 'native_menu_click', plugin: 'native', via: 'operator' }]);
    const notification = await connection.call('electron_notification', {});
    expect((notification.details?.capabilities as { tool: string }[] | undefined)?.[0]).toMatchObject({
      tool: 'native_notifications',
      plugin: 'native',
    });
  });

  it('names the first-party plugin of a tool that is not loaded, and the flag only the operator sets', async () => {
    expect(await connection.call('native_menu_click', {})).toMatchObject({
      ok: false,
      code: 'PLUGIN_NOT_LOADED',
      details: { plugin: 'native', flag: '--plugin native' },
    });
  });

  it('says an offered plugin tool is one electron_enable away', async () => {
    const envelope = await connection.call('sample_bump', {});
    expect(envelope).toMatchObject({ ok: false, code: 'TOOL_NOT_ENABLED', details: { plugin: 'sample', enable: { name: 'sample' } } });
    expect(envelope.next_actions).toEqual(['electron_enable']);
    expect(await connection.call('electron_demo_echo', { text: 'x' })).toMatchObject({
      code: 'TOOL_NOT_ENABLED',
      details: { profile: 'full', enable: { name: 'full' } },
    });
  });

  it('lists electron_enable and says the listing can change', async () => {
    expect(await listed()).toContain('electron_enable');
    expect(connection.client.getServerCapabilities()?.tools?.listChanged).toBe(true);
  });
});

describe('enabling an offer', () => {
  it('refuses what was not offered, grants first, and changes nothing', async () => {
    const before = await listed();
    for (const name of ['eval', 'impersonation', 'native', 'debug', '--allow-eval'])
      expect(await connection.call('electron_enable', { name }), name).toMatchObject({
        ok: false,
        code: 'NOT_OFFERED',
        details: { offered: ['sample', 'full'] },
      });
    expect(await listed()).toEqual(before);
    expect(changes).toEqual([]);
  });

  it('loads an offered plugin, notifies the host, and answers tools callable by name', async () => {
    const answer = await connection.call('electron_enable', { name: 'sample' });
    expect(answer).toMatchObject({ ok: true, enabled: 'sample', kind: 'plugin' });
    expect((answer.tools as { name: string; params: string }[]).map((tool) => tool.name)).toEqual(['sample_bump', 'sample_read']);
    // The gated tool stays off: the offer is not a grant.
    expect(answer.switchedOff).toEqual([{ plugin: 'sample', needs: '--allow-eval=main', tools: ['sample_peek'] }]);
    await expect.poll(() => changes.length).toBe(1);
    expect(await listed()).toEqual(expect.arrayContaining(['sample_bump', 'sample_read', 'electron_plugins']));
    expect(await listed()).not.toContain('sample_peek');
    expect(await connection.call('sample_bump', {})).toMatchObject({ ok: true, count: 1 });
    const peek = await connection.call('sample_peek', {});
    expect(peek).toMatchObject({ ok: false, code: 'EVAL_NOT_ALLOWED', details: { plugin: 'sample', flag: '--allow-eval=main' } });
    expect(peek.error).toMatch(/switched off: the "sample" plugin is loaded/);
  });

  it('enables an offered profile on top of the active one; enabling twice changes nothing more', async () => {
    const answer = await connection.call('electron_enable', { name: 'full' });
    expect(answer).toMatchObject({ ok: true, enabled: 'full', kind: 'profile' });
    expect((answer.tools as { name: string }[]).map((tool) => tool.name)).toContain('electron_demo_echo');
    await expect.poll(() => changes.length).toBe(2);
    expect(await connection.call('electron_demo_echo', { text: 'hi' })).toMatchObject({ ok: true });
    expect(await connection.call('electron_enable', { name: 'sample' })).toMatchObject({ ok: true, tools: [] });
    expect(changes.length).toBe(2);
  });
});

describe('the operator cap', () => {
  it('never lists more than maxTools, drops profile extras first and keeps them callable', async () => {
    const capped = await connectExample({ maxTools: 4, allowEval: true });
    try {
      const names = (await capped.client.listTools()).tools.map((tool) => tool.name);
      expect(names).toHaveLength(4);
      // Eval tools were granted by the operator: kept before core tools only `full` lists.
      expect(names).toEqual(expect.arrayContaining(['electron_demo_eval_main', 'electron_demo_eval_renderer']));
      expect(names).not.toContain('electron_demo_work');
      expect(await capped.call('electron_demo_echo', { text: 'still' })).toMatchObject({ ok: true });
    } finally {
      await capped.close();
    }
  });
});
