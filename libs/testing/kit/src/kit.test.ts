// What a plugin author gets from the kit must work as documented: the stand-in and the fixture
// apps are where the kit says, a misspelt server option is refused (not ignored), and withApp
// drives a fixture app through a real client on a real server. The packaged kit, installed from
// its tarball in an empty folder, is exercised by apps/mcp-server-e2e's outside-author test.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FAKE_ELECTRON, checkServerTestOptions, connectServer, connectStdio, fixtures, withApp } from './index.js';

const SERVER_BUNDLE = resolve(import.meta.dirname, '../../../../dist/apps/mcp-server/main.mjs');

describe('@stagewright/testing', () => {
  it('names the stand-in runtime and fixture apps that exist', () => {
    expect(existsSync(FAKE_ELECTRON)).toBe(true);
    for (const app of Object.values(fixtures)) expect(existsSync(join(app.dir, 'main.js')), app.name).toBe(true);
  });

  it('refuses an unknown server option, naming it and the accepted ones', async () => {
    expect(() => checkServerTestOptions({ plugins: [], pluginConfigs: {} })).not.toThrow();
    await expect(connectServer({ plugin: [] } as never)).rejects.toThrow(
      /unknown server option "plugin"; accepted: plugins, pluginConfigs,/,
    );
    await expect(connectServer({ pluginConfig: {}, allowEvals: true } as never)).rejects.toThrow(
      /unknown server options "pluginConfig", "allowEvals"/,
    );
  });

  it('drives a fixture app on the stand-in through a real MCP client over stdio', { timeout: 120_000 }, async () => {
    if (!existsSync(SERVER_BUNDLE)) throw new Error(`${SERVER_BUNDLE} is missing: run npx nx run mcp-server:build first.`);
    await withApp(
      () => connectStdio({ bin: SERVER_BUNDLE }),
      fixtures.bench,
      async (app) => {
        expect(app.sessionId).toEqual(expect.any(String));
        expect(await app.call('electron_get_text', { selector: 'h1' })).toMatchObject({ ok: true, text: 'Bench' });
      },
    );
  });
});
