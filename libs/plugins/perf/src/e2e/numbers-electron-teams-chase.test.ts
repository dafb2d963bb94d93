// Electron teams ask for numbers, not impressions: per-process CPU and memory, how long start-up
// took, which function keeps the main process busy, and whether a view leaks. On the perf fixture,
// through a real MCP client and the shipped server: the leak check flags the leaky refresh and
// passes the fixed one, a main-process profile names the busy handler, and start-up has its stages.
import { readFile, rm } from 'node:fs/promises';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { electronExecutable } from '@stagewright/fake-electron';
import { perfApp } from '@stagewright/fixtures/perf';
import { connectInMemory, type Envelope, type InMemoryConnection } from '@stagewright/harness';
import { createStagewrightServer, type StagewrightServerOptions } from '@stagewright/mcp-server';
import createPerfPlugin from '../index.js';

let app: InMemoryConnection;
let work: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'stagewright-perf-'));
  app = await connectInMemory({
    plugins: [createPerfPlugin],
    screenshotDir: work,
    create: (options: StagewrightServerOptions) =>
      createStagewrightServer({ ...options, driverOptions: { fallbackExecutablePath: electronExecutable() } }),
  });
  await must('electron_launch', { main: perfApp.dir });
}, 120_000);

afterAll(async () => {
  await app?.call('electron_stop', {}).catch(() => undefined);
  await app?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

async function must(tool: string, args: Record<string, unknown> = {}): Promise<Envelope> {
  const result = await app.call(tool, args);
  if (!result.ok) throw new Error(`${tool} failed: ${JSON.stringify(result)}`);
  return result;
}

describe('perf tools on the perf fixture', () => {
  it('reports per-process CPU and memory, both heaps, and the four stages of start-up', async () => {
    const metrics = await must('perf_metrics');
    const types = (metrics.processes as { type: string }[]).map((p) => p.type);
    expect(types).toContain('Browser');
    expect(types).toContain('Tab');
    for (const p of metrics.processes as { memKB: number }[]) expect(p.memKB).toBeGreaterThan(0);
    expect(metrics.main).toMatchObject({ heapKB: expect.any(Number), rssKB: expect.any(Number) });
    expect(metrics.renderer).toMatchObject({ heapKB: expect.any(Number), nodes: expect.any(Number), listeners: expect.any(Number) });
    // Process start, then ready, first window and first paint, in that order.
    const { readyMs, firstWindowMs, firstPaintMs, note } = metrics.startup as Record<string, number | undefined>;
    expect(note).toBeUndefined();
    expect(readyMs).toBeGreaterThan(0);
    expect(firstWindowMs).toBeGreaterThanOrEqual(readyMs as number);
    expect(firstPaintMs).toBeGreaterThanOrEqual(firstWindowMs as number);
  });

  it('passes the fixed refresh and flags the leaky one, with its growth per round', async () => {
    const fixed = await must('perf_leaks', { clicks: ['#fixed'], times: 5 });
    expect(fixed).toMatchObject({ verdict: 'flat', rounds: 5 });
    const leaky = await must('perf_leaks', { clicks: ['#leaky'], times: 5 });
    expect(leaky).toMatchObject({ verdict: 'leak', rounds: 5 });
    const growth = leaky.growth as Record<string, number>;
    // One listener and 21 nodes (a list of 20 rows) kept per click, exactly as the fixture leaks them.
    expect(growth.listeners).toBe(1);
    expect(growth.nodes).toBeGreaterThanOrEqual(20);
    expect(leaky.leaking).toEqual(expect.arrayContaining(['listeners', 'nodes']));
  });

  it('profiles the main process over a click and names the busy handler among the top functions', async () => {
    expect(await must('perf_profile', { action: 'start', process: 'main' })).toMatchObject({ started: true });
    expect(await app.call('perf_profile', { action: 'start', process: 'main' })).toMatchObject({ code: 'perf.PROFILE_RUNNING' });
    await must('electron_click', { selector: '#crunch' });
    await must('electron_expect_text', { selector: '#status', contains: 'Crunched' });
    const stopped = await must('perf_profile', { action: 'stop', process: 'main' });
    const top = stopped.top as { fn: string; at: string; selfMs: number }[];
    expect(top.map((t) => t.fn)).toContain('crunchNumbers');
    expect(top.find((t) => t.fn === 'crunchNumbers')?.at).toMatch(/perf\/main\.js:\d+$/);
    expect(stopped.file).toMatch(new RegExp(`^${work}.*/perf/main-.*\\.cpuprofile$`));
    const profile = JSON.parse(await readFile(stopped.file as string, 'utf8'));
    expect(profile).toMatchObject({ nodes: expect.any(Array), samples: expect.any(Array) });
    expect(await app.call('perf_profile', { action: 'stop', process: 'main' })).toMatchObject({ code: 'perf.NOT_PROFILING' });
  });

  it('profiles the renderer too', async () => {
    await must('perf_profile', { action: 'start' });
    await must('electron_click', { selector: '#leaky' });
    const stopped = await must('perf_profile', { action: 'stop' });
    expect(stopped).toMatchObject({ bytes: expect.any(Number), durationMs: expect.any(Number), top: expect.any(Array) });
    expect(await app.call('perf_profile', { action: 'stop' })).toMatchObject({ code: 'perf.NOT_PROFILING' });
  });
});
