// Test support: the shipped server with the ipc plugin, on the fake-electron stand-in.
import { electronExecutable } from '@stagewright/fake-electron';
import { connectInMemory } from '@stagewright/harness';
import { createStagewrightServer, type StagewrightServerOptions } from '@stagewright/mcp-server';
import ipcPlugin, { createIpcPlugin } from '../index.js';
import type { IpcRuntime } from '../runtime.js';

export interface TestServerOptions {
  allowEval?: boolean | ('main' | 'renderer')[];
  /** The operator's ipc impersonation grant (ipc_stub, ipc_invoke; ADR-0034); on by default. */
  impersonate?: boolean;
  config?: Record<string, unknown>;
  /** The plugin's per-server state, to watch it from the test. */
  runtime?: IpcRuntime;
}

export const connectIpc =
  ({ allowEval = ['main'], impersonate = true, config, runtime }: TestServerOptions = {}) =>
  () =>
    connectInMemory<StagewrightServerOptions, Awaited<ReturnType<typeof createStagewrightServer>>>({
      plugins: [runtime ? () => createIpcPlugin(runtime) : ipcPlugin],
      allowEval,
      allowImpersonation: impersonate ? ['ipc'] : [],
      pluginConfigs: config ? { ipc: config } : undefined,
      create: (options) => createStagewrightServer({ ...options, driverOptions: { fallbackExecutablePath: electronExecutable() } }),
    });
