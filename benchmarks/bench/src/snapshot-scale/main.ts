import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { encode } from 'gpt-tokenizer';
import type { Envelope } from '@stagewright/harness';
import { connectInMemory } from '@stagewright/harness';
import { createStagewrightServer } from '@stagewright/mcp-server';
import { readEnvelope, type ResultBlock } from '@stagewright/sdk';
import { electronBin, fixtureDir } from '../driver-paths.js';
import { positiveInt, runScript, writeFigures } from '../script.js';

/**
 * `node dist/benchmarks/bench/snapshot-scale.mjs [--sizes 200,1000,5000,20000] [--timeout-ms 900000] [--steady-max 20000] [--json <file>]`
 * electron_snapshot on the generated big-page fixture at each size (interactive elements; a fresh
 * app per size, through a real MCP client on the shipped server): the first snapshot of the
 * document, a second one (steady), and the `since: "last"` diff after one edit (a click that
 * changes the status line). Reports per size the time of each, the BPE (gpt-tokenizer,
 * o200k_base) of the answer as the host receives it (every text block of the result) and of the
 * snapshot text alone, its characters and whether it was truncated. Then the agent-shaped flow to
 * a button deep in the page (`Details k`, k at 90% of the item lists): the cut snapshot, a
 * snapshot rooted at the list its outline names, a click on the button's ref; three calls, each
 * timed, and whether the click reached the button (the status line says so). Last, `electron_find`
 * by the same button's name: whether it is found (a cut snapshot never shows it) and the time.
 *
 * Big pages on a loaded machine take minutes: every call may take `--timeout-ms` (the server's
 * operation timeout, the server's bound of one aria read and the client's request timeout
 * alike), and sizes above `--steady-max` skip the steady read. The load average at the start and end of each size is recorded with it.
 * A figure to report, never a test assertion.
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

type Conn = Awaited<ReturnType<typeof connectTo>>;

function connectTo(timeoutMs: number) {
  return connectInMemory({
    create: () =>
      createStagewrightServer({
        operationTimeoutMs: timeoutMs,
        driverOptions: { fallbackExecutablePath: electronBin(), snapshotReadMs: timeoutMs },
      }),
  });
}

async function read(conn: Conn, args: Record<string, unknown>, timeout: number): Promise<Read & { envelope: Envelope }> {
  const started = performance.now();
  const result = await conn.callRaw('electron_snapshot', args, { timeout });
  const ms = Math.round(performance.now() - started);
  const text = result.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
  const envelope = readEnvelope(result.content as ResultBlock[]) as Envelope;
  const snapshot = typeof envelope.snapshot === 'string' ? envelope.snapshot : '';
  return {
    ms,
    bpe: encode(text).length,
    snapshotBpe: encode(snapshot).length,
    snapshotChars: snapshot.length,
    truncated: envelope.truncated === true,
    ...(envelope.ok ? {} : { error: `${envelope.code}: ${String(envelope.error).slice(0, 120)}` }),
    envelope,
  };
}

const figures = ({ envelope: _, ...rest }: Read & { envelope: Envelope }): Read => rest;

/** The page's numbers, as the fixture builds them (renderer.js): the item lists hold 60% of the rest. */
function deepTarget(items: number): { k: number; list: string } {
  const details = Math.floor((items - 3) * 0.6);
  const k = Math.max(1, Math.floor(details * 0.9));
  const first = Math.floor((k - 1) / 50) * 50 + 1;
  return { k, list: `Items ${first} to ${Math.min(first + 49, details)}` };
}

/** Cut snapshot → the list its outline names → click: the calls it took and what each cost. */
async function flow(conn: Conn, items: number, timeout: number) {
  const { k, list } = deepTarget(items);
  const calls: { tool: string; ms: number; bpe: number }[] = [];
  const first = await read(conn, {}, timeout);
  calls.push({ tool: 'electron_snapshot', ms: first.ms, bpe: first.bpe });
  const outline = String(first.envelope.outline ?? '');
  const shown = new RegExp(`button "Details ${k}" (?:\\[active\\] )?\\[ref=(e\\d+)\\]`);
  let button = shown.exec(String(first.envelope.snapshot))?.[1];
  if (!button) {
    const ref = new RegExp(`\\b(e\\d+)(?: list)? "${list}"`).exec(outline)?.[1];
    if (!ref) return { target: `Details ${k}`, calls, reached: false, error: `the outline names no "${list}"` };
    const rooted = await read(conn, { ref }, timeout);
    calls.push({ tool: 'electron_snapshot', ms: rooted.ms, bpe: rooted.bpe });
    button = shown.exec(String(rooted.envelope.snapshot))?.[1];
    if (!button) return { target: `Details ${k}`, calls, reached: false, error: `"${list}" does not show Details ${k}` };
  }
  const started = performance.now();
  const clicked = await conn.callRaw('electron_click', { ref: button }, { timeout });
  calls.push({ tool: 'electron_click', ms: Math.round(performance.now() - started), bpe: encode(JSON.stringify(clicked.content)).length });
  const status = await conn.call('electron_get_text', { selector: '#status' }, { timeout });
  return { target: `Details ${k}`, calls, reached: status.text === `Opened details of item ${k}` };
}

