import { mainNetApp } from '@stagewright/fixtures/main-net';
import type { InMemoryConnection } from '@stagewright/harness';
import { startApiServer, type ApiServer } from './api-server.js';
import { connect } from './connect.js';

/** The main-net fixture launched against a fresh API server, on a server with the network plugin. */
export interface MainNetRun {
  api: ApiServer;
  app: InMemoryConnection;
  /** Stops the app, the connection and the API server. */
  close(): Promise<void>;
}

export async function launchMainNet(): Promise<MainNetRun> {
  const api = await startApiServer();
  const app = await connect()();
  const launched = await app.call('electron_launch', { main: mainNetApp.dir, args: [`api=${api.origin}`] });
  if (!launched.ok) throw new Error(`launch failed: ${JSON.stringify(launched)}`);
  return {
    api,
    app,
    async close() {
      await app.call('electron_stop', {}).catch(() => undefined);
      await app.close();
      await api.close();
    },
  };
}
