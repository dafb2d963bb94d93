import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CreateServerOptions, StagewrightServer } from '@stagewright/kernel';
import { newClient, toolCaller, type McpTestClient } from './client.js';

export interface InMemoryOptions extends CreateServerOptions {
  /**
   * Builds the server. Default: the shipped composition (createStagewrightServer) with
   * fake-electron as the fallback executable. Kernel tests pass `createServer` with their own
   * container instead.
   */
  create?: (options: CreateServerOptions) => Promise<StagewrightServer>;
}

export interface InMemoryConnection extends McpTestClient {
  server: StagewrightServer;
}

/** The shipped server, imported lazily so kernel tests never load the driver. */
export async function createShippedServer(options: CreateServerOptions): Promise<StagewrightServer> {
  const [{ createStagewrightServer }, { FAKE_ELECTRON_BIN }] = await Promise.all([
    import('@stagewright/mcp-server'),
    import('@stagewright/fake-electron'),
  ]);
  return createStagewrightServer({ ...options, driverOptions: { fallbackExecutablePath: FAKE_ELECTRON_BIN } });
}

/**
 * A real MCP Client connected to a server through InMemoryTransport.createLinkedPair().
 * close() closes the client and the server (which disposes its sessions).
 */
export async function connectInMemory(options: InMemoryOptions = {}): Promise<InMemoryConnection> {
  const { create = createShippedServer, ...serverOptions } = options;
  const server = await create(serverOptions);
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  const client = newClient();
  await client.connect(clientTransport);
  return {
    server,
    client,
    ...toolCaller(client),
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}
