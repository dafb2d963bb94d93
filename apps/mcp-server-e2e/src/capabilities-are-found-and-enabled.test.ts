// Issue 42 item 2, as an agent meets it on the bundled server over stdio (plugins resolved by name,
// as a host starts it): asked for a menu item on an `essential` server where the operator offers
// the native plugin, the agent's guess names the plugin, one call enables it without a restart,
// and the menu item is clicked by name without re-reading tools/list (hosts that do not refresh).
// A plugin loaded without its grant says which tools are off, in electron_status and in each
// refusal; and no configuration lists more than the operator's cap (Cursor refuses past 100).
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuDialogApp } from '@stagewright/fixtures/menu-dialog';
import type { StdioConnection } from '@stagewright/harness';
import { connectStdio } from './test-support/shipped.js';

let agent: StdioConnection;
const changed: number[] = [];
beforeAll(async () => {
  agent = await connectStdio({ args: ['--tool-profile', 'essential', '--offer', 'native', '--plugin', 'ipc'] });
  agent.client.setNotificationHandler(ToolListChangedNotificationSchema, () => void changed.push(Date.now()));
  const launched = await agent.call('electron_launch', { main: menuDialogApp.dir });
  if (!launched.ok) throw new Error(`launch failed: ${JSON.stringify(launched)}`);
});
afterAll(async () => {
  await agent?.call('electron_stop', {}).catch(() => undefined);
  await agent?.close();
});

describe('an offered plugin, found and enabled mid-session', () => {
  it('finds the menu tools from a guessed name, enables them in one call and clicks a menu item: three calls', async () => {
    const guess = await agent.call('electron_menu', {});
    expect(guess).toMatchObject({ ok: false, code: 'UNKNOWN_TOOL' });
    expect(guess.similar ?? []).not.toContain('electron_find');
    expect(guess.details?.capabilities).toContainEqual({ tool: 'native_menu_click', plugin: 'native', via: 'enable' });

    expect((await agent.call('electron_status', {})).offered).toEqual({ plugins: ['native'], profiles: [] });
    const enabled = await agent.call('electron_enable', { name: 'native' });
    expect(enabled).toMatchObject({ ok: true, enabled: 'native', kind: 'plugin' });
    expect(enabled.tools).toContainEqual(
      expect.objectContaining({ name: 'native_menu_click', params: expect.stringMatching(/^path: array/) }),
    );

    // Called by name straight from the answer: the host's list may still be the old one.
    expect(await agent.call('native_menu_click', { path: ['View', 'Show Sidebar'] })).toMatchObject({ ok: true, checked: false });
    expect(await agent.call('electron_expect_text', { selector: '#menu-action', equals: 'Menu: sidebar (hidden)' })).toMatchObject({
      ok: true,
    });
    await expect.poll(() => changed.length).toBe(1);
    expect((await agent.client.listTools()).tools.map((tool) => tool.name)).toContain('native_menu_click');
  });

  it('says in electron_status and in each refusal which tools of a loaded plugin are off, and that only the operator turns them on', async () => {
    const status = await agent.call('electron_status', {});
    expect(status).not.toHaveProperty('offered');
    const ipc = (status.plugins as Record<string, { switched_off?: Record<string, string[]> }>).ipc;
    expect(ipc.switched_off?.['--allow-eval=main']).toContain('ipc_invoke');
    const refused = await agent.call('ipc_invoke', { channel: 'x' });
    expect(refused).toMatchObject({ ok: false, code: 'EVAL_NOT_ALLOWED', details: { plugin: 'ipc', flag: '--allow-eval=main' } });
    expect(refused.error).toMatch(/switched off: the "ipc" plugin is loaded/);
    expect(await agent.call('electron_enable', { name: 'eval' })).toMatchObject({
      ok: false,
      code: 'NOT_OFFERED',
      details: { offered: [] },
    });
  });
});

describe('the operator cap', () => {
  it('lists at most 100 tools with every plugin and --allow-eval (110 before the cap), keeping the plugins and dropping the core tools the fewest profiles list', async () => {
    const plugins = 'a11y,clock,ipc,native,network,production,storage,trace,visual';
    const all = await connectStdio({ args: ['--plugin', plugins, '--allow-eval', '--allow-impersonation'] });
    try {
      const names = (await all.client.listTools()).tools.map((tool) => tool.name);
      expect(names).toHaveLength(100);
      expect(names).toEqual(
        expect.arrayContaining(['native_menu_click', 'ipc_invoke', 'electron_eval_main', 'electron_plugins', 'electron_click']),
      );
      // A tool the cap left out is still callable by name.
      const unlisted = ['electron_inject', 'electron_doctor', 'electron_wait_for_event'].find((name) => !names.includes(name));
      expect(unlisted).toBeDefined();
      expect(await all.call(unlisted!, {})).not.toMatchObject({ code: 'UNKNOWN_TOOL' });
    } finally {
      await all.close();
    }
  });
});
