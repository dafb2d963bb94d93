import { attempt, namedProfiles, type AttemptResult } from './attempt.js';
import type { HintCheck, ProfileRun, Restart, TaskResult } from './report.js';
import { ON_DEMAND_SUFFIX, launchApp, startServer, type ProfileServer, type ServerOptions } from './server.js';
import type { SnapshotView, TaskEnv } from './task-api.js';
import type { BenchTask, TaskApp } from './tasks.js';

export interface RunnerOptions extends ServerOptions {
  /** App directory of each fixture the tasks run in. */
  appDirs: Record<Exclude<TaskApp, 'none'>, string>;
  env: TaskEnv;
  /** How the scripted agent reads the page (`--snapshot`); the whole page unless said. */
  snapshotView?: SnapshotView;
  onProgress?: (line: string) => void;
}

/** The report's name of a run: the profile, with ` interactive` when the agent read that view. */
export function runLabel(profile: string, view: SnapshotView = 'whole'): string {
  return view === 'whole' ? profile : `${profile} interactive`;
}

/** At most one restart per other profile: a hint that cycles ends on `full`, which has every tool. */
const MAX_RESTARTS = 3;

/**
 * Runs every task on one profile as a fresh conversation would: over a real stdio connection
 * to the built server started with that profile. A task that meets a hidden tool is redone from
 * the start on a server started with the profile its restart hint names (whose listing the
 * conversation pays again), as an agent would ask its host to. Launch, stop and putting a shared
 * app back on its first window are set-up, not task work. Tasks share one app per fixture and
 * server unless they need a fresh one; servers of restarts are kept for the run, one per
 * profile named (each restart still pays its listing).
 */
export async function runProfile(profile: string, tasks: readonly BenchTask[], options: RunnerOptions): Promise<ProfileRun> {
  const label = runLabel(profile, options.snapshotView);
  const primary: Pool = { server: await startServer(profile, options), shared: new Map() };
  const run: Run = { primary, restartPools: new Map(), listings: new Map([[profile, primary.server.listed]]), hintChecks: [], options };
  try {
    const results: TaskResult[] = [];
    for (const task of tasks) {
      const result = profile.endsWith(ON_DEMAND_SUFFIX) ? await runTaskOnItsOwnServer(run, task) : await runTask(run, task);
      results.push(result);
      const restarted = [
        ...(result.restarts ?? []).map((r) => `restart→${r.named} (${r.tool})`),
        ...(result.enables ?? []).map((e) => `enable→${e.name} (${e.tool})`),
      ].join(' ');
      options.onProgress?.(
        `${label.padEnd(9)} ${task.id.padEnd(18)} ${result.success ? 'ok  ' : 'FAIL'} calls=${result.calls} retries=${result.retries} ${restarted}${result.error ? `  ${result.error}` : ''}`,
      );
    }
    const { listingBpe, toolCount } = primary.server;
    return { profile: label, listingBpe, toolCount, tasks: results, hintChecks: run.hintChecks };
  } finally {
    for (const pool of [primary, ...run.restartPools.values()]) await closePool(pool);
  }
}

/** A server and the apps its tasks share, by fixture. */
interface Pool {
  server: ProfileServer;
  shared: Map<string, string>;
}

interface Run {
  primary: Pool;
  restartPools: Map<string, Pool>;
  listings: Map<string, ReadonlySet<string>>;
  hintChecks: HintCheck[];
  options: RunnerOptions;
}

async function closePool(pool: Pool): Promise<void> {
  for (const sessionId of pool.shared.values()) await pool.server.setup('electron_stop', { sessionId });
  await pool.server.close();
}

async function restartPool(run: Run, profile: string): Promise<Pool> {
  let pool = run.restartPools.get(profile);
  if (!pool) {
    pool = { server: await startServer(profile, run.options), shared: new Map() };
    run.restartPools.set(profile, pool);
    run.listings.set(profile, pool.server.listed);
  }
  return pool;
}

