// What a plugin author gets from the kit must work as documented: the stand-in and the fixture
// apps are where the kit says, a misspelt server option is refused (not ignored), and withApp
// drives a fixture app through a real client on a real server (apps/mcp-server-e2e: kit-clients
// and the outside-author test, which installs the packaged kit from its tarball). The kit's own
// tests launch no app: harness users depend on the kit, so it imports no fixture project.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FAKE_ELECTRON, checkServerTestOptions, connectServer, fixtures } from './index.js';

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
});
