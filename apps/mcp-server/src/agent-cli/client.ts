import { spawn } from 'node:child_process';
import { existsSync, openSync, closeSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { EXIT } from './answer.js';
import type { Reply } from './daemon.js';
import { DaemonError, type DaemonPaths, daemonPaths, ensureDaemonDirs, readToken, workspaceOf } from './state.js';

export interface Io {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

const STD_IO: Io = { stdout: (t) => void process.stdout.write(t), stderr: (t) => void process.stderr.write(t) };

/** Send one request to the workspace's server; undefined when none listens there. */
export async function sendRequest(paths: DaemonPaths, request: Record<string, unknown>): Promise<Reply | undefined> {
  if (!existsSync(paths.token) || !existsSync(paths.socket)) return undefined;
  const token = readToken(paths.token);
  return new Promise((resolve, reject) => {
    const socket = connect(paths.socket);
    let data = '';
    socket.setEncoding('utf8');
    socket.once('connect', () => socket.write(`${JSON.stringify({ ...request, token })}\n`));
    socket.on('data', (chunk: string) => {
      data += chunk;
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(undefined);
      else reject(error);
    });
    socket.once('end', () => {
      try {
        resolve(JSON.parse(data) as Reply);
      } catch {
        reject(new DaemonError('the background server closed the connection without an answer (see its log).'));
      }
    });
  });
}

/** The operator's flags for a server the first command starts (STAGEWRIGHT_DAEMON_FLAGS, split on spaces). */
function envFlags(): string[] {
  return (process.env.STAGEWRIGHT_DAEMON_FLAGS ?? '').split(/\s+/).filter(Boolean);
}

/**
 * Start the workspace's background server, detached, with the operator's flags, and wait until it
 * listens. Its stderr goes to the log in its private folder.
 */
export async function startDaemon(paths: DaemonPaths, flags: readonly string[]): Promise<void> {
  const entry = process.argv[1];
  if (!entry) throw new DaemonError('cannot find the stagewright entry to start the background server.');
  const log = openSync(paths.log, 'a', 0o600);
  const child = spawn(process.execPath, [entry, 'daemon', 'run', ...flags], {
    cwd: paths.workspace,
    detached: true,
    stdio: ['ignore', 'pipe', log],
    env: { ...process.env, STAGEWRIGHT_WORKSPACE: paths.workspace },
  });
  closeSync(log);
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => {
      out += chunk;
      if (out.includes('ready\n')) {
        child.stdout!.destroy();
        resolve();
      }
    });
    child.once('exit', (code) => {
      const tail = readFileSync(paths.log, 'utf8').trim().split('\n').slice(-3).join(' | ');
      reject(new DaemonError(`the background server did not start (exit ${code}): ${tail} (log: ${paths.log})`));
    });
  });
  child.unref();
}

function pathsHere(): DaemonPaths {
  const paths = daemonPaths(workspaceOf(process.cwd()));
  ensureDaemonDirs(paths);
  return paths;
}

function failed(io: Io, error: unknown): number {
  io.stderr(`stagewright: ${error instanceof Error ? error.message : String(error)}\n`);
  return error instanceof DaemonError || (error as NodeJS.ErrnoException)?.code ? EXIT.DAEMON : EXIT.TOOL_FAILED;
}

/**
 * `stagewright <command> ...`: one tool call through the workspace's background server, started
 * first when none runs. The arguments travel as they are; the server parses them against its own
 * tool list, so a command can name only the tools the operator's server lists.
 */
export async function agentCommand(argv: readonly string[], io: Io = STD_IO): Promise<number> {
  try {
    const paths = pathsHere();
    const request = { op: 'call', argv, cwd: process.cwd() };
    let reply = await sendRequest(paths, request);
    if (!reply) {
      await startDaemon(paths, envFlags());
      reply = await sendRequest(paths, request);
    }
    if (!reply) throw new DaemonError('the background server started but does not answer.');
    if (reply.stdout) io.stdout(reply.stdout);
    if (reply.stderr) io.stderr(reply.stderr);
    return reply.exitCode;
  } catch (error) {
    return failed(io, error);
  }
}

export const DAEMON_USAGE = `Usage: stagewright daemon start [server flags] [--idle-ms <ms>]
       stagewright daemon stop | status

The background server of this workspace (the nearest folder with .stagewright/, else the
current one), which agent commands (\`stagewright launch\`, \`snapshot\`, \`click\`, ...) talk to.
The first command starts it with the flags in STAGEWRIGHT_DAEMON_FLAGS (none by default); start
it yourself to give other flags. The operator's flags (--allow-eval, --plugin, --app-root,
--tool-profile, ... see \`stagewright --help\`) are set here, never by a command. It listens on a
Unix socket in a folder only this user can enter, answers only requests carrying the token of
its 0600 file, and ends itself, stopping its apps, after --idle-ms without a command
(default: 600000).
`;

/** `stagewright daemon start|stop|status|run`. */
export async function daemonCommand(argv: readonly string[], io: Io = STD_IO): Promise<number | undefined> {
  const [sub, ...rest] = argv;
  if (sub === undefined || argv.includes('--help') || argv.includes('-h')) {
    io.stdout(DAEMON_USAGE);
    return sub === undefined ? EXIT.USAGE : 0;
  }
  try {
    const { parseDaemonFlags, runDaemon } = await import('./daemon.js');
    if (sub === 'run') {
      await runDaemon(parseDaemonFlags(rest), workspaceOf(process.cwd()));
      return undefined;
    }
    const paths = daemonPaths(workspaceOf(process.cwd()));
    // Asking about a server that never ran leaves no folder behind.
    if ((sub === 'stop' || sub === 'status') && !existsSync(paths.dir)) {
      io.stdout(`not running for ${paths.workspace}\n`);
      return 0;
    }
    ensureDaemonDirs(paths);
    if (sub === 'start') {
      parseDaemonFlags(rest);
      const status = await sendRequest(paths, { op: 'status' });
      if (status) {
        const running = (status.status?.flags as string[] | undefined) ?? [];
        if (running.join(' ') === rest.join(' ')) {
          io.stdout(`already running (pid ${status.status?.pid})\n`);
          return 0;
        }
        io.stderr(
          `stagewright: the background server already runs with flags [${running.join(' ')}]; \`stagewright daemon stop\` first.\n`,
        );
        return EXIT.USAGE;
      }
      await startDaemon(paths, rest);
      io.stdout(`started for ${paths.workspace}\n`);
      return 0;
    }
    if (sub === 'stop' || sub === 'status') {
      const reply = await sendRequest(paths, { op: sub });
      if (!reply) {
        io.stdout(`not running for ${paths.workspace}\n`);
        return 0;
      }
      if (reply.stderr) io.stderr(reply.stderr);
      if (sub === 'status' && reply.status) {
        const s = reply.status;
        io.stdout(
          `running pid ${s.pid} for ${s.workspace}\nflags: ${(s.flags as string[]).join(' ') || '(none)'}\nidle-ms: ${s.idleMs}\ntools: ${s.tools}\nsocket: ${paths.socket}\n`,
        );
      } else if (reply.stdout) io.stdout(reply.stdout);
      return reply.exitCode;
    }
    io.stderr(`stagewright: daemon: unknown command "${sub}"; see \`stagewright daemon --help\`.\n`);
    return EXIT.USAGE;
  } catch (error) {
    if ((error as Error)?.name === 'CliUsageError') {
      io.stderr(`stagewright: ${(error as Error).message}\n`);
      return EXIT.USAGE;
    }
    return failed(io, error);
  }
}
