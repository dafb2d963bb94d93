import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { linkInMemory } from '@stagewright/testing';
import type { McpTestClient } from './client.js';

/**
 * What the harness needs of a server. The kernel's StagewrightServer fits it; the harness names
 * no workspace project, so products' own tests can use it without a dependency cycle.
 */
export interface ConnectableServer {
  connect(transport: Transport): Promise<void>;
  close(): Promise<void>;
}

/**
 * Server options plus the factory that builds the server from them. The caller supplies the
 * factory: kernel tests pass `createServer` with their own container, server and end-to-end
 * tests the shipped composition with fake-electron as the fallback runtime. Type the factory's
 * parameter (`create: (options: StagewrightServerOptions) => ...`) so the options are checked.
 * Options: `plugins`, `pluginConfigs` (config per plugin name, as `--plugin-config <name>=<json>`
 * gives it), `allowEval`, `toolProfile`, `appRoot`...; createStagewrightServer refuses an unknown
 * one, naming it. The published kit (@stagewright/testing) takes the same options.
 */
export type InMemoryOptions<O extends object, S extends ConnectableServer> = O & { create: (options: O) => Promise<S> };

export interface InMemoryConnection<S extends ConnectableServer = ConnectableServer> extends McpTestClient {
  server: S;
}

/**
 * A real MCP Client connected to a server through InMemoryTransport.createLinkedPair().
 * close() closes the client and the server (which disposes its sessions).
 */
export async function connectInMemory<O extends object, S extends ConnectableServer>(
  options: InMemoryOptions<O, S>,
): Promise<InMemoryConnection<S>> {
  const { create, ...serverOptions } = options;
  return linkInMemory(await create(serverOptions as unknown as O));
}
