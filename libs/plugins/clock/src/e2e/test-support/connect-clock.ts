import { electronExecutable } from '@stagewright/fake-electron';
import { connectInMemory } from '@stagewright/harness';
import { createStagewrightServer, type StagewrightServerOptions } from '@stagewright/mcp-server';
import { ClockRecords, createClockPlugin } from '../../index.js';

/**
 * Opens a real MCP client on the shipped server with a fresh clock plugin (one per server, as
 * the loader does) and apps on the fake-electron stand-in. Renderer eval granted unless told.
 */
export const connectClock =
  (allowEval: readonly ('main' | 'renderer')[] = ['renderer'], records = new ClockRecords()) =>
  () =>
    connectInMemory({
      plugins: [() => createClockPlugin(records)],
      allowEval,
      create: (options: StagewrightServerOptions) =>
        createStagewrightServer({ ...options, driverOptions: { fallbackExecutablePath: electronExecutable() } }),
    });
