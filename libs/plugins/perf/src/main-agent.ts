import { MainAgent, mainAgentBody } from '@stagewright/sdk';

export type PerfOp =
  | { op: 'install' }
  | { op: 'metrics' }
  | { op: 'profile-start'; intervalUs: number }
  | { op: 'profile-stop' }
  | { op: 'remove' };

/** Startup marks, in ms since the epoch; `stage` says whether the hooks ran before the app (launch) or after it (connect). */
export interface StartupMarks {
  stage: string;
  processStart: number;
  ready?: number;
  firstWindow?: number;
}

/** What the agent uses of Electron's main-process API (typed here: the plugin does not depend on electron). */
interface AppMetric {
  pid: number;
  type: string;
  name?: string;
  cpu: { percentCPUUsage: number };
  memory: { workingSetSize: number };
}
interface PerfElectron {
  app: {
    isReady(): boolean;
    once(event: 'ready', listener: () => void): unknown;
    once(event: 'browser-window-created' | 'web-contents-created', listener: () => void): unknown;
    getAppMetrics(): AppMetric[];
  };
}

export interface MainMetrics {
  processes: { pid: number; type: string; name?: string; cpu: number; memKB: number }[];
  heapKB: number;
  rssKB: number;
  startup: StartupMarks;
}

/**
 * The perf plugin's main-process agent (self-contained: it is sent as source, ADR-0038). At launch
 * it records when the app became ready and made its first window; on request it reads
 * app.getAppMetrics(), the main process's heap, and runs the V8 profiler of the main process
 * through an in-process inspector session (node:inspector, from the app's `require`).
 */
function perfAgent(electron: PerfElectron, arg: PerfOp & { key: string; stage?: string }, load: NodeJS.Require) {
  const g = globalThis as unknown as Record<symbol, { marks: StartupMarks; profiler?: import('node:inspector').Session }>;
  const key = Symbol.for(`stagewright.perf.${arg.key}`);
  g[key] ??= { marks: { stage: arg.stage ?? 'connect', processStart: Math.round(performance.timeOrigin) } };
  const state = g[key];
  const { app } = electron;
  const marks = state.marks;
  if (arg.op === 'install') {
    // Hooks that run after the app started (an attached or packaged app) cannot see what came before.
    if (!app.isReady())
      app.once('ready', () => {
        marks.ready = Date.now();
      });
    // A BrowserWindow, or the first view of a BaseWindow app (WebContentsView): whichever webContents comes first.
    const firstWindow = () => {
      marks.firstWindow ??= Date.now();
    };
    app.once('browser-window-created', firstWindow);
    app.once('web-contents-created', firstWindow);
    return { installed: true };
  }
  if (arg.op === 'metrics') {
    const memory = process.memoryUsage();
    return {
      processes: app.getAppMetrics().map((m) => ({
        pid: m.pid,
        type: m.type,
        ...(m.name ? { name: m.name } : {}),
        cpu: Math.round(m.cpu.percentCPUUsage * 10) / 10,
        memKB: m.memory.workingSetSize,
      })),
      heapKB: Math.round(memory.heapUsed / 1024),
      rssKB: Math.round(memory.rss / 1024),
      startup: marks,
    };
  }
  const post = (method: string, params?: object) =>
    new Promise<Record<string, unknown>>((done, fail) =>
      state.profiler?.post(method, params ?? {}, (error, result) => (error ? fail(error) : done(result as Record<string, unknown>))),
    );
  if (arg.op === 'profile-start') {
    if (state.profiler) return { failure: 'PROFILE_RUNNING', message: 'A main-process profile is already running; stop it first.' };
    const { Session } = load('node:inspector') as typeof import('node:inspector');
    state.profiler = new Session();
    state.profiler.connect();
    return post('Profiler.enable')
      .then(() => post('Profiler.setSamplingInterval', { interval: arg.intervalUs }))
      .then(() => post('Profiler.start'))
      .then(() => ({ started: true }));
  }
  if (arg.op === 'profile-stop') {
    if (!state.profiler) return { failure: 'NOT_PROFILING', message: 'No main-process profile is running; start one first.' };
    const session = state.profiler;
    return post('Profiler.stop').then(
      (result) => {
        session.disconnect();
        state.profiler = undefined;
        return { profile: result.profile };
      },
      (error: Error) => {
        session.disconnect();
        state.profiler = undefined;
        throw error;
      },
    );
  }
  state.profiler?.disconnect();
  delete g[key];
  return { removed: true };
}

export const createPerfAgent = () =>
  new MainAgent<PerfOp, Record<string, never>>({ plugin: 'perf', body: mainAgentBody(perfAgent), options: {}, undo: { op: 'remove' } });
