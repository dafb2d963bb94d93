import type { ElectronApplication, Page } from 'playwright-core';
import type { ChildProcess } from 'node:child_process';
import {
  CoreTools,
  ToolError,
  clampTimeout,
  isToolError,
  type DriverOptions,
  type LaunchOptions,
  type MainInstrumentation,
} from '@stagewright/sdk';
import { ElectronSession, type ExitInfo, type SessionControl } from '../session/electron-session.js';
import { LaunchedMainProcess } from '../session/main-process.js';
import { windowStateViaMain } from '../session/window-state-via-main.js';
import { resolveExecutable } from './executable.js';
import { childEnv } from './env-policy.js';
import { assertLaunchArgs } from './args-policy.js';
import { assertExecutableAllowed } from './executable-policy.js';
import { assertLaunchableMain } from './app-shape.js';
import { guardAppLife } from './watchdog.js';
import { instrumentConnected, preloadInstrumentation, takeEarlyStderr } from './main-instrumentation.js';
import { prepareUserData } from './user-data.js';
import { launchFailure } from './launch-failure.js';
import { stackLocation } from '../session/main-stderr.js';
import { loadPlaywright } from '../playwright-loader.js';
import { readFileSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { processTree } from '../attach/proc-ports.js';
import { type Spawner, taskkillTree } from './kill-tree.js';

export const DEFAULT_LAUNCH_TIMEOUT_MS = 30_000;
export const MAX_LAUNCH_TIMEOUT_MS = 120_000;

/**
 * Start an app with `_electron.launch` and return once its first window has rendered
 * (firstWindow + domcontentloaded). The launch policy (ADR-0010: args, env, executable, the
 * operator's grants in `driver`) is checked before anything starts. Plugin instrumentation runs
 * before the app's main script when an app path is given, otherwise as soon as the main process
 * is reachable (main-instrumentation.ts).
 */
export async function launchSession(
  id: string,
  options: LaunchOptions,
  driver: DriverOptions,
  instrumentation: readonly MainInstrumentation[] = [],
  /** Told the main pid as soon as the process exists, before its first window (ownership claims it). */
  onProcess: (pid: number) => void = () => undefined,
): Promise<ElectronSession> {
  const timeoutMs = clampTimeout(options.timeoutMs, DEFAULT_LAUNCH_TIMEOUT_MS, MAX_LAUNCH_TIMEOUT_MS);
  const deadline = Date.now() + timeoutMs;
  const progress = options.onProgress ?? (() => undefined);
  const { env, executable } = checkLaunchPolicy(options, driver);
  // A fresh temporary userData unless the operator pinned one (ADR-0033); a saved state is copied in.
  const userData = await prepareUserData(driver, id, options.state);
  progress(`Starting the app (${executable.source})`);
  // With main, a preload also keeps what the app writes to stderr before the pipe is ours to read.
  const preload = options.main ? preloadInstrumentation(instrumentation, { tapStderr: true }) : undefined;

  const app = await startElectron(id, options, { executable, env, preload, userData, timeoutMs });
  if (!preload?.args.length) await instrumentConnected(app, instrumentation);

  const child = app.process();
  if (child.pid !== undefined) onProcess(child.pid);
  const session = launchedSession(id, app, child, driver, userData, preload);
  const watching = session.watch(app.context());
  const crash = crashWithoutWindow(session);

  try {
    await abortable(watching, options.signal);
    progress('Waiting for the first window');
    const first = await abortable(
      Promise.race([app.firstWindow({ timeout: Math.max(1, deadline - Date.now()) }), crash.seen]),
      options.signal,
    );
    await abortable(firstRender(first, deadline), options.signal);
    progress('First window rendered');
    await abortable(session.warm(first), options.signal);
    return session;
  } catch (error) {
    crash.stop();
    if (isToolError(error) && error.code === 'CANCELLED') {
      await killGroup(child);
      await userData.release();
      throw error;
    }
    throw await launchFailed(error, { id, session, child, userData, timeoutMs, main: options.main });
  } finally {
    crash.stop();
  }
}

type UserData = Awaited<ReturnType<typeof prepareUserData>>;
type Preload = ReturnType<typeof preloadInstrumentation>;

/** The launch policy (ADR-0010): args, env and executable against the operator's grants; the child's env and executable. */
function checkLaunchPolicy(options: LaunchOptions, driver: DriverOptions) {
  const grants = driver.launchGrants ?? {};
  const fallback = driver.fallbackExecutablePath;
  assertLaunchArgs({ args: options.args, granted: grants.switches, hasMain: options.main !== undefined, confined: !!driver.appRoot });
  const env = childEnv(process.env, options.env, grants.env);
  const executable = resolveExecutable(options, process.env, fallback);
  assertExecutableAllowed(executable, {
    appRoot: driver.appRoot,
    operatorExecutables: [process.env.STAGEWRIGHT_ELECTRON, fallback, ...(grants.executables ?? [])],
  });
  assertLaunchableMain(options.main, options.cwd);
  return { env, executable };
}

/** `_electron.launch` with the switches before the app path; on failure, cleans up and throws the startup error. */
async function startElectron(
  id: string,
  options: LaunchOptions,
  start: {
    executable: ReturnType<typeof resolveExecutable>;
    env: ReturnType<typeof childEnv>;
    preload: Preload | undefined;
    userData: UserData;
    timeoutMs: number;
  },
): Promise<ElectronApplication> {
  const { executable, env, preload, userData, timeoutMs } = start;
  let app: ElectronApplication;
  try {
    const { _electron } = await loadPlaywright();
    app = await abortable(
      _electron.launch({
        executablePath: executable.path,
        // Switches before the app path: Chromium reads them anywhere, the app's own arguments follow it.
        args: [
          ...(preload?.args ?? []),
          `--user-data-dir=${userData.path}`,
          ...(options.main ? [options.main] : []),
          ...(options.args ?? []),
        ],
        env,
        cwd: options.cwd,
        timeout: timeoutMs,
      }),
      options.signal,
      (late) => void late.close().catch(() => undefined),
    );
  } catch (error) {
    preload?.cleanup();
    await userData.release();
    throw await startupError(error, id, timeoutMs, appDirOf(options.main));
  }
  return app;
}

/** The session over a launched app, with its exit, console, stderr and downloads wired in. */
function launchedSession(
  id: string,
  app: ElectronApplication,
  child: ChildProcess,
  driver: DriverOptions,
  userData: UserData,
  preload: Preload | undefined,
): ElectronSession {
  const guard = guardAppLife(child);
  const main = new LaunchedMainProcess(app);
  const session = new ElectronSession({
    id,
    kind: 'launched',
    pid: child.pid,
    capabilities: { mainProcess: true, owned: true, renderer: true },
    main,
    control: launchedControl(app, child),
    processGone: () => child.pid !== undefined && !processRunning(child.pid),
    snapshotReadMs: driver.snapshotReadMs,
    // One main-process round trip per read (every snapshot asks for the title), and no BrowserWindow handle left behind.
    windowState: windowStateViaMain(main),
    creationOrder: async (page) => (await app.browserWindow(page)).evaluate((w) => w.id),
    userData,
  });
  // Before the first window, so a download the app starts at once is saved too (ADR-0043).
  session.watchDownloads(driver.artifactDir);
  void exitOf(child).then((exit) => {
    session.markExited(exit);
    // Helpers (renderers, the stand-in's browser) must not outlive a main process that died.
    void killGroup(child);
    guard.release();
    preload?.cleanup();
  });
  app.on('console', (message) => session.mainConsole(message));
  session.mainStderr(child.stderr, preload ? takeEarlyStderr(app) : undefined);
  return session;
}

/** Kills the app and gives the error to throw for a launch that failed after the process started. */
async function launchFailed(
  error: unknown,
  failed: { id: string; session: ElectronSession; child: ChildProcess; userData: UserData; timeoutMs: number; main: string | undefined },
): Promise<unknown> {
  const { id, session, child, userData, timeoutMs } = failed;
  // What the agent needs to explain the failure, read before the app goes.
  const hiddenWindows = await hiddenWindowsOf(session);
  // An exit of its own (not our kill below) is part of the evidence.
  const exited = session.exited ?? (await Promise.race([exitOf(child), new Promise<undefined>((r) => setTimeout(r, 50))]));
  await killGroup(child);
  const failure = await launchFailure(
    { sessionId: id, timeoutMs, console: session.consoleEntries(), exit: exited, hiddenWindows, appDir: appDirOf(failed.main) },
    error,
  );
  await userData.release();
  return isToolError(error) && error !== CRASH_SEEN && error.code !== 'LAUNCH_TIMEOUT' ? error : failure;
}

/** The app's folder: main itself when it is one, else the folder of the main script. */
function appDirOf(main: string | undefined): string | undefined {
  if (main === undefined) return undefined;
  try {
    return statSync(main).isDirectory() ? main : dirname(main);
  } catch {
    return undefined;
  }
}

/** How long a launch waits for a window after its main script threw while loading, before it reports the crash. */
const CRASH_GRACE_MS = 2_000;
const CRASH_SEEN = new ToolError('LAUNCH_TIMEOUT', 'The main process failed and no window came.');
/** Electron's (and the stand-in's) words when the main script itself threw: the rest of it never ran. */
const LOAD_ERROR = /App threw an error during load/;

/**
 * Rejects when waiting for a window is pointless: the main process exited, or its main script
 * threw while loading and, CRASH_GRACE_MS later, the main process has no window at all (code it
 * scheduled before the throw may still open one; then the launch waits as usual). Other
 * exceptions do not cut the wait short: an app may survive them; they decide the code at the
 * deadline (issue 42 item 1).
 */
function crashWithoutWindow(session: ElectronSession): { seen: Promise<never>; stop(): void } {
  let timer: NodeJS.Timeout | undefined;
  let poll: NodeJS.Timeout | undefined;
  const seen = new Promise<never>((_, reject) => {
    const check = () => {
      if (session.exited) return reject(CRASH_SEEN);
      if (timer) return;
      const loadFailed = session.consoleEntries().some((e) => e.source === 'main' && e.kind === 'exception' && LOAD_ERROR.test(e.text));
      if (!loadFailed) return;
      clearInterval(poll);
      timer = setTimeout(async () => {
        const windows = await session.tryMain<number>('return electron.BrowserWindow.getAllWindows().length;', 2_000);
        if (windows === 0 || session.exited) reject(CRASH_SEEN);
      }, CRASH_GRACE_MS);
    };
    poll = setInterval(check, 100);
  });
  seen.catch(() => undefined);
  return {
    seen,
    stop() {
      clearInterval(poll);
      clearTimeout(timer);
    },
  };
}

/** Windows the app's main process created that are not shown, asked of the main process (bounded: it may be stuck). */
async function hiddenWindowsOf(session: ElectronSession): Promise<{ title: string; url: string }[]> {
  const hidden = await session.tryMain<{ title: string; url: string }[]>(HIDDEN_WINDOWS, 2_000);
  return Array.isArray(hidden) ? hidden.slice(0, 5) : [];
}

const HIDDEN_WINDOWS =
  'return electron.BrowserWindow.getAllWindows().filter((w) => !w.isDestroyed() && !w.isVisible()).map((w) => ({ title: w.getTitle(), url: w.webContents.getURL() }));';

/**
 * A launch that failed before the app was reachable: Playwright's error says why, and its call
 * log holds the process's output (a main script that exited at once prints there).
 */
async function startupError(error: unknown, id: string, timeoutMs: number, appDir: string | undefined): Promise<ToolError> {
  if (isToolError(error)) return error;
  const message = (error as Error)?.message ?? '';
  if (!/Process failed to launch/.test(message)) return launchError(error, timeoutMs);
  const output = message
    .split('\n')
    .map((line) => /\[pid=\d+\]\[(?:err|out)\] ?(.*)$/.exec(line)?.[1])
    .filter((line): line is string => line !== undefined);
  const exited = /exitCode=(-?\d+|null), signal=(\w+|null)/.exec(message);
  const text = output.join('\n');
  const location = stackLocation(text);
  const threw = /A JavaScript error occurred in the main process|Uncaught Exception|App threw an error during load|^\w*Error\b/m.test(text);
  return launchFailure(
    {
      sessionId: id,
      timeoutMs,
      console: text
        ? [
            {
              seq: 1,
              time: new Date().toISOString(),
              source: 'main',
              level: threw ? 'error' : 'warning',
              text,
              kind: threw ? 'exception' : 'stderr',
              ...(location ? { location } : {}),
            },
          ]
        : [],
      exit: {
        code: exited && exited[1] !== 'null' ? Number(exited[1]) : null,
        signal: exited && exited[2] !== 'null' ? exited[2] : null,
      },
      hiddenWindows: [],
      launchLog: message,
      appDir,
    },
    error,
  );
}

/**
 * A new window starts on about:blank before the app's loadFile/loadURL commits; "rendered"
 * means the app's own document reached domcontentloaded. A window that stays blank is accepted
 * after a short grace period rather than failing the launch.
 */
async function firstRender(page: Page, deadline: number): Promise<void> {
  const remaining = () => Math.max(1, deadline - Date.now());
  await page.waitForLoadState('domcontentloaded', { timeout: remaining() });
  if (page.url() !== 'about:blank') return;
  await page
    .waitForURL((url) => url.href !== 'about:blank', { waitUntil: 'domcontentloaded', timeout: Math.min(remaining(), BLANK_GRACE_MS) })
    .catch((error: Error) => {
      if (Date.now() >= deadline) throw error;
    });
}

const BLANK_GRACE_MS = 10_000;

function launchedControl(app: ElectronApplication, child: ChildProcess): SessionControl {
  return {
    async stop(timeoutMs) {
      const exited = exitOf(child);
      const graceful = await Promise.race([
        app
          .close()
          .then(() => exited)
          .then(
            () => true,
            () => false,
          ),
        new Promise<boolean>((r) => setTimeout(() => r(false), timeoutMs)),
      ]);
      if (!graceful) await killGroup(child);
      const exit: ExitInfo = await exited;
      return { graceful, ...exit };
    },
    async kill() {
      await killGroup(child);
      return exitOf(child);
    },
    async detach() {
      throw new ToolError('NOT_SUPPORTED', 'A launched app cannot be detached; the server owns it (electron_stop ends it).', {
        details: { instead: CoreTools.stop },
      });
    },
  };
}

function launchError(error: unknown, timeoutMs: number): ToolError {
  if (isToolError(error)) return error;
  const err = error as Error;
  if (err?.name === 'TimeoutError') {
    return new ToolError('LAUNCH_TIMEOUT', `No window rendered within ${timeoutMs} ms.`, { cause: error });
  }
  const message = (err?.message ?? String(error)).replace(/^[a-zA-Z.]+: /, '');
  return new ToolError('LAUNCH_FAILED', message.split('\n').slice(0, 6).join('\n').slice(0, 800), { cause: error });
}

/** Race an operation against the caller's abort signal; `onLate` cleans up a result that arrives after it. */
function abortable<T>(work: Promise<T>, signal: AbortSignal | undefined, onLate?: (value: T) => void): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) {
    void work.then(onLate, () => undefined);
    return Promise.reject(new ToolError('CANCELLED', 'The launch was cancelled.'));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      void work.then(onLate, () => undefined);
      reject(new ToolError('CANCELLED', 'The launch was cancelled.'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

const exits = new WeakMap<ChildProcess, Promise<ExitInfo>>();

/** Resolves with how the process ended (immediately when it already has). */
export function exitOf(child: ChildProcess): Promise<ExitInfo> {
  let exit = exits.get(child);
  if (!exit) {
    exit =
      child.exitCode !== null || child.signalCode !== null
        ? Promise.resolve({ code: child.exitCode, signal: child.signalCode })
        : new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    exits.set(child, exit);
  }
  return exit;
}

/**
 * SIGKILL the app and everything it started. Playwright spawns Electron as a process-group
 * leader, so the negative pid reaches renderers and helpers too. Windows has neither groups nor
 * signals: `taskkill /T /F` ends the tree, and only the main process (TerminateProcess) if that
 * fails. Resolves once the kill was sent (on Windows, once taskkill ended).
 */
export function killGroup(
  child: Pick<ChildProcess, 'pid' | 'exitCode' | 'signalCode' | 'kill'>,
  platform: NodeJS.Platform = process.platform,
  spawner?: Spawner,
): Promise<void> {
  if (child.pid === undefined) return Promise.resolve();
  if (platform === 'win32') {
    // After the exit its pid may already belong to someone else: never taskkill a tree by it.
    const running = () => child.exitCode === null && child.signalCode === null;
    if (!running()) return Promise.resolve();
    return taskkillTree(child.pid, spawner).then((ended) => {
      if (!ended && running()) child.kill('SIGKILL');
    });
  }
  const tree = processTree(child.pid).slice(1);
  try {
    // Also after the leader has exited: helpers it left behind keep the group alive.
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  // Helpers that left the group (a stand-in runtime may detach its browser) go too.
  for (const pid of tree) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  return Promise.resolve();
}

/**
 * Whether the operating system still runs `pid`. A zombie (ended, not yet reaped by our event
 * loop) counts as ended: that is the window in which the child's exit event has not fired yet.
 */
export function processRunning(pid: number): boolean {
  if (process.platform === 'linux') {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      return stat.charAt(stat.lastIndexOf(')') + 2) !== 'Z';
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    }
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
