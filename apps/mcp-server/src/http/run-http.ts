import { randomUUID } from 'node:crypto';
import { join, resolve } from 'node:path';
import { AppOwnershipRegistry } from '@stagewright/driver';
import { defaultOutputDir } from '@stagewright/sdk';
import type { ServeOptions } from '../cli.js';
import { type StagewrightServerOptions, createStagewrightServer } from '../compose.js';
import { grantsLine } from '../grants-line.js';
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
 * the others (APP_OWNED_BY_ANOTHER_SESSION, docs/adr/0013-apps-belong-to-their-session.md), and
 * gets its own artifact folder, `<screenshot dir>/session-<random>`.
 */
export async function runHttp(options: ServeOptions, serverOptions: StagewrightServerOptions): Promise<void> {
  const http = resolveHttpOptions(options.http);
  await (await createStagewrightServer(serverOptions)).close();
  const perSession: StagewrightServerOptions = {
    ...serverOptions,
    driverOptions: { ...serverOptions.driverOptions, appOwnership: new AppOwnershipRegistry() },
  };
  // Each session writes its screenshots (and what file tools accept from there) in a folder of its
  // own, so no session can hand its app another session's files (issue 38, item 4).
  const artifacts = resolve(serverOptions.cwd ?? process.cwd(), serverOptions.screenshotDir ?? defaultOutputDir('screenshots'));
  const handle = await serveHttp(http, () =>
    createStagewrightServer({ ...perSession, screenshotDir: join(artifacts, `session-${randomUUID().slice(0, 13)}`) }),
  );
  installShutdown(handle);
  info(`listening on ${handle.url}${http.token ? ' (bearer token required)' : ''}`);
  process.stderr.write(grantsLine(options));
}
