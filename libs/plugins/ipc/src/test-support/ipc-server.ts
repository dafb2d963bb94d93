// Test support: the shipped server with the ipc plugin, on the fake-electron stand-in.
import { FAKE_ELECTRON_BIN } from '@stagewright/fake-electron';
import { connectInMemory } from '@stagewright/harness';
import { createStagewrightServer, type StagewrightServerOptions } from '@stagewright/mcp-server';
import createIpcPlugin from '../index.js';

export interface TestServerOptions {
  allowEval?: boolean | ('main' | 'renderer')[];
  config?: Record<string, unknown>;
}

export const connectIpc =
  ({ allowEval = ['main'], config }: TestServerOptions = {}) =>
  () =>
    connectInMemory<StagewrightServerOptions, Awaited<ReturnType<typeof createStagewrightServer>>>({
      plugins: [createIpcPlugin],
      allowEval,
      pluginConfigs: config ? { ipc: config } : undefined,
      create: (options) => createStagewrightServer({ ...options, driverOptions: { fallbackExecutablePath: FAKE_ELECTRON_BIN } }),
    });
