import { electronExecutable } from '@stagewright/fake-electron';
import { connectInMemory, type Envelope, type InMemoryConnection } from '@stagewright/harness';
import type { StagewrightServer } from '@stagewright/kernel';
import { createStagewrightServer, type StagewrightServerOptions } from '@stagewright/mcp-server';

export type Connection = InMemoryConnection<StagewrightServer>;

/** A real MCP client on the shipped composition, fake-electron as the fallback runtime. */
export function connect(options: StagewrightServerOptions = {}): Promise<Connection> {
  return connectInMemory({
    ...options,
    create: (serverOptions: StagewrightServerOptions) =>
      createStagewrightServer({ driverOptions: { fallbackExecutablePath: electronExecutable() }, ...serverOptions }),
  });
}

/** Call and require success, failing the test with the whole envelope otherwise. */
export async function ok(conn: Pick<Connection, 'call'>, name: string, args: Record<string, unknown> = {}): Promise<Envelope> {
  const result = await conn.call(name, args);
  if (!result.ok) throw new Error(`${name} failed: ${JSON.stringify(result)}`);
  return result;
}
