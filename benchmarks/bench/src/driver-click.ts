import 'reflect-metadata';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { connectShipped, electronBin, fixtureDir, launchRaw } from './driver-paths.js';
import { median } from './startup/stats.js';
import { positiveInt, runScript, writeFigures } from './script.js';

/**
 * `node dist/benchmarks/bench/driver-click.mjs [--calls 50] [--fixture bench] [--selector '#refresh'] [--json <file>]`
 * Per-call cost of `electron_click` (selector, and ref from a snapshot) through a real MCP client
 * on the shipped server, against a raw Playwright `locator.click()` on the same button of the same
 * fixture; and of a read, `electron_get_text`, against a raw `locator.innerText()`. Calls
 * interleave so both see the same load; figures are medians, their ratio, and the overhead against
 * the targets (click <= 1.1x raw + 5 ms, read <= raw + 3 ms). Each selector is used in the
 * warm-up first: a selector's first call also proves it well formed (one more page round trip).
 * Every click, raw or through the server, comes after a read on the same app (see the loop).
 * A figure to report, never a test assertion.
 */
async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      calls: { type: 'string', default: '50' },
      fixture: { type: 'string', default: 'bench' },
      selector: { type: 'string', default: '#refresh' },
      json: { type: 'string', default: 'dist/benchmarks/driver-click.json' },
    },
  });
  const calls = positiveInt('calls', values.calls);
  const main = fixtureDir(values.fixture!);
  const selector = values.selector!;

  const app = await launchRaw(electronBin(), main);
  const conn = await connectShipped();
  const raw: number[] = [];
  const bySelector: number[] = [];
  const byRef: number[] = [];
  const rawRead: number[] = [];
  const read: number[] = [];
  try {
    const page = await app.firstWindow();
    await page.waitForURL((url) => url.href !== 'about:blank', { waitUntil: 'domcontentloaded' });
    const launched = await conn.call('electron_launch', { main });
    if (!launched.ok) throw new Error(`electron_launch failed: ${JSON.stringify(launched)}`);
    const snapshot = (await conn.call('electron_snapshot')).snapshot as string;
    const name = await page.locator(selector).innerText();
    const ref = new RegExp(`"${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}" \\[ref=([a-z0-9]+)\\]`).exec(snapshot)?.[1];
    if (!ref) throw new Error(`no ref for ${selector} ("${name}") in the snapshot`);
    for (let i = 0; i < 3; i++) {
      await page.locator(selector).click();
      await conn.call('electron_click', { selector });
      await conn.call('electron_get_text', { selector });
    }
    // Each click follows a read on its own app, never another click: a click straight after a
    // click waits one more frame in Playwright's stability check (~16 ms), which is the page's
    // rhythm, not the server's cost. Raw and server clicks come in pairs whose order alternates,
    // so each side is first (and second) as often as the other.
    const rawClick = async () => {
      const started = performance.now();
      await page.locator(selector).click();
      raw.push(performance.now() - started);
    };
    const serverClick = async (target: { selector: string } | { ref: string }, into: number[]) => {
      const started = performance.now();
      const clicked = await conn.call('electron_click', target);
      into.push(performance.now() - started);
      if (!clicked.ok) throw new Error(`electron_click failed: ${JSON.stringify(clicked)}`);
    };
    const reads = async () => {
      let started = performance.now();
      await page.locator(selector).innerText();
      rawRead.push(performance.now() - started);
      started = performance.now();
      const text = await conn.call('electron_get_text', { selector });
      read.push(performance.now() - started);
      if (!text.ok) throw new Error(`electron_get_text failed: ${JSON.stringify(text)}`);
    };
    const pair = async (serverSide: () => Promise<void>, serverFirst: boolean) => {
      if (serverFirst) await serverSide();
      await rawClick();
      if (!serverFirst) await serverSide();
      await reads();
    };
    for (let i = 0; i < calls; i++) {
      await pair(() => serverClick({ selector }, bySelector), i % 2 === 1);
      await pair(() => serverClick({ ref }, byRef), i % 2 === 0);
    }
    await conn.call('electron_stop');
  } finally {
    await conn.close();
    await app.close().catch(() => undefined);
  }
  const rawMs = median(raw);
  const selectorMs = median(bySelector);
  const refMs = median(byRef);
  const rawReadMs = median(rawRead);
  const readMs = median(read);
  const round = (n: number) => Number(n.toFixed(2));
  const result = {
    fixture: values.fixture,
    selector,
    calls,
    rawMedianMs: round(rawMs),
    selectorMedianMs: round(selectorMs),
    refMedianMs: round(refMs),
    selectorRatio: round(selectorMs / rawMs),
    refRatio: round(refMs / rawMs),
    clickTargetMs: round(1.1 * rawMs + 5),
    rawReadMedianMs: round(rawReadMs),
    readMedianMs: round(readMs),
    readOverheadMs: round(readMs - rawReadMs),
  };
  console.log(
    `click on ${selector} (fixture "${values.fixture}"), ${calls} calls each: raw locator.click median ${result.rawMedianMs} ms, ` +
      `electron_click selector ${result.selectorMedianMs} ms (ratio ${result.selectorRatio}), ref ${result.refMedianMs} ms (ratio ${result.refRatio}); ` +
      `target 1.1x raw + 5 ms = ${result.clickTargetMs} ms`,
  );
  console.log(
    `read: raw locator.innerText median ${result.rawReadMedianMs} ms, electron_get_text ${result.readMedianMs} ms ` +
      `(overhead ${result.readOverheadMs} ms; target raw + 3 ms)`,
  );
  writeFigures(values.json!, { ...result, rawMs: raw, selectorMs: bySelector, refMs: byRef, rawReadMs: rawRead, readMs: read });
  return 0;
}

runScript(main);
