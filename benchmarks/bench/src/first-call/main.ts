import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { ElectronApplication, Page } from 'playwright-core';
import { electronBin, fixtureDir, launchRaw, repoRoot } from '../driver-paths.js';
import { median } from '../startup/stats.js';
import { positiveInt, runScript, writeFigures } from '../script.js';
import { FIRST_CALL_CASES, type FirstCallCase } from './cases.js';
import { treeCpuMs } from './cpu-time.js';

/**
 * `node dist/benchmarks/bench/first-call.mjs [--runs 5] [--calls 10] [--fixture bench] [--server dist/apps/mcp-server/main.mjs] [--json <file>]`
 * First and steady latency per tool, through the shipped server over stdio (a fresh server and a
 * fresh app every run, as an agent's host starts them), against raw Playwright (playwright-core's
 * `_electron.launch` on the same fixture, the same element). Each run calls every case once in
 * turn (its first call), then `--calls` rounds of every case interleaved (later calls, each after
 * another tool's call, as the first one was), then `--calls` more of each back to back (steady
 * state); the order rotates by one case per run, so no tool is always the session's first read.
 * Reports per tool the median first, later and steady call, the first call's cost over a later
 * one (what first use pays, with the same neighbours), and the time of the launch itself, in wall
 * time and in CPU time (cpu-time.ts: on a loaded machine the wall time measures the load). A
 * figure to report, never a test assertion.
 */
/** Wall-clock ms and CPU ms (this process, the server and the app: cpu-time.ts) of one call. */
type Sample = { ms: number; cpuMs: number };
/**
 * first: each tool's first call; later: its later calls with the tools interleaved (each round
 * calls every tool once, in a rotating order), so a later call follows another tool's call just
 * as a first call does; steady: the same call repeated back to back (the best case: nothing on
 * the page changed, every cache is hot).
 */
type Timings = { launch: Sample[]; first: Map<string, Sample[]>; later: Map<string, Sample[]>; steady: Map<string, Sample[]> };

const emptyTimings = (): Timings => ({ launch: [], first: new Map(), later: new Map(), steady: new Map() });
const push = (into: Map<string, Sample[]>, key: string, sample: Sample) => into.set(key, [...(into.get(key) ?? []), sample]);
const rotated = <T>(list: readonly T[], by: number) => [...list.slice(by % list.length), ...list.slice(0, by % list.length)];

async function timed(run: () => Promise<unknown>): Promise<Sample> {
  const cpu = treeCpuMs(process.pid) ?? 0;
  const started = performance.now();
  await run();
  const ms = performance.now() - started;
  return { ms, cpuMs: (treeCpuMs(process.pid) ?? 0) - cpu };
}

async function measure(cases: FirstCallCase[], calls: number, into: Timings, call: (c: FirstCallCase) => Promise<unknown>) {
  for (const c of cases) push(into.first, c.tool, await timed(() => call(c)));
  for (let i = 0; i < calls; i++) for (const c of rotated(cases, i + 1)) push(into.later, c.tool, await timed(() => call(c)));
  for (const c of cases) for (let i = 0; i < calls; i++) push(into.steady, c.tool, await timed(() => call(c)));
}

async function serverRun(bundle: string, main: string, cases: FirstCallCase[], calls: number, into: Timings): Promise<void> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [bundle],
    env: { ...getDefaultEnvironment(), STAGEWRIGHT_ELECTRON: electronBin() },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'stagewright-bench-first-call', version: '0.1.0' });
  await client.connect(transport);
  try {
    await client.listTools();
    const call = async (tool: string, args: Record<string, unknown>) => {
      const result = await client.callTool({ name: tool, arguments: args });
      const text = (result.content as { type: string; text?: string }[])[0]?.text ?? '';
      if (result.isError) throw new Error(`${tool} failed: ${text}`);
      return text;
    };
    into.launch.push(await timed(() => call('electron_launch', { main })));
    await measure(cases, calls, into, (c) => call(c.tool, c.args));
    await call('electron_stop', {});
  } finally {
    await client.close();
  }
}

