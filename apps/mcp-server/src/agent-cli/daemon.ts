import { chmodSync, mkdirSync, rmSync, rmdirSync, writeFileSync } from 'node:fs';
import { type Socket, createServer, connect } from 'node:net';
import { join } from 'node:path';
import { CliUsageError, asksForHelp, parseCliArgs, toServerOptions, type ServeOptions } from '../cli.js';
import { claimStdout } from '../stdout-channel.js';
import { grantsLine } from '../grants-line.js';
import { EXIT, renderAnswer } from './answer.js';
import { CommandUsageError, commandHelp, commandName, parseCommand, usageLine, type CatalogueTool, type ToolDetail } from './commands.js';
import { startLocalKernel } from './kernel.js';
import { DaemonError, OUTPUT_FOLDER, daemonPaths, ensureDaemonDirs, newToken, sameToken, writeToken, type DaemonPaths } from './state.js';

/** A background server ends itself after this long without a command (and stops its apps). */
export const DEFAULT_IDLE_MS = 10 * 60_000;
/** A request line longer than this is refused (arguments belong in files, like the MCP server's body limit). */
const MAX_REQUEST_BYTES = 1024 * 1024;

export interface DaemonFlags {
  serve: ServeOptions;
  idleMs: number;
  /** The operator's flags as given, shown by `daemon status`. */
  argv: string[];
}

/**
 * The operator's flags of a background server: the MCP server's own flags (one table, cli.ts),
 * less the transport ones, plus `--idle-ms`. Given to `stagewright daemon start` or in
 * STAGEWRIGHT_DAEMON_FLAGS for the server the first command starts; never by a tool command.
 */
export function parseDaemonFlags(argv: readonly string[]): DaemonFlags {
  const rest: string[] = [];
  let idleMs = DEFAULT_IDLE_MS;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--idle-ms' || arg.startsWith('--idle-ms=')) {
      const value = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[++i];
      if (!value || !/^\d+$/.test(value) || Number(value) <= 0)
        throw new CliUsageError(`--idle-ms: expected a positive integer (ms), got "${value ?? ''}".`);
      idleMs = Number(value);
      continue;
    }
    rest.push(arg);
  }
  const command = parseCliArgs(rest);
  if (command.kind !== 'serve') throw new CliUsageError('daemon: --help and --version are not server flags.');
  if (command.options.transport !== 'stdio' || command.options.http)
    throw new CliUsageError('daemon: --transport and the http flags do not apply; the background server listens on a private socket.');
  return { serve: command.options, idleMs, argv: [...argv] };
}

interface Request {
  token?: unknown;
  op?: 'call' | 'stop' | 'status';
  argv?: unknown;
  cwd?: unknown;
}

export interface Reply {
  stdout?: string;
  stderr?: string;
  exitCode: number;
  status?: Record<string, unknown>;
}

