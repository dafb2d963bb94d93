// A misspelt option used to be ignored: a test with `plugin: [...]` ran against a server without
// the plugin and failed somewhere else, or passed for the wrong reason (issue 22).
import { ServerOptionsError } from '@stagewright/kernel';
import { describe, expect, it } from 'vitest';
import { SERVER_OPTION_NAMES, createStagewrightServer } from './compose.js';

describe('createStagewrightServer options', () => {
  it('refuses an unknown option, naming it, a near spelling and the accepted ones', async () => {
    const refused = createStagewrightServer({ pluginConfig: { acme: {} } } as never);
    await expect(refused).rejects.toThrow(ServerOptionsError);
    await expect(createStagewrightServer({ pluginConfig: {} } as never)).rejects.toThrow(
      /Unknown server option "pluginConfig" \(did you mean "pluginConfigs"\?\); accepted: .*pluginConfigs/,
    );
  });

  it('suggests the nearest spelling', async () => {
    await expect(createStagewrightServer({ plugin: [] } as never)).rejects.toThrow(/"plugin" \(did you mean "plugins"\?\)/);
    await expect(createStagewrightServer({ allowEvals: true } as never)).rejects.toThrow(/"allowEvals" \(did you mean "allowEval"\?\)/);
  });

  it('accepts every documented option name', () => {
    expect(SERVER_OPTION_NAMES).toEqual(expect.arrayContaining(['plugins', 'pluginConfigs', 'allowEval', 'toolProfile', 'driverOptions']));
  });
});
