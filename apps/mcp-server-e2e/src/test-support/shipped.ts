// The harness bound to this server: the harness itself names no workspace project (so products'
// tests can use it without a cycle); here it gets the shipped composition, fake-electron as the
// runtime, and the fixture apps these tests launch (the imports Nx sees).
import { benchApp } from '@stagewright/fixtures/bench';
import { electronExecutable } from '@stagewright/fake-electron';
import * as harness from '@stagewright/harness';
import type { AppUnderTest, StdioConnection, StdioOptions } from '@stagewright/harness';
import type { InMemoryConnection as ConnectionTo } from '@stagewright/harness';
import type { CreateServerOptions, StagewrightServer } from '@stagewright/kernel';
import { createStagewrightServer } from '@stagewright/mcp-server';

const FIXTURES = { bench: benchApp } as const;

export type InMemoryConnection = ConnectionTo<StagewrightServer>;

/** Absolute app directory of a fixture this project's tests launch. */
export function fixturePath(name: keyof typeof FIXTURES): string {
  return FIXTURES[name].dir;
}

/** A real MCP client on the shipped server, in memory, with fake-electron as the fallback runtime. */
export function connectInMemory(options: CreateServerOptions = {}): Promise<InMemoryConnection> {
  const create = (serverOptions: CreateServerOptions) =>
    createStagewrightServer({ ...serverOptions, driverOptions: { fallbackExecutablePath: electronExecutable() } });
  return harness.connectInMemory({ ...options, create });
}

/** A real MCP client on the bundled server over stdio, running apps on fake-electron unless told otherwise. */
export function connectStdio(options: StdioOptions = {}): Promise<StdioConnection> {
  const electron = electronExecutable();
  return harness.connectStdio({ ...options, env: { STAGEWRIGHT_ELECTRON: electron, ...options.env } });
}

/** Launch a fixture app on the shipped server, run `fn`, and always stop the app and close the server. */
export function withApp<T>(
  name: keyof typeof FIXTURES,
  fn: (app: AppUnderTest<StagewrightServer>) => Promise<T>,
  options: CreateServerOptions & { launch?: Record<string, unknown> } = {},
): Promise<T> {
  const { launch, ...serverOptions } = options;
  return harness.withApp(() => connectInMemory(serverOptions), FIXTURES[name], fn, launch);
}
