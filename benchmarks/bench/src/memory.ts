import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { connectShipped, fixtureDir } from './driver-paths.js';
import { positiveInt, runScript, writeFigures } from './script.js';

/** The calls an agent makes most, in the proportions of a typical loop. */
const MIX: [string, Record<string, unknown>][] = [
  ['electron_snapshot', {}],
  ['electron_snapshot', { since: 'last' }],
  ['electron_find', { role: 'button' }],
  ['electron_click', { selector: '#refresh' }],
  ['electron_type', { selector: '#name', text: 'Ada' }],
  ['electron_get_text', { selector: 'h1' }],
  ['electron_expect_text', { selector: 'h1', contains: 'Bench' }],
  ['electron_console_logs', {}],
  ['electron_windows', {}],
  ['electron_status', {}],
];

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

function heap(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed;
}

/**
 * `node --expose-gc dist/benchmarks/bench/memory.mjs [--calls 10000] [--every 1000]`: the server's
 * heap after garbage collection as one live session takes calls, sampled every `every` calls,
 * and the growth per 1,000 calls (issue 16: nothing a call leaves behind may accumulate).
 * Server and client share this process; the client keeps nothing per call.
 */
async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      calls: { type: 'string', default: '10000' },
      every: { type: 'string', default: '1000' },
      json: { type: 'string', default: 'dist/benchmarks/memory.json' },
      only: { type: 'string' },
    },
  });
  const mix = values.only ? MIX.filter(([tool]) => tool === values.only) : MIX;
  if (!mix.length) throw new Error(`--only ${values.only}: not one of ${MIX.map(([tool]) => tool).join(', ')}`);
  const calls = positiveInt('calls', values.calls);
  const every = positiveInt('every', values.every);
  if (!(globalThis as { gc?: unknown }).gc) process.stderr.write('memory: run with node --expose-gc for stable figures\n');
  const conn = await connectShipped();
  const samples: { calls: number; heapMb: number; rssMb: number }[] = [];
  try {
    const launched = await conn.call('electron_launch', { main: fixtureDir('bench') });
    if (!launched.ok) throw new Error(`electron_launch failed: ${JSON.stringify(launched)}`);
    for (let i = 0; i < 50; i++) await conn.call(...mix[i % mix.length]);
    samples.push({ calls: 0, heapMb: mb(heap()), rssMb: mb(process.memoryUsage().rss) });
    for (let i = 1; i <= calls; i++) {
      await conn.call(...mix[i % mix.length]);
      if (i % every === 0) {
        samples.push({ calls: i, heapMb: mb(heap()), rssMb: mb(process.memoryUsage().rss) });
        process.stderr.write(`memory: ${i} calls, heap ${samples.at(-1)!.heapMb} MB\n`);
        if (process.env.MEMORY_SNAPSHOTS)
          (await import('node:v8')).writeHeapSnapshot(`${process.env.MEMORY_SNAPSHOTS}/heap-${i}.heapsnapshot`);
      }
    }
    await conn.call('electron_stop', {});
    const afterStop = mb(heap());
    const first = samples[0];
    const last = samples.at(-1)!;
    const perThousand = Math.round(((last.heapMb - first.heapMb) / Math.max(1, last.calls / 1000)) * 100) / 100;
    const figures = {
      calls,
      heapStartMb: first.heapMb,
      heapEndMb: last.heapMb,
      growthMbPer1000Calls: perThousand,
      heapAfterStopMb: afterStop,
      rssEndMb: last.rssMb,
      samples,
    };
    writeFigures(values.json!, figures);
    process.stdout.write(
      `memory: ${calls} calls on one session: heap ${first.heapMb} -> ${last.heapMb} MB (${perThousand} MB per 1,000 calls), ${afterStop} MB after stop, RSS ${last.rssMb} MB\n`,
    );
    return 0;
  } finally {
    await conn.close();
  }
}

runScript(main);