/** Whether something answers on the socket (a live server, not a stale file). */
export function socketAlive(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(path);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function helpText(tools: readonly CatalogueTool[], details: ReadonlyMap<string, ToolDetail>): string {
  const groups = [...new Set(tools.map((t) => t.group))];
  const lines = ['Usage: stagewright <command> [args] [--flags] [--json]', ''];
  for (const group of groups) {
    lines.push(`${group}:`);
    for (const tool of tools.filter((t) => t.group === group))
      lines.push(`  ${usageLine(tool, details.get(tool.name)).replace(/^stagewright /, '')}`);
  }
  lines.push('', '`stagewright <command> --help` for one command; `stagewright daemon status|stop` for this background server.');
  return `${lines.join('\n')}\n`;
}

/**
 * `stagewright daemon run`: the background server of one workspace, in the foreground. It builds
 * the shipped kernel once with the operator's flags, listens on a Unix socket in a 0700 folder,
 * answers only requests that carry the token of its 0600 file, and ends itself (stopping its
 * apps) after `idleMs` without a request. Prints `ready` on stdout once it listens.
 */
export async function runDaemon(flags: DaemonFlags, workspace: string): Promise<void> {
  const paths = daemonPaths(workspace);
  ensureDaemonDirs(paths);
  if (await socketAlive(paths.socket)) {
    // Another command started it first: that one serves this workspace.
    process.stdout.write('ready\n');
    return;
  }
  const token = newToken();
  const outDir = join(workspace, OUTPUT_FOLDER);
  mkdirSync(outDir, { recursive: true });
  const serverOptions = toServerOptions(flags.serve);
  const kernel = await startLocalKernel({
    ...serverOptions,
    cwd: workspace,
    screenshotDir: serverOptions.screenshotDir ?? join(OUTPUT_FOLDER, 'screenshots'),
  });
  process.stderr.write(grantsLine(flags.serve));
  let seq = 0;
  let inFlight = 0;
  let idle: NodeJS.Timeout | undefined;
  let closing: Promise<void> | undefined;
  const shutdown = (why: string) =>
    (closing ??= (async () => {
      process.stderr.write(`[stagewright] info: background server ending (${why})\n`);
      setTimeout(() => process.exit(1), 10_000).unref();
      listener.close();
      await kernel.close().catch(() => undefined);
      removeState(paths);
      process.exit(0);
    })());
  const touch = () => {
    if (idle) clearTimeout(idle);
    idle = inFlight > 0 ? undefined : setTimeout(() => void shutdown(`idle for ${flags.idleMs} ms`), flags.idleMs);
  };

  const handle = async (request: Request): Promise<Reply> => {
    if (!sameToken(request.token, token)) return { stderr: 'stagewright: refused: wrong or missing token.\n', exitCode: EXIT.DAEMON };
    if (request.op === 'stop') {
      setImmediate(() => void shutdown('stop requested'));
      return { stdout: 'stopped\n', exitCode: 0 };
    }
    if (request.op === 'status')
      return { exitCode: 0, status: { pid: process.pid, workspace, flags: flags.argv, idleMs: flags.idleMs, tools: kernel.tools.length } };
    const argv = Array.isArray(request.argv) ? request.argv.map(String) : [];
    const cwd = typeof request.cwd === 'string' ? request.cwd : workspace;
    if (argv.length === 0 || argv[0] === 'help') return { stdout: helpText(kernel.tools, await kernel.details()), exitCode: 0 };
    try {
      if (asksForHelp(argv)) {
        const tool = kernel.tools.find((t) => commandName(t.name) === argv[0] || t.name === argv[0]);
        return tool
          ? { stdout: commandHelp(tool, (await kernel.details()).get(tool.name)), exitCode: 0 }
          : { stdout: helpText(kernel.tools, await kernel.details()), exitCode: 0 };
      }
      const call = async (name: string, args: Record<string, unknown>, json: boolean) => {
        const result = await kernel.client.callTool({ name, arguments: args }, undefined, {
          timeout: (serverOptions.operationTimeoutMs ?? 120_000) + 10_000,
        });
        const answer = renderAnswer(result as { content?: unknown; isError?: boolean }, {
          workspace,
          outDir,
          command: commandName(name),
          seq: ++seq,
          json,
        });
        return { stdout: answer.stdout, exitCode: answer.exitCode };
      };
      const listed = kernel.tools.some((t) => commandName(t.name) === argv[0] || t.name === argv[0]);
      if (!listed && /^[a-z][a-z0-9-]*$/.test(argv[0]!)) {
        // A tool this server does not list (a gated or profile-hidden one): the kernel says why,
        // with its own code (EVAL_NOT_ALLOWED, TOOL_NOT_IN_PROFILE), and nothing runs.
        const reply = await call(`electron_${argv[0]!.replaceAll('-', '_')}`, {}, argv.includes('--json'));
        if (!reply.stdout.includes('UNKNOWN_TOOL')) return reply;
      }
      const parsed = parseCommand(kernel.tools, argv, cwd, await kernel.details());
      return await call(parsed.tool.name, parsed.args, parsed.json);
    } catch (error) {
      if (error instanceof CommandUsageError) return { stderr: `stagewright: ${error.message}\n`, exitCode: EXIT.USAGE };
      return { stderr: `stagewright: ${(error as Error).message}\n`, exitCode: EXIT.TOOL_FAILED };
    }
  };

  const serve = (socket: Socket) => {
    let buffer = '';
    socket.setEncoding('utf8');
    socket.on('error', () => undefined);
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      if (buffer.length > MAX_REQUEST_BYTES) {
        socket.end(`${JSON.stringify({ stderr: 'stagewright: request too large.\n', exitCode: EXIT.USAGE })}\n`);
        return;
      }
      const end = buffer.indexOf('\n');
      if (end < 0) return;
      socket.removeAllListeners('data');
      let request: Request;
      try {
        request = JSON.parse(buffer.slice(0, end)) as Request;
      } catch {
        socket.end(`${JSON.stringify({ stderr: 'stagewright: malformed request.\n', exitCode: EXIT.USAGE })}\n`);
        return;
      }
      inFlight++;
      touch();
      handle(request)
        .then((reply) => socket.end(`${JSON.stringify(reply)}\n`))
        .finally(() => {
          inFlight--;
          touch();
        });
    });
  };

  const listener = createServer(serve);
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      listener.once('error', reject);
      listener.listen(paths.socket, () => resolve());
    });
  try {
    await listen();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    if (await socketAlive(paths.socket)) {
      // Two first commands raced; the other server won and serves this workspace.
      await kernel.close();
      process.stdout.write('ready\n');
      return;
    }
    rmSync(paths.socket, { force: true });
    await listen();
  }
  chmodSync(paths.socket, 0o600);
  // The token file appears only once this server listens, so a client never holds a token another server made.
  writeToken(paths.token, token);
  writeFileSync(paths.info, `${JSON.stringify({ pid: process.pid, workspace, flags: flags.argv, idleMs: flags.idleMs })}\n`, {
    mode: 0o600,
  });
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  touch();
  // The starter stops reading once it has `ready`: a later write to that pipe would fail, so
  // everything after goes to the log (stderr).
  process.stdout.on('error', () => undefined);
  process.stdout.write('ready\n');
  claimStdout();
}

/** A clean end leaves nothing behind: the socket, token, description and log go, then the folder when empty. */
function removeState(paths: DaemonPaths): void {
  for (const file of [paths.socket, paths.token, paths.info, paths.log]) rmSync(file, { force: true });
  try {
    rmdirSync(paths.dir);
  } catch {
    // Not empty: another server of this workspace is starting in it.
  }
}

export { DaemonError };