async function runTask(run: Run, task: BenchTask): Promise<TaskResult> {
  const attempts: AttemptResult[] = [];
  const restarts: Restart[] = [];
  const tried = [run.primary.server.profile];
  let pool = run.primary;
  let launchError: string | undefined;
  for (;;) {
    const result = await attemptIn(run, pool, task).catch((error: unknown) => {
      launchError = error instanceof Error ? error.message : String(error);
      return undefined;
    });
    if (!result) break;
    attempts.push(result);
    const hidden = result.hidden.at(-1);
    if (result.success || result.code !== 'TOOL_NOT_IN_PROFILE' || !hidden || restarts.length >= MAX_RESTARTS) break;
    const named = namedProfiles(hidden.hint).find((p) => !tried.includes(p));
    if (!named) break;
    pool = await restartPool(run, named);
    tried.push(named);
    restarts.push({ from: result.profile, named, tool: hidden.tool, hint: hidden.hint, listingBpe: pool.server.listingBpe });
  }
  for (const hidden of attempts.flatMap((a) => a.hidden.map((h) => ({ ...h, profile: a.profile })))) {
    const [named] = namedProfiles(hidden.hint);
    const listing = named ? await listingOf(run, named) : undefined;
    run.hintChecks.push({ task: task.id, ...hidden, named: named ?? null, contains: Boolean(listing?.has(hidden.tool)) });
  }
  return summarizeTask(task.id, run.primary.server.listingBpe, attempts, restarts, launchError);
}

/**
 * On an on-demand profile (`essential+offer`) every task is a conversation that starts on the
 * smaller listing: an offer one task enabled must not be enabled for the next, so each task gets
 * its own server (and apps), closed after it.
 */
async function runTaskOnItsOwnServer(run: Run, task: BenchTask): Promise<TaskResult> {
  const pool: Pool = { server: await startServer(run.primary.server.profile, run.options), shared: new Map() };
  try {
    return await runTask({ ...run, primary: pool }, task);
  } finally {
    await closePool(pool);
  }
}

/** One attempt in the task's app on this server: the shared one, or a fresh launch stopped after. */
async function attemptIn(run: Run, pool: Pool, task: BenchTask): Promise<AttemptResult> {
  const { server } = pool;
  if (task.app === 'none') return attempt(server, task, undefined, run.options.env, run.options.snapshotView);
  const appDir = run.options.appDirs[task.app];
  if (!task.fresh) {
    let sessionId = pool.shared.get(task.app);
    if (!sessionId) {
      sessionId = await launchApp(server, appDir);
      pool.shared.set(task.app, sessionId);
    }
    try {
      return await attempt(server, task, sessionId, run.options.env, run.options.snapshotView);
    } finally {
      await backToFirstWindow(server, sessionId);
    }
  }
  const sessionId = await launchApp(server, appDir);
  try {
    return await attempt(server, task, sessionId, run.options.env, run.options.snapshotView);
  } finally {
    await server.setup('electron_stop', { sessionId });
  }
}

/** The next conversation finds a shared app on its first window and top document, whatever the last task left. */
async function backToFirstWindow(server: ProfileServer, sessionId: string): Promise<void> {
  await server.setup('electron_switch_window', { sessionId, index: 0 });
  if (server.listed.has('electron_switch_surface')) await server.setup('electron_switch_surface', { sessionId, surfaceId: 'main' });
}

/** The tools a profile lists, from a server started with it (kept for the rest of the run). */
async function listingOf(run: Run, profile: string): Promise<ReadonlySet<string>> {
  const known = run.listings.get(profile);
  if (known) return known;
  const server = await startServer(profile, run.options);
  await server.close();
  run.listings.set(profile, server.listed);
  return server.listed;
}

function summarizeTask(id: string, listingBpe: number, attempts: AttemptResult[], restarts: Restart[], launchError?: string): TaskResult {
  const last = attempts.at(-1);
  const sum = (f: (a: AttemptResult) => number) => attempts.reduce((acc, a) => acc + f(a), 0);
  const missing = [...new Set(attempts.flatMap((a) => a.hidden.map((h) => h.tool)))];
  const success = Boolean(last?.success) && !launchError;
  const enables = attempts.flatMap((a) => a.enables);
  return {
    id,
    success,
    firstTry: success && attempts.length === 1,
    calls: sum((a) => a.calls),
    retries: sum((a) => a.retries),
    responseBpe: sum((a) => a.responseBpe),
    listingBpe: listingBpe + restarts.reduce((acc, r) => acc + r.listingBpe, 0),
    wallMs: sum((a) => a.wallMs),
    ...(launchError ? { error: launchError, code: 'LAUNCH_FAILED' } : {}),
    ...(!launchError && last && !last.success ? { error: last.error, code: last.code, hint: last.hint } : {}),
    ...(missing.length ? { missingTools: missing } : {}),
    ...(restarts.length ? { restarts } : {}),
    ...(enables.length ? { enables } : {}),
  };
}
