import { electronExecutable } from '@stagewright/fake-electron';
import { connectInMemory, type Envelope, type InMemoryConnection as ConnectionTo } from '@stagewright/harness';
import type { StagewrightServer } from '@stagewright/kernel';
import { createStagewrightServer, type StagewrightServerOptions } from '@stagewright/mcp-server';
import { testApp } from './apps.js';

export type InMemoryConnection = ConnectionTo<StagewrightServer>;
export type Connection = InMemoryConnection;

export interface ConnectOptions extends StagewrightServerOptions {
  /** Builds the server instead of createShippedServer (e.g. with other driver options). */
  create?: (options: StagewrightServerOptions) => Promise<StagewrightServer>;
}

/** The shipped composition with fake-electron as the fallback runtime. */
export function createShippedServer(options: StagewrightServerOptions): Promise<StagewrightServer> {
  return createStagewrightServer({ ...options, driverOptions: { fallbackExecutablePath: electronExecutable() } });
}

/** A real MCP client on the shipped server (fake-electron as fallback runtime). */
export function connect(options: ConnectOptions = {}): Promise<InMemoryConnection> {
  const { create = createShippedServer, ...serverOptions } = options;
  return connectInMemory({ ...serverOptions, create });
}

/** Call and require success, failing the test with the whole envelope otherwise. */
export async function ok(conn: Pick<InMemoryConnection, 'call'>, name: string, args: Record<string, unknown> = {}): Promise<Envelope> {
  const result = await conn.call(name, args);
  if (!result.ok) throw new Error(`${name} failed: ${JSON.stringify(result)}`);
  return result;
}

/** Launch one of this library's test apps and return its session id. */
export async function launchTestApp(
  conn: InMemoryConnection,
  name: Parameters<typeof testApp>[0],
  extra: Record<string, unknown> = {},
): Promise<string> {
  const launched = await ok(conn, 'electron_launch', { main: testApp(name), ...extra });
  return launched.sessionId as string;
}

/** A connection with one test app launched: the usual start of a suite. */
export async function openTestApp(name: Parameters<typeof testApp>[0]): Promise<InMemoryConnection> {
  const conn = await connect();
  await launchTestApp(conn, name);
  return conn;
}

/** Stop the app (if any is live) and close the connection: the usual end of a suite. */
export async function closeTestApp(conn: InMemoryConnection | undefined): Promise<void> {
  await conn?.call('electron_stop', {});
  await conn?.close();
}

/** The ref of the first snapshot line matching `role "name"`. */
export function refOf(snapshot: string, role: string, name: string): string {
  const line = snapshot.split('\n').find((l) => l.includes(`${role} "${name}"`));
  const ref = line && /\[ref=([a-z0-9]+)\]/.exec(line)?.[1];
  if (!ref) throw new Error(`no ${role} "${name}" in snapshot:\n${snapshot}`);
  return ref;
}
