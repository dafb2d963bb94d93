import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { PluginLoadError, ServerOptionsError, type StagewrightServer } from '@stagewright/kernel';
import { CliUsageError, USAGE, parseCliArgs, toServerOptions } from './cli.js';
import { grantsLine } from './grants-line.js';
import { createStagewrightServer } from './compose.js';
import { runHttp } from './http/run-http.js';
import { STAGEWRIGHT_VERSION } from './version.js';
import { claimStdout } from './stdout-channel.js';
import { MAX_REQUEST_BYTES, RequestLines } from './request-lines.js';
import { installCrashHandlers } from './crash-handlers.js';

const fail = (message: string) => process.stderr.write(`stagewright: ${message.replace(/\s*\n\s*/g, ' ')}\n`);

/** Shut down once: close the server (plugins, sessions), then exit. A stuck close is cut short. */
function installShutdown(server: StagewrightServer): void {
  let closing = false;
  const shutdown = (why: string) => {
    if (closing) return;
    closing = true;
    process.stderr.write(`[stagewright] info: shutting down (${why})\n`);
    setTimeout(() => process.exit(1), 10_000).unref();
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.stdin.on('end', () => shutdown('stdin closed'));
  process.stdin.on('close', () => shutdown('stdin closed'));
}

/**
 * The CLI: parse flags, build the shipped server and serve it over stdio (or HTTP, see http/). Usage errors, bad
 * options and plugin load failures print one line on stderr and give exit code 2.
 */
export async function run(argv: readonly string[]): Promise<number | undefined> {
  let server: StagewrightServer;
  let channel: NodeJS.WritableStream;
  try {
    const command = parseCliArgs(argv);
    if (command.kind === 'help') {
      process.stdout.write(USAGE);
      return 0;
    }
    if (command.kind === 'version') {
      process.stdout.write(`${STAGEWRIGHT_VERSION}\n`);
      return 0;
    }
    channel = claimStdout();
    if (command.options.transport === 'http') {
      await runHttp(command.options, toServerOptions(command.options));
      installCrashHandlers();
      return undefined;
    }
    server = await createStagewrightServer(toServerOptions(command.options));
    process.stderr.write(grantsLine(command.options));
  } catch (error) {
    if (error instanceof CliUsageError || error instanceof ServerOptionsError || error instanceof PluginLoadError) {
      fail(error.message);
      return 2;
    }
    process.stderr.write(`stagewright: startup failed: ${(error as Error)?.stack ?? String(error)}\n`);
    return 1;
  }
  installCrashHandlers();
  installShutdown(server);
  // Whole, bounded lines reach the SDK transport; an oversized or unparsable line is answered here.
  const lines = process.stdin.pipe(new RequestLines(MAX_REQUEST_BYTES, (error) => channel.write(`${JSON.stringify(error)}\n`)));
  await server.connect(new StdioServerTransport(lines as unknown as NodeJS.ReadStream, channel as never));
  return undefined;
}
