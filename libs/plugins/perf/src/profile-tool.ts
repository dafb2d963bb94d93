import { join } from 'node:path';
import { ToolError, Type, defineSessionTool, privateFolder, writeFileSafely, type SessionState } from '@stagewright/sdk';
import { rendererSend } from './devtools.js';
import type { createPerfAgent } from './main-agent.js';

/** Sampling interval of both profilers, in microseconds: fine enough for handlers of a few ms. */
const INTERVAL_US = 200;
const TOP = 5;
/** V8's pseudo-frames: time spent outside JavaScript, never a function to fix. */
const NOT_CODE = new Set(['(root)', '(program)', '(idle)']);

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

export interface TopFunction {
  fn: string;
  at: string;
  selfMs: number;
  pct: number;
}

/** The functions that ran longest themselves (self time), grouped by name and place, largest first. */
export function topFunctions(profile: CpuProfile, count = TOP): TopFunction[] {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, { fn: string; at: string; us: number }>();
  const samples = profile.samples ?? [];
  let total = 0;
  samples.forEach((id, i) => {
    const us = profile.timeDeltas?.[i + 1] ?? 0;
    total += us;
    const frame = byNode.get(id)?.callFrame;
    if (!frame || NOT_CODE.has(frame.functionName)) return;
    const fn = frame.functionName || '(anonymous)';
    const at = frame.url ? `${frame.url.replace(/^file:\/\//, '')}:${frame.lineNumber + 1}` : '(native)';
    const key = `${fn} ${at}`;
    const entry = self.get(key) ?? { fn, at, us: 0 };
    entry.us += us;
    self.set(key, entry);
  });
  return [...self.values()]
    .sort((a, b) => b.us - a.us)
    .slice(0, count)
    .map(({ fn, at, us }) => ({ fn, at, selfMs: Math.round(us / 100) / 10, pct: total ? Math.round((1000 * us) / total) / 10 : 0 }));
}

/** The profiles this server runs in one session's renderer (main-process profiles live in the app). */
export type RunningProfiles = Set<'renderer'>;

/** perf_profile: a CPU profile of the main process or the active window's renderer over the agent's next actions. */
export const profileTool = (agent: ReturnType<typeof createPerfAgent>, running: () => SessionState<RunningProfiles> | undefined) =>
  defineSessionTool({
    name: 'profile',
    title: 'CPU profile',
    description: 'Start, then stop, a CPU profile of the main process or the renderer; stop saves a .cpuprofile.',
    kind: 'action',
    input: {
      action: Type.Union([Type.Literal('start'), Type.Literal('stop')]),
      process: Type.Optional(Type.Union([Type.Literal('main'), Type.Literal('renderer')])),
    },
    detail: {
      notes:
        `action start, then stop: samples every ${INTERVAL_US} µs in between (act in between). process: renderer (the active window, default) or main. ` +
        `stop writes <screenshot dir>/perf/<process>-<time>.cpuprofile (opens in Chrome DevTools) and returns { file, bytes, durationMs, top }: the ${TOP} functions with the most self time (fn, at file:line, selfMs, pct).`,
      errors: ['perf.PROFILE_RUNNING', 'perf.NOT_PROFILING', 'MAIN_PROCESS_UNAVAILABLE'],
      example: { action: 'start', process: 'main' },
    },
    async handle(args, { session, config }) {
      const where = args.process ?? 'renderer';
      const mine = running()?.ensure(session.id) ?? new Set();
      if (args.action === 'start') {
        if (where === 'main') return agent.call(session, { op: 'profile-start', intervalUs: INTERVAL_US });
        if (mine.has('renderer')) throw new ToolError('perf.PROFILE_RUNNING', 'A renderer profile is already running; stop it first.');
        await rendererSend(session, 'Profiler.enable');
        await rendererSend(session, 'Profiler.setSamplingInterval', { interval: INTERVAL_US });
        await rendererSend(session, 'Profiler.start');
        mine.add('renderer');
        return { started: true };
      }
      let profile: CpuProfile;
      if (where === 'main') profile = (await agent.call<{ profile: CpuProfile }>(session, { op: 'profile-stop' })).profile;
      else {
        if (!mine.delete('renderer')) throw new ToolError('perf.NOT_PROFILING', 'No renderer profile is running; start one first.');
        profile = (await rendererSend<{ profile: CpuProfile }>(session, 'Profiler.stop')).profile;
      }
      const folder = await privateFolder(join(config.screenshotDir, 'perf'), 'profile folder');
      const file = join(folder, `${where}-${new Date().toISOString().replace(/[:.]/g, '-')}.cpuprofile`);
      const text = JSON.stringify(profile);
      await writeFileSafely(file, text, true);
      return {
        file,
        bytes: Buffer.byteLength(text),
        durationMs: Math.round((profile.endTime - profile.startTime) / 1000),
        top: topFunctions(profile),
      };
    },
  });