async function rawRun(main: string, cases: FirstCallCase[], calls: number, into: Timings): Promise<void> {
  let app: ElectronApplication | undefined;
  let page: Page | undefined;
  into.launch.push(
    await timed(async () => {
      app = await launchRaw(electronBin(), main);
      page = await app.firstWindow();
      await page.waitForURL((url) => url.href !== 'about:blank', { waitUntil: 'domcontentloaded' });
    }),
  );
  try {
    const ready = page!;
    await measure(cases, calls, into, (c) => c.raw(ready));
  } finally {
    await app?.close().catch(() => undefined);
  }
}

const round = (n: number) => Number(n.toFixed(1));

const medianOf = (samples: Sample[], key: keyof Sample) => round(median(samples.map((s) => s[key])));

function summary(timings: Timings) {
  const tools = Object.fromEntries(
    [...timings.first.keys()].map((tool) => {
      const [first, later, steady] = [timings.first.get(tool)!, timings.later.get(tool)!, timings.steady.get(tool)!];
      const figures = { firstMs: medianOf(first, 'ms'), laterMs: medianOf(later, 'ms'), steadyMs: medianOf(steady, 'ms') };
      const cpu = { firstCpuMs: medianOf(first, 'cpuMs'), laterCpuMs: medianOf(later, 'cpuMs'), steadyCpuMs: medianOf(steady, 'cpuMs') };
      return [tool, { ...figures, firstOverLaterMs: round(figures.firstMs - figures.laterMs), ...cpu }];
    }),
  );
  return { launchMs: medianOf(timings.launch, 'ms'), launchCpuMs: medianOf(timings.launch, 'cpuMs'), tools };
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '5' },
      calls: { type: 'string', default: '10' },
      fixture: { type: 'string', default: 'bench' },
      server: { type: 'string', default: 'dist/apps/mcp-server/main.mjs' },
      json: { type: 'string', default: 'dist/benchmarks/first-call.json' },
    },
  });
  const runs = positiveInt('runs', values.runs);
  const calls = positiveInt('calls', values.calls);
  const main = fixtureDir(values.fixture!);
  const bundle = resolve(repoRoot(), values.server!);
  if (!existsSync(bundle)) throw new Error(`${values.server} does not exist; build it with: npx nx run mcp-server:build`);
  const server = emptyTimings();
  const raw = emptyTimings();
  for (let run = 0; run < runs; run++) {
    const cases = rotated(FIRST_CALL_CASES, run);
    // Server and raw alternate which goes first, so both see the same machine load.
    if (run % 2 === 0) await serverRun(bundle, main, cases, calls, server);
    await rawRun(main, cases, calls, raw);
    if (run % 2 === 1) await serverRun(bundle, main, cases, calls, server);
  }
  const figures = { fixture: values.fixture, runs, calls, server: summary(server), raw: summary(raw) };
  console.log(
    `first, later (interleaved) and steady (back to back) latency (ms), ${runs} runs of a fresh app, ${calls} of each per tool per run, medians`,
  );
  const { server: s, raw: r } = figures;
  console.log(`launch: server ${s.launchMs} (cpu ${s.launchCpuMs}), raw ${r.launchMs} (cpu ${r.launchCpuMs})`);
  console.log(
    'tool                     server first  later +first steady  cpu first/later | raw first  later +first steady  cpu first/later',
  );
  for (const c of FIRST_CALL_CASES) {
    const cols = (t: (typeof s.tools)[string]) =>
      `${[t.firstMs, t.laterMs, t.firstOverLaterMs, t.steadyMs].map((n) => String(n).padStart(6)).join(' ')}  ${`${t.firstCpuMs}/${t.laterCpuMs}`.padStart(15)}`;
    console.log(`${c.tool.padEnd(24)} ${cols(s.tools[c.tool])} | ${cols(r.tools[c.tool])}`);
  }
  writeFigures(values.json!, {
    ...figures,
    samples: {
      server: {
        first: Object.fromEntries(server.first),
        later: Object.fromEntries(server.later),
        steady: Object.fromEntries(server.steady),
      },
      raw: { first: Object.fromEntries(raw.first), later: Object.fromEntries(raw.later), steady: Object.fromEntries(raw.steady) },
    },
  });
  return 0;
}

runScript(main);
