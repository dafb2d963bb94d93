import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { electronExecutable } from '@stagewright/fake-electron';
import { connectInMemory } from '@stagewright/harness';
import { createStagewrightServer, type StagewrightServerOptions } from '@stagewright/mcp-server';
import { createTracePlugin } from '../../index.js';

/** A fresh folder for one test's traces. */
export const traceDir = () => mkdtempSync(join(tmpdir(), 'sw-trace-test-'));

/** The shipped server with a fresh trace plugin writing to `dir`, apps on fake-electron. */
export const connectTrace =
  (dir: string, config: Record<string, unknown> = {}) =>
  () =>
    connectInMemory({
      plugins: [() => createTracePlugin()],
      pluginConfigs: { trace: { dir, ...config } },
      create: (options: StagewrightServerOptions) =>
        createStagewrightServer({ ...options, driverOptions: { fallbackExecutablePath: electronExecutable() } }),
    });

/** The lines of a trace file, parsed (a partial last line would throw: traces never leave one). */
export const readTrace = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, any>);
