import type { Envelope } from './envelope.js';
import type { McpTestClient } from './client.js';
import { connectServer, type ServerTestOptions } from './connect.js';
import type { FixtureApp } from './paths.js';

/** The connection `fn` gets: the client (and whatever else the connection carries) plus the launch. */
export type AppUnderTest<C extends McpTestClient = McpTestClient> = C & {
  /** The electron_launch envelope (session id, windows...). */
  launched: Envelope;
  sessionId?: string;
};

/**
 * Launch `app` through a real MCP client, run `fn`, and always stop the app and close the server,
 * whatever `fn` did. `server` is either the options of an in-memory server (connectServer) or a
 * function opening any connection (e.g. `() => connectStdio({ args: ['--plugin', './dist/index.mjs'] })`).
 * `launch` adds electron_launch arguments (`args`, `env`...).
 */
export async function withApp<T, C extends McpTestClient = McpTestClient>(
  server: ServerTestOptions | (() => Promise<C>),
  app: FixtureApp,
  fn: (app: AppUnderTest<C>) => Promise<T>,
  launch: Record<string, unknown> = {},
): Promise<T> {
  const connection = (typeof server === 'function' ? await server() : await connectServer(server)) as C;
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
