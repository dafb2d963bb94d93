import { FAKE_ELECTRON_BIN } from '@stagewright/fake-electron';
import { connectInMemory } from '@stagewright/harness';
import { createStagewrightServer } from '@stagewright/mcp-server';
import networkPlugin from './index.js';

/** The shipped server with a fresh network plugin loaded, apps running on the fake-electron stand-in. */
export const connect = (pluginConfigs?: Record<string, unknown>) => () =>
  connectInMemory({
    plugins: [networkPlugin],
    pluginConfigs,
    create: (options) => createStagewrightServer({ ...options, driverOptions: { fallbackExecutablePath: FAKE_ELECTRON_BIN } }),
  });
