import type { Envelope } from './envelope.js';
import type { ConnectableServer, InMemoryConnection } from './in-memory.js';

/** An Electron app directory to launch; each fixture project exports one (`{ name, dir }`). */
export interface AppDir {
  name: string;
  dir: string;
}

export interface AppUnderTest<S extends ConnectableServer = ConnectableServer> extends InMemoryConnection<S> {
  /** The electron_launch envelope (session id, windows...). */
  launched: Envelope;
  sessionId?: string;
}

/**
 * Launch `app` through a real MCP client on the server `connect` opens, run `fn`, and always
 * stop the app and close the server, whatever `fn` did.
 */
export async function withApp<T, S extends ConnectableServer>(
  connect: () => Promise<InMemoryConnection<S>>,
  app: AppDir,
  fn: (app: AppUnderTest<S>) => Promise<T>,
  launch: Record<string, unknown> = {},
): Promise<T> {
  const connection = await connect();
  try {
    const launched = await connection.call('electron_launch', { main: app.dir, ...launch });
    if (!launched.ok) throw new Error(`electron_launch of app "${app.name}" failed: ${JSON.stringify(launched)}`);
    const sessionId = typeof launched.sessionId === 'string' ? launched.sessionId : undefined;
    try {
      return await fn({ ...connection, launched, sessionId });
    } finally {
      await connection.call('electron_stop', sessionId ? { sessionId } : {}).catch(() => undefined);
    }
  } finally {
    await connection.close();
  }
}
