import 'reflect-metadata';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { connectShipped, electronBin, fixtureDir, launchRaw } from './driver-paths.js';
import { median } from './startup/stats.js';
import { positiveInt, runScript, writeFigures } from './script.js';

/**
 * `node dist/benchmarks/bench/driver-launch.mjs [--runs 5] [--fixture bench] [--json <file>]`
 * Launch-to-ready of one fixture app: raw Playwright `_electron.launch` + first window at
 * domcontentloaded, against `electron_launch` through a real MCP client on the shipped server
 * (in-memory transport). Runs alternate so both see the same machine load; the figure is the
 * ratio of medians. A figure to report, never a test assertion.
 */
async function rawLaunch(main: string): Promise<number> {
  const started = performance.now();
  const app = await launchRaw(electronBin(), main);
  const page = await app.firstWindow();
  await page.waitForURL((url) => url.href !== 'about:blank', { waitUntil: 'domcontentloaded' });
  const elapsed = performance.now() - started;
  await app.close();
  return elapsed;
}

async function serverLaunch(conn: Awaited<ReturnType<typeof connectShipped>>, main: string): Promise<number> {
  const started = performance.now();
  const launched = await conn.call('electron_launch', { main });
  const elapsed = performance.now() - started;
  if (!launched.ok) throw new Error(`electron_launch failed: ${JSON.stringify(launched)}`);
  await conn.call('electron_stop', { sessionId: launched.sessionId as string });
  return elapsed;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '5' },
      fixture: { type: 'string', default: 'bench' },
      json: { type: 'string', default: 'dist/benchmarks/driver-launch.json' },
    },
  });
  const runs = positiveInt('runs', values.runs);
  const main = fixtureDir(values.fixture!);
  const conn = await connectShipped();
  const raw: number[] = [];
  const server: number[] = [];
  try {
    await rawLaunch(main); // warm-up: page cache, Chromium binary
    for (let i = 0; i < runs; i++) {
      raw.push(await rawLaunch(main));
      server.push(await serverLaunch(conn, main));
    }
  } finally {
    await conn.close();
  }
  const rawMs = Math.round(median(raw));
  const serverMs = Math.round(median(server));
  const ratio = Number((serverMs / rawMs).toFixed(2));
  console.log(
    `launch-to-ready on fixture "${values.fixture}" over ${runs} runs: raw _electron.launch median ${rawMs} ms, electron_launch median ${serverMs} ms, ratio ${ratio}`,
  );
  writeFigures(values.json!, {
    fixture: values.fixture,
    runs,
    rawMs: raw,
    serverMs: server,
    rawMedianMs: rawMs,
    serverMedianMs: serverMs,
    ratio,
  });
  return 0;
}

runScript(main);
