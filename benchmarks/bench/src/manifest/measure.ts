import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { measureTools, type ListedTool, type VariantMeasurement } from './figures.js';

/** What the measurement needs of a server: the kernel's StagewrightServer satisfies it. */
export interface ConnectableServer {
  connect(transport: Transport): Promise<void>;
  close(): Promise<void>;
}

export type ServerFactory = () => Promise<ConnectableServer>;

/**
 * Reads tools/list the way a host does: a real SDK Client on an in-memory linked pair, every page
 * followed. The result is the parsed `tools` array, exactly what the host would hold.
 */
export async function listTools(factory: ServerFactory): Promise<ListedTool[]> {
  const server = await factory();
  const client = new Client({ name: 'stagewright-bench', version: '0.1.0' });
  try {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    await client.connect(clientSide);
    const tools: ListedTool[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor === undefined ? undefined : { cursor });
      tools.push(...(page.tools as ListedTool[]));
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    return tools;
  } finally {
    await client.close();
    await server.close();
  }
}

export async function measureServer(factory: ServerFactory): Promise<VariantMeasurement> {
  return measureTools(await listTools(factory));
}
