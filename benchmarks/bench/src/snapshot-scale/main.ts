import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { encode } from 'gpt-tokenizer';
import type { Envelope } from '@stagewright/harness';
import { connectShipped, fixtureDir } from '../driver-paths.js';
import { runScript, writeFigures } from '../script.js';

/**
 * `node dist/benchmarks/bench/snapshot-scale.mjs [--sizes 200,1000,5000,20000] [--json <file>]`
 * electron_snapshot on the generated big-page fixture at each size (interactive elements; a fresh
 * app per size, through a real MCP client on the shipped server): the first snapshot of the
 * document, a second one (steady), and the `since: "last"` diff after one edit (a click that
 * changes the status line). Reports per size the time of each, the BPE (gpt-tokenizer,
 * o200k_base) of the answer as the host receives it (every text block of the result) and of the
 * snapshot text alone, its characters and whether it was truncated. A figure to report, never a
 * test assertion.
 */
const SNAPSHOT_TIMEOUT = /RENDERER_UNRESPONSIVE|did not answer/;

interface Read {
  ms: number;
  /** BPE of the result's text content, as the host pays it. */
  bpe: number;
  /** BPE and characters of the snapshot (or diff) text alone. */
  snapshotBpe: number;
  snapshotChars: number;
  truncated: boolean;
  error?: string;
}

async function read(conn: Awaited<ReturnType<typeof connectShipped>>, args: Record<string, unknown>): Promise<Read> {
  const started = performance.now();
  const result = await conn.callRaw('electron_snapshot', args);
  const ms = Math.round(performance.now() - started);
  const text = result.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
  const envelope = JSON.parse((result.content[0] as { text: string }).text) as Envelope;
  const snapshot = typeof envelope.snapshot === 'string' ? envelope.snapshot : '';
  return {
    ms,
    bpe: encode(text).length,
    snapshotBpe: encode(snapshot).length,
    snapshotChars: snapshot.length,
    truncated: envelope.truncated === true,
    ...(envelope.ok ? {} : { error: `${envelope.code}: ${String(envelope.error).slice(0, 120)}` }),
  };
}

async function size(items: number) {
  const conn = await connectShipped();
  try {
    const launchedAt = performance.now();
    const launched = await conn.call('electron_launch', { main: fixtureDir('big-page'), args: [`items=${items}`], timeoutMs: 120_000 });
    if (!launched.ok) throw new Error(`electron_launch failed: ${JSON.stringify(launched)}`);
    const ready = await conn.call('electron_expect_text', { selector: '#status', contains: 'Showing', timeoutMs: 60_000 });
    if (!ready.ok) throw new Error(`the page did not finish building: ${JSON.stringify(ready)}`);
    const launchMs = Math.round(performance.now() - launchedAt);
    const first = await read(conn, {});
    const steady = await read(conn, {});
    const clicked = await conn.call('electron_click', { selector: '#new-item' });
    const diff: Read = clicked.ok
      ? await read(conn, { since: 'last' })
      : { ms: 0, bpe: 0, snapshotBpe: 0, snapshotChars: 0, truncated: false, error: `the edit failed: ${clicked.code}: ${clicked.error}` };
    await conn.call('electron_stop');
    return { items, launchMs, first, steady, diff };
  } finally {
    await conn.close();
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      sizes: { type: 'string', default: '200,1000,5000,20000' },
      json: { type: 'string', default: 'dist/benchmarks/snapshot-scale.json' },
    },
  });
  const sizes = values.sizes!.split(',').map((s) => Number(s.trim()));
  if (sizes.some((n) => !Number.isInteger(n) || n < 4)) throw new Error(`--sizes must be integers of at least 4, got ${values.sizes}`);
  const rows: unknown[] = [];
  console.log('items  first ms  steady ms  BPE (answer/snapshot)  chars  truncated | diff ms  diff BPE (answer/text)');
  for (const items of sizes) {
    let row: Awaited<ReturnType<typeof size>>;
    try {
      row = await size(items);
    } catch (error) {
      // A size the machine cannot serve in time (a loaded machine, a 20k page) is a figure too.
      const message = (error as Error).message.slice(0, 300);
      rows.push({ items, error: message });
      console.log(`${String(items).padStart(5)}  failed: ${message}`);
      continue;
    }
    rows.push(row);
    const { first, steady, diff } = row;
    const note = [first, steady, diff].map((r) => r.error).filter(Boolean);
    console.log(
      `${String(items).padStart(5)}  ${String(first.ms).padStart(8)}  ${String(steady.ms).padStart(9)}  ` +
        `${`${first.bpe}/${first.snapshotBpe}`.padStart(21)}  ${String(first.snapshotChars).padStart(5)}  ${String(first.truncated).padStart(9)} | ` +
        `${String(diff.ms).padStart(7)}  ${`${diff.bpe}/${diff.snapshotBpe}`.padStart(10)}${note.length ? `  (${note.join('; ')})` : ''}`,
    );
    if (note.some((n) => SNAPSHOT_TIMEOUT.test(n!))) console.log('  (a snapshot timed out: the machine is too loaded for this size)');
  }
  writeFigures(values.json!, { tokenizer: 'o200k_base', fixture: 'big-page', rows });
  return 0;
}

runScript(main);
