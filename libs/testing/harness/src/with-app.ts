import type { FixtureName } from '@stagewright/fixtures';
import type { CreateServerOptions } from '@stagewright/kernel';
import type { Envelope } from './envelope.js';
import { connectInMemory, type InMemoryConnection } from './in-memory.js';

export interface AppUnderTest extends InMemoryConnection {
  /** The electron_launch envelope (session id, windows...). */
  launched: Envelope;
  sessionId?: string;
}

export interface WithAppOptions extends CreateServerOptions {
  /** Extra electron_launch arguments (args, env, timeoutMs...). */
  launch?: Record<string, unknown>;
}

/**
 * Launch a fixture app on fake-electron through a real MCP client on the shipped server, run
 * `fn`, and always stop the app and close the server, whatever `fn` did.
 */
export async function withApp<T>(fixtureName: FixtureName, fn: (app: AppUnderTest) => Promise<T>, options: WithAppOptions = {}): Promise<T> {
  const { launch = {}, ...serverOptions } = options;
  const { fixturePath } = await import('@stagewright/fixtures');
  const connection = await connectInMemory(serverOptions);
  try {
    const launched = await connection.call('electron_launch', { main: fixturePath(fixtureName), ...launch });
    if (!launched.ok) throw new Error(`electron_launch of fixture "${fixtureName}" failed: ${JSON.stringify(launched)}`);
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
