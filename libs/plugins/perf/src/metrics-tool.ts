import { defineSessionTool, unresponsiveAfter, within, type Session } from '@stagewright/sdk';
import { rendererMemory } from './devtools.js';
import type { createPerfAgent, MainMetrics } from './main-agent.js';

const READ_TIMEOUT_MS = 5_000;

/** When the first window's page painted first, in ms since the epoch (Paint Timing, read with fixed code). */
async function firstPaint(session: Session): Promise<number | undefined> {
  const page = session.pageOfWindow?.('w1') ?? session.pageOrThrow();
  const paint = await within(
    page.evaluate(() => {
      const entries = performance.getEntriesByType('paint');
      const first = entries.find((e) => e.name === 'first-paint') ?? entries[0];
      return first ? performance.timeOrigin + first.startTime : undefined;
    }),
    READ_TIMEOUT_MS,
    unresponsiveAfter(READ_TIMEOUT_MS),
  ).catch(() => undefined);
  return paint === undefined ? undefined : Math.round(paint);
}

/** The launch's stages in ms after the main process started; a stage the hooks could not see is left out. */
export function startupStages(marks: MainMetrics['startup'], paint: number | undefined): Record<string, number | string> {
  const since = (at: number | undefined) => (at === undefined ? undefined : Math.max(0, at - marks.processStart));
  const stages = { readyMs: since(marks.ready), firstWindowMs: since(marks.firstWindow), firstPaintMs: since(paint) };
  return {
    ...(marks.stage === 'launch' ? {} : { note: 'hooks ran after the app started (attached or packaged): earlier stages unknown' }),
    ...Object.fromEntries(Object.entries(stages).filter(([, ms]) => ms !== undefined)),
  } as Record<string, number | string>;
}

/** perf_metrics: per-process CPU and memory, the main and renderer heaps, and the launch's stages. */
export const metricsTool = (agent: ReturnType<typeof createPerfAgent>) =>
  defineSessionTool({
    name: 'metrics',
    title: 'Process metrics',
    description: 'CPU and memory per app process, main and renderer heaps, DOM counts and startup timing.',
    kind: 'read',
    input: {},
    detail: {
      notes:
        'processes: app.getAppMetrics() (cpu: percent since the previous read; memKB: working set). main: heapKB, rssKB. renderer (active window): heapKB, nodes, listeners. ' +
        'startup: ms after the main process started until ready (readyMs), the first window (firstWindowMs) and its first paint (firstPaintMs); with a note when the app was attached.',
      errors: ['MAIN_PROCESS_UNAVAILABLE'],
      example: {},
    },
    async handle(_args, { session }) {
      const main = await agent.call<MainMetrics>(session, { op: 'metrics' });
      const renderer = await rendererMemory(session, false);
      return {
        processes: main.processes,
        main: { heapKB: main.heapKB, rssKB: main.rssKB },
        renderer: { heapKB: renderer.heapKB, nodes: renderer.nodes, listeners: renderer.listeners },
        startup: startupStages(main.startup, await firstPaint(session)),
      };
    },
  });
