// Every ipc tool runs code in the app's main process, so it must stay invisible and uncallable
// without --allow-eval=main; and nothing it did may outlive the session it did it in.
import { describe, expect, it } from 'vitest';
import { Compile } from 'typebox/compile';
import { PluginContract } from '@stagewright/sdk';
import { ipcApp } from '@stagewright/fixtures/ipc';
import { withApp } from '@stagewright/harness';
import ipcPlugin from './index.js';
import { createRuntime } from './runtime.js';
import { connectIpc } from './test-support/ipc-server.js';

const IPC_TOOLS = ['ipc_capture', 'ipc_handlers', 'ipc_invoke', 'ipc_read', 'ipc_stop', 'ipc_stub'];
const ipcToolsListed = async (app: { client: { listTools(): Promise<{ tools: { name: string }[] }> } }) =>
  (await app.client.listTools()).tools
    .map((tool) => tool.name)
    .filter((name) => name.startsWith('ipc_'))
    .sort();

describe('ipc gating', () => {
  it('satisfies the plugin contract the loader checks', () => {
    expect(Compile(PluginContract).Check(ipcPlugin())).toBe(true);
  });

  for (const allowEval of [false, ['renderer' as const]]) {
    it(`lists and runs no ipc tool with allowEval=${JSON.stringify(allowEval)}`, async () => {
      await withApp(connectIpc({ allowEval }), ipcApp, async (app) => {
        expect(await ipcToolsListed(app)).toEqual([]);
        const refused = await app.call('ipc_capture', { channels: ['math:add'] });
        expect(refused).toMatchObject({ ok: false, code: 'EVAL_NOT_ALLOWED' });
        expect(JSON.stringify(refused)).toContain('--allow-eval');
        expect(await app.call('ipc_read', {})).toMatchObject({ ok: false, code: 'EVAL_NOT_ALLOWED' });
      });
    });
  }

  // The tool list does not depend on a running app: no launch needed to read it.
  it('lists every ipc tool with --allow-eval=main', async () => {
    const server = await connectIpc({ allowEval: ['main'] })();
    try {
      expect(await ipcToolsListed(server)).toEqual(IPC_TOOLS);
    } finally {
      await server.close();
    }
  });
});

describe('ipc state and session end', () => {
  it('keeps no capture, events or stub across stop and relaunch', async () => {
    await withApp(connectIpc(), ipcApp, async (app) => {
      for (let cycle = 0; cycle < 3; cycle++) {
        if (cycle > 0) expect(await app.call('electron_launch', { main: ipcApp.dir })).toMatchObject({ ok: true });
        expect(await app.call('ipc_read', {})).toMatchObject({ ok: false, code: 'ipc.NOT_CAPTURING' });
        expect(await app.call('electron_click', { selector: '#add' })).toMatchObject({ ok: true });
        expect(await app.call('electron_expect_text', { selector: '#sum', equals: 'Sum: 5' })).toMatchObject({ ok: true });
        await app.call('ipc_capture', { channels: ['math:add'] });
        await app.call('ipc_stub', { channel: 'math:add', value: 99 });
        await app.call('ipc_invoke', { channel: 'math:add', args: [1, 1] });
        expect((await app.call('ipc_read', {})).events).toHaveLength(1);
        if (cycle < 2) expect(await app.call('electron_stop', {})).toMatchObject({ ok: true });
      }
    });
  });

  // `npm test` runs a few cycles (each ends by stop and by kill more than once); the 50-cycle soak
  // is its own command: `npx nx run plugin-ipc:soak` (STAGEWRIGHT_SOAK_CYCLES=50, about 5 minutes).
  const CYCLES = Number(process.env.STAGEWRIGHT_SOAK_CYCLES || 6);
  it(`forgets every session after ${CYCLES} launch and stop or kill cycles`, async () => {
    const runtime = createRuntime();
    await withApp(connectIpc({ runtime }), ipcApp, async (app) => {
      for (let cycle = 0; cycle < CYCLES; cycle++) {
        if (cycle > 0) expect(await app.call('electron_launch', { main: ipcApp.dir })).toMatchObject({ ok: true });
        expect(await app.call('ipc_stub', { channel: 'math:add', value: cycle })).toMatchObject({ ok: true });
        expect(runtime.touched.size).toBe(1);
        const end = cycle % 2 === 0 ? 'electron_stop' : 'electron_force_kill';
        expect(await app.call(end, {})).toMatchObject({ ok: true });
        await expect.poll(() => runtime.touched.size).toBe(0);
      }
    });
  }, 300_000);
});
