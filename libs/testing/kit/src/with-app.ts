import type { Envelope } from './envelope.js';
import type { McpTestClient } from './client.js';
import { connectServer, type ServerTestOptions } from './connect.js';
import type { FixtureApp } from './paths.js';

export interface AppUnderTest extends McpTestClient {
  /** The electron_launch envelope (session id, windows...). */
  launched: Envelope;
  sessionId?: string;
}

/**
 * Launch `app` through a real MCP client, run `fn`, and always stop the app and close the server,
 * whatever `fn` did. `server` is either the options of an in-memory server (connectServer) or a
 * function opening any connection (e.g. `() => connectStdio({ args: ['--plugin', './dist/index.mjs'] })`).
 * `launch` adds electron_launch arguments (`args`, `env`...).
 */
export async function withApp<T>(
  server: ServerTestOptions | (() => Promise<McpTestClient>),
  app: FixtureApp,
  fn: (app: AppUnderTest) => Promise<T>,
  launch: Record<string, unknown> = {},
): Promise<T> {
  const connection = typeof server === 'function' ? await server() : await connectServer(server);
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
