import { AppOwnershipRegistry } from '@stagewright/driver';
import type { ServeOptions } from '../cli.js';
import { type StagewrightServerOptions, createStagewrightServer } from '../compose.js';
import { resolveHttpOptions } from './http-options.js';
import { type HttpServerHandle, serveHttp } from './serve-http.js';

const info = (message: string) => process.stderr.write(`[stagewright] info: ${message}\n`);

/** SIGINT/SIGTERM end every session (stopping their apps), then exit; a stuck shutdown is cut short. */
function installShutdown(handle: HttpServerHandle): void {
  let closing = false;
  const shutdown = (why: string) => {
    if (closing) return;
    closing = true;
    info(`shutting down (${why}), ending ${handle.sessions.size} session(s)`);
    setTimeout(() => process.exit(1), 10_000).unref();
    handle.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

/**
 * Serve over Streamable HTTP. The options are checked once before listening by building (and
 * closing) one server, so a bad plugin or flag fails at startup with exit 2, not per session.
 * Every session's server shares one ownership record: an app one session launched is refused to
 * the others (APP_OWNED_BY_ANOTHER_SESSION, docs/adr/0013-apps-belong-to-their-session.md).
 */
export async function runHttp(options: ServeOptions, serverOptions: StagewrightServerOptions): Promise<void> {
  const http = resolveHttpOptions(options.http);
  await (await createStagewrightServer(serverOptions)).close();
  const perSession: StagewrightServerOptions = {
    ...serverOptions,
    driverOptions: { ...serverOptions.driverOptions, appOwnership: new AppOwnershipRegistry() },
  };
  const handle = await serveHttp(http, () => createStagewrightServer(perSession));
  installShutdown(handle);
  info(`listening on ${handle.url}${http.token ? ' (bearer token required)' : ''}`);
}
