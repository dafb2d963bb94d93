import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { parseEnvelope } from '../profiles/server.js';
import type { Envelope, TaskApi } from '../profiles/task-api.js';
import type { RealApp } from './corpus.js';

/** What one app did on one runtime. */
export interface AppRun {
  app: string;
  runtime: string;
  started: boolean;
  launchMs?: number;
  /** The launch's error code and message, when it did not start. */
  launchError?: string;
  /** The first error the app itself reported (main-process stderr, uncaught exception), with stack lines. */
  firstAppError?: string;
  windows?: string[];
  tasks: { id: string; title: string; pass: boolean; ms: number; error?: string }[];
}

export interface RunOptions {
  serverPath: string;
  runtimeLabel: string;
  electronPath: string;
  appDir: string;
  launchTimeoutMs: number;
  taskTimeoutMs: number;
  /** Print each window's snapshot after the launch (for writing tasks). */
  showSnapshots?: boolean;
  log?: (line: string) => void;
}

/** The server's flags: every tool, the native and storage plugins (trays, notifications, deep links, IndexedDB). */
const SERVER_ARGS = ['--tool-profile', 'full', '--plugin', 'native', '--plugin', 'storage', '--allow-eval=renderer'];

/**
 * Runs one app's tasks as a scripted agent: a fresh server over stdio (the built bundle), whose
 * environment has a temporary HOME and XDG folders, which the launched app inherits, so nothing the
 * app writes reaches the real profile. One launch, the tasks in order, then stop; the app and the
 * server are stopped and the temporary folders removed whatever happened.
 */
export async function runApp(app: RealApp, options: RunOptions): Promise<AppRun> {
  const home = mkdtempSync(join(tmpdir(), `real-apps-${app.id}-`));
  for (const sub of ['.config', '.local/share', '.cache', 'tmp', 'shots']) mkdirSync(join(home, sub), { recursive: true });
  const bus = await startSessionBus();
  const env = {
    ...getDefaultEnvironment(),
    ...(bus ? { DBUS_SESSION_BUS_ADDRESS: bus.address } : {}),
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local/share'),
    XDG_CACHE_HOME: join(home, '.cache'),
    TMPDIR: join(home, 'tmp'),
    STAGEWRIGHT_ELECTRON: options.electronPath,
    ...app.env,
  };
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [options.serverPath, ...SERVER_ARGS, '--screenshot-dir', join(home, 'shots')],
    env,
    stderr: 'ignore',
  });
  const client = new Client({ name: 'stagewright-bench-real-apps', version: '1.0.0' });
  const run: AppRun = { app: app.id, runtime: options.runtimeLabel, started: false, tasks: [] };
  let sessionId: string | undefined;
  const call = async (name: string, args: Record<string, unknown> = {}, timeout = options.taskTimeoutMs): Promise<Envelope> => {
    const withSession = sessionId && name !== 'electron_launch' && !('sessionId' in args) ? { ...args, sessionId } : args;
    try {
      return parseEnvelope(await client.callTool({ name, arguments: withSession }, undefined, { timeout }));
    } catch (error) {
      return { ok: false, code: 'CLIENT_ERROR', error: error instanceof Error ? error.message : String(error) };
    }
  };
  try {
    await client.connect(transport);
    const started = Date.now();
    const launch = await call(
      'electron_launch',
      { main: options.appDir, timeoutMs: options.launchTimeoutMs },
      options.launchTimeoutMs + 15_000,
    );
    run.launchMs = Date.now() - started;
    if (!launch.ok || typeof launch.sessionId !== 'string') {
      run.launchError = `${launch.code ?? 'ERROR'}: ${launch.error ?? ''}`.trim();
      run.firstAppError = await diagnoseLaunch(options.electronPath, options.appDir, env);
      return run;
    }
    run.started = true;
    sessionId = launch.sessionId;
    run.windows = ((launch.windows as { title?: string }[] | undefined) ?? []).map((w) => w.title ?? '');
    if (options.showSnapshots) await printSnapshots(call, options.log ?? console.log);
    const api: TaskApi = {
      call: (name, args) => call(name, args),
      retry: (name, args) => call(name, args),
      bind: (id) => (sessionId = id),
    };
    for (const task of app.tasks) {
      const t0 = Date.now();
      try {
        await withTimeout(task.run(api, { scratchDir: join(home, 'shots') }), options.taskTimeoutMs, `task ${task.id}`);
        run.tasks.push({ id: task.id, title: task.title, pass: true, ms: Date.now() - t0 });
      } catch (error) {
        run.tasks.push({
          id: task.id,
          title: task.title,
          pass: false,
          ms: Date.now() - t0,
          error: error instanceof Error ? error.message : String(error),
        });
        // Back to the first window, so one task's failure does not leave the next one elsewhere.
        await call('electron_switch_window', { index: 0 });
      }
    }
    run.firstAppError = await firstAppError(call);
    return run;
  } finally {
    if (sessionId) await call('electron_stop', { timeoutMs: 5000 }, 30_000);
    await client.close().catch(() => undefined);
    bus?.child.kill('SIGTERM');
    rmSync(home, { recursive: true, force: true });
  }
}

