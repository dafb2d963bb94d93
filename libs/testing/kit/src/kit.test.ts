// What a plugin author gets from the kit must work as documented: the stand-in is where the kit
// says, a misspelt server option is refused (not ignored), and withApp drives a fixture app
// through a real client on a real server (apps/mcp-server-e2e: kit-clients, which also checks the
// kit's fixture apps, and the outside-author test, which installs the packaged kit from its
// tarball). The kit's own tests read no fixture app: harness users depend on the kit, so a fixture
// the kit's tests read would affect every project testing with the harness.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FAKE_ELECTRON, checkServerTestOptions, connectServer } from './index.js';

describe('@stagewright/testing', () => {
  it('names the stand-in runtime that exists', () => {
    expect(existsSync(FAKE_ELECTRON)).toBe(true);
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
