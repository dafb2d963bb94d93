import { container } from 'tsyringe';
import { connectInMemory, type InMemoryConnection as ConnectionTo } from '@stagewright/harness';
import { createServer, registerToolModules, type CreateServerOptions, type StagewrightServer } from '../index.js';
import { exampleToolsModule } from './example-tools.js';

export type InMemoryConnection = ConnectionTo<StagewrightServer>;

/** A real MCP client on a kernel server whose only core module is the test-only example module. */
export function connectExample(options: CreateServerOptions = {}): Promise<InMemoryConnection> {
  const scope = container.createChildContainer();
  registerToolModules(scope, [exampleToolsModule]);
  return connectInMemory({ container: scope, ...options, create: createServer });
}

export const SAMPLE_PLUGIN = new URL('./plugins/sample-plugin.mjs', import.meta.url).pathname;
export const pluginFixture = (file: string) => new URL(`./plugins/${file}`, import.meta.url).pathname;
