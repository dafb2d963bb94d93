import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { electronExecutable } from '@stagewright/fake-electron';
import { fixtureDir, launchRaw } from './driver-paths.js';
import { median } from './startup/stats.js';
import { positiveInt, runScript, writeFigures } from './script.js';

/**
 * `node dist/benchmarks/bench/fake-electron-startup.mjs [--runs 10] [--fixture bench] [--json <file>]`
 * Launch-to-first-window of the Electron stand-in (or STAGEWRIGHT_ELECTRON) through Playwright's
 * own `_electron.launch`, in three phases per run:
 *   launched: `_electron.launch` resolved (main process inspector and Chromium CDP connected),
 *   window:   `firstWindow()` resolved,
 *   ready:    the window's first heading is visible (the app's page has loaded and rendered).
 * Reports the median (and min / p90 / max) of each phase. A figure to report, never a test.
 */

interface Run {
  launched: number;
  window: number;
  ready: number;
}

async function once(appDir: string): Promise<Run> {
  const started = performance.now();
  const app = await launchRaw(electronExecutable(), appDir);
  const launched = performance.now() - started;
  try {
    const page = await app.firstWindow();
    const window = performance.now() - started;
    await page.locator('h1').first().waitFor({ state: 'visible' });
    return { launched, window, ready: performance.now() - started };
  } finally {
    await app.close();
  }
}

function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

function summary(values: readonly number[]) {
  const round = (n: number) => Math.round(n);
  return {
    median: round(median(values)),
    min: round(Math.min(...values)),
    p90: round(quantile(values, 0.9)),
    max: round(Math.max(...values)),
  };
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '10' },
      fixture: { type: 'string', default: 'bench' },
      json: { type: 'string' },
    },
  });
  const runs = positiveInt('runs', values.runs);
  const appDir = fixtureDir(values.fixture);
  await once(appDir); // warm-up: file caches, first Chromium start
  const samples: Run[] = [];
  for (let i = 0; i < runs; i++) samples.push(await once(appDir));

  const result = {
    benchmark: 'fake-electron-startup',
    executable: electronExecutable(),
    fixture: values.fixture,
    runs,
    unit: 'ms',
    launched: summary(samples.map((s) => s.launched)),
    firstWindow: summary(samples.map((s) => s.window)),
    ready: summary(samples.map((s) => s.ready)),
  };
  console.log(`fake-electron launch-to-first-window (${values.fixture}, median of ${runs}): ${result.firstWindow.median} ms`);
  console.log(
    `  launched ${result.launched.median} ms · first window ${result.firstWindow.median} ms · heading visible ${result.ready.median} ms`,
  );
  console.log(`  first window min ${result.firstWindow.min} / p90 ${result.firstWindow.p90} / max ${result.firstWindow.max} ms`);
  if (values.json) {
    writeFigures(values.json, result);
  } else {
    console.log(JSON.stringify(result));
  }
  return 0;
}

runScript(main);
