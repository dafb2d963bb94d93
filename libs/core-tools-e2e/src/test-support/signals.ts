import { signalsApp } from '@stagewright/fixtures/signals';
import type { CreateServerOptions } from '@stagewright/kernel';
import { connect, ok, type Connection } from './mcp.js';

/** The signals fixture app (delayed changes, timer freeze, dialogs, console, events, hash navigation). */
export const SIGNALS_APP = signalsApp.dir;

export interface SignalsApp {
  conn: Connection;
  sessionId: string;
  /** Call and require success. */
  ok(name: string, args?: Record<string, unknown>): ReturnType<typeof ok>;
  /** Call and return the envelope whatever it says. */
  call: Connection['call'];
  close(): Promise<void>;
}

/** A real MCP client on the shipped server with the signals app launched on fake-electron. */
export async function openSignals(options: CreateServerOptions = {}): Promise<SignalsApp> {
  const conn = await connect(options);
  const launched = await ok(conn, 'electron_launch', { main: SIGNALS_APP });
  return {
    conn,
    sessionId: launched.sessionId as string,
    ok: (name, args = {}) => ok(conn, name, args),
    call: (name, args, opts) => conn.call(name, args, opts),
    close: async () => {
      await conn.call('electron_stop', {}).catch(() => undefined);
      await conn.close();
    },
  };
}