/** electron_find by name for the deep target, which a cut snapshot never shows: found or not, and the time. */
async function findDeep(conn: Conn, items: number, timeout: number) {
  const { k } = deepTarget(items);
  const started = performance.now();
  const found = await conn.call('electron_find', { role: 'button', name: `Details ${k}` }, { timeout });
  const ms = Math.round(performance.now() - started);
  const matches = Array.isArray(found.matches) ? found.matches.length : 0;
  return {
    target: `Details ${k}`,
    ms,
    found: found.ok === true && matches > 0,
    total: found.total,
    ...(found.ok ? {} : { error: `${found.code}` }),
  };
}

async function size(items: number, timeout: number, steadyMax: number) {
  const conn = await connectTo(timeout);
  const loadBefore = Number(loadavg()[0].toFixed(1));
  try {
    const launchedAt = performance.now();
    const launched = await conn.call(
      'electron_launch',
      { main: fixtureDir('big-page'), args: [`items=${items}`], timeoutMs: 120_000 },
      { timeout },
    );
    if (!launched.ok) throw new Error(`electron_launch failed: ${JSON.stringify(launched)}`);
    const ready = await conn.call('electron_expect_text', { selector: '#status', contains: 'Showing', timeoutMs: 60_000 }, { timeout });
    if (!ready.ok) throw new Error(`the page did not finish building: ${JSON.stringify(ready)}`);
    const launchMs = Math.round(performance.now() - launchedAt);
    const first = figures(await read(conn, {}, timeout));
    const steady = items <= steadyMax ? figures(await read(conn, {}, timeout)) : undefined;
    const clicked = await conn.call('electron_click', { selector: '#new-item' }, { timeout });
    const diff: Read = clicked.ok
      ? figures(await read(conn, { since: 'last' }, timeout))
      : { ms: 0, bpe: 0, snapshotBpe: 0, snapshotChars: 0, truncated: false, error: `the edit failed: ${clicked.code}: ${clicked.error}` };
    const reach = await flow(conn, items, timeout);
    const found = await findDeep(conn, items, timeout);
    await conn.call('electron_stop', {}, { timeout });
    return {
      items,
      launchMs,
      first,
      steady,
      diff,
      flow: reach,
      find: found,
      load: { before: loadBefore, after: Number(loadavg()[0].toFixed(1)) },
    };
  } finally {
    await conn.close();
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      sizes: { type: 'string', default: '200,1000,5000,20000' },
      json: { type: 'string', default: 'dist/benchmarks/snapshot-scale.json' },
      'timeout-ms': { type: 'string', default: '900000' },
      'steady-max': { type: 'string', default: '20000' },
    },
  });
  const timeout = positiveInt('timeout-ms', values['timeout-ms']);
  const steadyMax = positiveInt('steady-max', values['steady-max']);
  const sizes = values.sizes!.split(',').map((s) => Number(s.trim()));
  if (sizes.some((n) => !Number.isInteger(n) || n < 4)) throw new Error(`--sizes must be integers of at least 4, got ${values.sizes}`);
  const rows: unknown[] = [];
  console.log(
    'items  first ms  steady ms  BPE (answer/snapshot)  chars  truncated | diff ms  diff BPE (answer/text) | flow calls, ms, reached | find ms, found | load',
  );
  for (const items of sizes) {
    let row: Awaited<ReturnType<typeof size>>;
    try {
      row = await size(items, timeout, steadyMax);
    } catch (error) {
      // A size the machine cannot serve in time (a loaded machine, a 20k page) is a figure too.
      const message = (error as Error).message.slice(0, 300);
      rows.push({ items, error: message });
      console.log(`${String(items).padStart(5)}  failed: ${message}`);
      continue;
    }
    rows.push(row);
    const { first, steady, diff, flow: reach, find, load } = row;
    const note = [first, steady, diff].map((r) => r?.error).filter(Boolean);
    if (reach.error) note.push(reach.error);
    const flowMs = reach.calls.map((c) => c.ms).join('+');
    console.log(
      `${String(items).padStart(5)}  ${String(first.ms).padStart(8)}  ${String(steady?.ms ?? '-').padStart(9)}  ` +
        `${`${first.bpe}/${first.snapshotBpe}`.padStart(21)}  ${String(first.snapshotChars).padStart(5)}  ${String(first.truncated).padStart(9)} | ` +
        `${String(diff.ms).padStart(7)}  ${`${diff.bpe}/${diff.snapshotBpe}`.padStart(10)} | ${reach.calls.length}, ${flowMs}, ${reach.reached} | ` +
        `${find.ms}, ${find.found} | ` +
        `${load.before}→${load.after}${note.length ? `  (${note.join('; ')})` : ''}`,
    );
    if (note.some((n) => SNAPSHOT_TIMEOUT.test(n as string)))
      console.log('  (a snapshot timed out: the machine is too loaded for this size)');
  }
  writeFigures(values.json!, { tokenizer: 'o200k_base', fixture: 'big-page', rows });
  return 0;
}

runScript(main);
