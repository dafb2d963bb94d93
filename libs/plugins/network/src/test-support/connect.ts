import { FAKE_ELECTRON_BIN } from '@stagewright/fake-electron';
import { connectInMemory } from '@stagewright/harness';
import { createStagewrightServer, type StagewrightServerOptions } from '@stagewright/mcp-server';
import networkPlugin, { createNetworkPlugin } from '../index.js';
import type { NetworkSessions } from '../session-state.js';

/** The shipped server with a fresh network plugin loaded (on `sessions` when given), apps on the fake-electron stand-in. */
export const connect = (pluginConfigs?: Record<string, unknown>, sessions?: NetworkSessions) => () =>
  connectInMemory<StagewrightServerOptions, Awaited<ReturnType<typeof createStagewrightServer>>>({
    plugins: [sessions ? () => createNetworkPlugin(sessions) : networkPlugin],
    pluginConfigs,
    create: (options) => createStagewrightServer({ ...options, driverOptions: { fallbackExecutablePath: FAKE_ELECTRON_BIN } }),
  });