async function printSnapshots(
  call: (name: string, args?: Record<string, unknown>) => Promise<Envelope>,
  log: (line: string) => void,
): Promise<void> {
  const list = await call('electron_windows');
  for (const w of (list.windows as { id: string; title?: string; url?: string }[] | undefined) ?? []) {
    await call('electron_switch_window', { window: w.id });
    const snap = await call('electron_snapshot', { maxChars: 3000 });
    log(`  --- ${w.id} ${w.title} ${w.url}\n${String(snap.snapshot ?? JSON.stringify(snap)).slice(0, 3000)}`);
  }
  await call('electron_switch_window', { index: 0 });
}

/**
 * A private D-Bus session bus for the run, as a Linux desktop session has one: apps talk to it
 * (stretchly asks it for Do Not Disturb through dbus-final) and fail without an address. None when
 * dbus-daemon is not installed; the app then meets what a session without a bus gives it.
 */
function startSessionBus(): Promise<{ address: string; child: ChildProcess } | undefined> {
  if (!existsSync('/usr/bin/dbus-daemon')) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const child = spawn('/usr/bin/dbus-daemon', ['--session', '--nofork', '--print-address=1'], { stdio: ['ignore', 'pipe', 'ignore'] });
    // Even when the bench itself is interrupted, the bus goes with it.
    const stop = () => child.kill('SIGTERM');
    process.once('exit', stop);
    child.once('exit', () => process.removeListener('exit', stop));
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      resolve(undefined);
    }, 5000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) {
        clearTimeout(timer);
        resolve({ address: line.trim(), child });
      }
    });
    child.on('error', () => {
      clearTimeout(timer);
      resolve(undefined);
    });
  });
}

async function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The first error-level message from the main process or a page (uncaught, rejection, preload, stderr). */
async function firstAppError(call: (name: string, args?: Record<string, unknown>) => Promise<Envelope>): Promise<string | undefined> {
  const env = await call('electron_console_logs', { level: 'error', limit: 200 });
  const entries = (env.entries as { source?: string; kind?: string; text?: string }[] | undefined) ?? [];
  const first = entries.find((e) => e.kind === 'exception' || e.kind === 'rejection' || e.kind === 'preload') ?? entries[0];
  return first ? `${first.source ?? ''}${first.kind ? ` ${first.kind}` : ''}: ${errorLines(first.text ?? '')}` : undefined;
}

/** An error's message and its first stack lines, from a stderr or console text. */
export function errorLines(text: string, stackLines = 4): string {
  const lines = text.split('\n');
  // An error's own line ("TypeError: ...", "Error: ...") first; a bare mention of an error word only when there is none.
  const own = lines.findIndex((l) => /\b[A-Z]?[A-Za-z]*Error\b:|^Uncaught\b/.test(l));
  const loose = lines.findIndex((l) => /\b(Cannot find|is not a function|is not a constructor|is not defined)\b/.test(l));
  const start = Math.max(own >= 0 ? own : loose, 0);
  // A message split over lines ("Uncaught Exception:" then the error) keeps its next line.
  const next = lines[start + 1];
  const head = /:\s*$/.test(lines[start]!) && next && !/^\s+at /.test(next) ? [lines[start]!, next] : [lines[start]!];
  const frames: string[] = [];
  for (const line of lines.slice(start + head.length)) {
    if (!/^\s+at /.test(line) || frames.length === stackLines) break;
    frames.push(line);
  }
  const picked = [...head, ...frames];
  return picked
    .map((l) => l.trim())
    .join(' | ')
    .slice(0, 900);
}

/**
 * When the launch failed, the app is started once more on the same runtime, outside the server,
 * with the same temporary HOME, for a bounded time, and its stderr's first error is kept: the
 * launch error says that no window came; this says why.
 */
function diagnoseLaunch(electronPath: string, appDir: string, env: Record<string, string>): Promise<string | undefined> {
  return new Promise((resolve) => {
    const { STAGEWRIGHT_ELECTRON: _, ...appEnv } = env;
    const child = spawn(electronPath, [appDir], { env: appEnv, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let out = '';
    const collect = (chunk: Buffer) => {
      if (out.length < 200_000) out += chunk.toString();
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    const finish = () => {
      clearTimeout(timer);
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
      const hasError = /Error|error|Cannot|undefined/.test(out);
      resolve(
        hasError
          ? errorLines(out)
          : out.trim()
            ? `no error on stderr; last output: ${out.trim().split('\n').slice(-3).join(' | ').slice(0, 400)}`
            : 'no output',
      );
    };
    const timer = setTimeout(finish, 15_000);
    child.on('exit', finish);
    child.on('error', finish);
  });
}
