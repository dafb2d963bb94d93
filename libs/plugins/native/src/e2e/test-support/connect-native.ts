// Test support: the shipped server with the native plugin, apps on the fake-electron stand-in.
import { electronExecutable } from '@stagewright/fake-electron';
import { connectInMemory } from '@stagewright/harness';
import { createStagewrightServer, type StagewrightServerOptions } from '@stagewright/mcp-server';
import nativePlugin from '../../index.js';

export const connectNative = (allowEval: ('main' | 'renderer')[] = [], options: Partial<StagewrightServerOptions> = {}) =>
  connectInMemory<StagewrightServerOptions, Awaited<ReturnType<typeof createStagewrightServer>>>({
    ...options,
    plugins: [nativePlugin],
    allowEval,
    create: (options) => createStagewrightServer({ ...options, driverOptions: { fallbackExecutablePath: electronExecutable() } }),
  });
