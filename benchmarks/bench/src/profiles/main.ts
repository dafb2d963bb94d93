import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { electronBin, fixtureDir, repoRoot } from '../driver-paths.js';
import { runScript } from '../script.js';
import { buildReport, checkFailures, toBaseline, type Baseline } from './report.js';
import { toMarkdown, toSvg } from './render.js';
import { runProfile } from './runner.js';
import { SNAPSHOT_VIEWS, type SnapshotView } from './task-api.js';
import { startRunningApp } from './running-app.js';
import { TASKS } from './tasks.js';

/** Smallest surface first; `full` last, as the reference the gate compares with. */
const PROFILES = ['essential', 'testing', 'debug', 'full'];
const BASELINE = 'benchmarks/bench/profiles-baseline.json';

/**
 * `--profiles essential+offer,full`: run these instead (ADR-0045's measurement; `+offer` offers
 * every larger profile to electron_enable). `full` must be among them: the gate compares with it.
 */
function profilesToRun(): string[] {
  const at = process.argv.indexOf('--profiles');
  if (at < 0) return PROFILES;
  const named = (process.argv[at + 1] ?? '').split(',').filter(Boolean);
  if (!named.includes('full')) throw new Error('--profiles must include full, the reference the gate compares with');
  return named;
}

/**
 * `--snapshot whole,interactive`: run each profile once per view, side by side (issue 42: does the
 * interactive view save tokens?). `interactive` makes every task's snapshot pass `interactive: true`,
 * reading the whole page only where a task needs text the view leaves out (one more call).
 * Default: `whole`. A measurement, not the gate: --check compares the default run only.
 */
function snapshotViews(check: boolean): SnapshotView[] {
  const at = process.argv.indexOf('--snapshot');
  if (at < 0) return ['whole'];
  const named = (process.argv[at + 1] ?? '').split(',').filter(Boolean);
  const unknown = named.filter((v) => !SNAPSHOT_VIEWS.includes(v as SnapshotView));
  if (named.length === 0 || unknown.length) throw new Error(`--snapshot takes ${SNAPSHOT_VIEWS.join(' and/or ')}, comma-separated`);
  if (check && named.includes('interactive'))
    throw new Error('--check gates the default (whole) run; measure --snapshot interactive without it');
  return named as SnapshotView[];
}

/**
 * `nx run bench:profiles [--check] [--update-baseline]`: the 24 tasks on each profile over
 * stdio, written to dist/benchmarks/profiles.{json,md,svg}. --check fails when a profile
 * succeeds on fewer tasks (or needs more restarts) than the baseline records, when full fails a
 * task, or when a restart hint names a profile that does not list the hidden tool. Progress goes
 * to stderr.
 */
async function main(): Promise<number> {
  const check = process.argv.includes('--check');
  const views = snapshotViews(check);
  const profiles = profilesToRun();
  const root = repoRoot();
  const serverPath = resolve(root, 'dist/apps/mcp-server/main.mjs');
  if (!existsSync(serverPath)) {
    process.stderr.write(`bench:profiles: ${serverPath} is missing; run \`npx nx run mcp-server:build\` first.\n`);
    return 2;
  }
  const realElectron = process.env.STAGEWRIGHT_ELECTRON;
  const runtime = realElectron ? `electron (${realElectron})` : 'fake-electron';
  const electronPath = electronBin();
  const workbench = fixtureDir('workbench');
  const screenshotDir = mkdtempSync(join(tmpdir(), 'sw-bench-shots-'));
  const running = await startRunningApp(electronPath, workbench);
  const runs = [];
  try {
    const options = {
      serverPath,
      electronPath,
      screenshotDir,
      appDirs: { bench: fixtureDir('bench'), workbench },
      env: { debugPort: running.port, sampleFile: join(workbench, 'samples/notes.txt') },
      onProgress: (line: string) => process.stderr.write(`${line}\n`),
    };
    // Each profile's views back to back, so the two are measured in the same minutes.
    for (const profile of profiles)
      for (const snapshotView of views) runs.push(await runProfile(profile, TASKS, { ...options, snapshotView }));
  } finally {
    await running.stop();
    rmSync(screenshotDir, { recursive: true, force: true });
  }
  const report = buildReport(runs, runtime);
  const outDir = resolve(root, 'dist/benchmarks');
  mkdirSync(outDir, { recursive: true });
  const markdown = toMarkdown(report);
  writeFileSync(resolve(outDir, 'profiles.json'), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(resolve(outDir, 'profiles.md'), markdown);
  writeFileSync(resolve(outDir, 'profiles.svg'), toSvg(report));
  process.stdout.write(`${markdown}\nWritten: dist/benchmarks/profiles.{json,md,svg}\n`);
  if (process.argv.includes('--update-baseline')) {
    writeFileSync(resolve(root, BASELINE), `${JSON.stringify(toBaseline(report), null, 2)}\n`);
    process.stdout.write(`Recorded ${BASELINE}\n`);
  }
  if (!check) return 0;
  const baseline = JSON.parse(readFileSync(resolve(root, BASELINE), 'utf8')) as Baseline;
  const failures = checkFailures(report, baseline);
  for (const failure of failures) process.stderr.write(`bench:profiles --check: ${failure}\n`);
  return failures.length === 0 ? 0 : 1;
}

runScript(main);
