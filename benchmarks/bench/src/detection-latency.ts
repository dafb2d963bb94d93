import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { connectInMemory } from '@stagewright/harness';
import { createStagewrightServer } from '@stagewright/mcp-server';
import { electronBin, fixtureDir } from './driver-paths.js';
import { median } from './startup/stats.js';
import { positiveInt, runScript, writeFigures } from './script.js';

/**
 * `node dist/benchmarks/bench/detection-latency.mjs [--runs 20] [--json <file>]`
 * How late a retrying expect notices a condition: the notes fixture adds a list item 400 ms after
 * "Load more" is clicked; electron_expect_count waits for it. The page stamps the moment the item
 * is added (a MutationObserver installed through electron_eval_renderer: the instrument, not the
 * mechanism under test) and the bench stamps the moment the expect answered; both are the same
 * machine's wall clock. Also reports the server's CPU time per second of an expect that waits on
 * an idle page. Figures to report, never a test assertion.
 */
async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { runs: { type: 'string', default: '20' }, json: { type: 'string', default: 'dist/benchmarks/detection-latency.json' } },
  });
  const runs = positiveInt('runs', values.runs);
  const conn = await connectInMemory({
    create: (options) =>
      createStagewrightServer({ ...options, allowEval: ['renderer'], driverOptions: { fallbackExecutablePath: electronBin() } }),
  });
  const latencies: number[] = [];
  let cpuMsPerSecond = 0;
  try {
    const launched = await conn.call('electron_launch', { main: fixtureDir('notes') });
    if (!launched.ok) throw new Error(`electron_launch failed: ${JSON.stringify(launched)}`);
    await conn.call('electron_eval_renderer', {
      code: `window.__addedAt = []; new MutationObserver(() => { const n = document.querySelectorAll('#items li').length; while (window.__addedAt.length < n) window.__addedAt.push(Date.now()); }).observe(document.querySelector('#items'), { childList: true }); return true;`,
    });
    for (let i = 0; i < runs; i++) {
      await conn.call('electron_click', { selector: '#load-more' });
      const seen = await conn.call('electron_expect_count', { selector: '#items li', equals: i + 1, timeoutMs: 10_000 });
      const answeredAt = Date.now();
      if (!seen.ok) throw new Error(`electron_expect_count failed: ${JSON.stringify(seen)}`);
      const added = (await conn.call('electron_eval_renderer', { code: `return window.__addedAt[${i}];` })).result as number;
      latencies.push(answeredAt - added);
    }
    const cpu = process.cpuUsage();
    const started = Date.now();
    await conn.call('electron_expect_count', { selector: '#items li', equals: 999, timeoutMs: 3_000 });
    const used = process.cpuUsage(cpu);
    cpuMsPerSecond = (used.user + used.system) / 1000 / ((Date.now() - started) / 1000);
    await conn.call('electron_stop');
  } finally {
    await conn.close();
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  const result = {
    runs,
    medianMs: median(latencies),
    p90Ms: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.9))],
    maxMs: sorted.at(-1),
    idleWaitCpuMsPerSecond: Number(cpuMsPerSecond.toFixed(1)),
  };
  console.log(
    `detection latency over ${runs} runs: median ${result.medianMs} ms, p90 ${result.p90Ms} ms, max ${result.maxMs} ms; ` +
      `server CPU while an expect waits on an idle page: ${result.idleWaitCpuMsPerSecond} ms per second`,
  );
  writeFigures(values.json!, { ...result, latenciesMs: latencies });
  return 0;
}

runScript(main);
