#!/usr/bin/env node
// `npm test`: everything CI runs. Checks formatting and lint (Biome), type-checks and tests every project through Nx (the dependency
// rules are the deps-check project's test), checks the manifest budget and the generated
// reference, replays the example specs (inferred `replay` targets), runs the profile benchmark with --check, then prints ONE plain line `N passed, N failed`
// summed from each project's vitest JSON report, and exits non-zero on any failure.
//
// Every app-launching test takes its Electron from one switch, STAGEWRIGHT_TEST_ELECTRON (ADR-0023).
// `npm test` points it at the stand-in explicitly, so the CI run is the switch's run.
// `npm run test:electron -- --electron <binary>` points it at that binary and runs only the suites
// that launch apps (projects tagged scope:e2e or type:plugin, and the replay specs), then prints
// the same line and lists the runtime-tagged tests it skipped, each with its reason.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const reports = join(root, 'dist', 'test-results');
const env = { ...process.env, CI: 'true', NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' };
// Nx through this Node, not node_modules/.bin (a .cmd on Windows, which spawnSync cannot start without a shell).
const nxJs = join(root, 'node_modules', 'nx', 'dist', 'bin', 'nx.js');
const STAND_IN = join(root, 'libs', 'testing', 'fake-electron', 'bin', 'fake-electron.cjs');

/** Splits `--electron <binary>` (or `--electron=<binary>`) off the arguments passed on to Nx. */
function electronArgument(argv) {
  const rest = [];
  let electron;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--electron') electron = argv[++i] ?? '';
    else if (argv[i].startsWith('--electron=')) electron = argv[i].slice('--electron='.length);
    else rest.push(argv[i]);
  }
  return { electron, rest };
}

const { electron, rest: extra } = electronArgument(process.argv.slice(2));
const electronMode = electron !== undefined;
if (electronMode && (!electron || !existsSync(resolve(electron)))) {
  console.log(`run-tests: --electron needs the path of an Electron binary${electron ? `; ${resolve(electron)} does not exist` : ''}`);
  console.log('0 passed, 1 failed');
  process.exit(1);
}
env.STAGEWRIGHT_TEST_ELECTRON = electronMode ? resolve(electron) : STAND_IN;
console.log(`run-tests: app-launching suites use ${env.STAGEWRIGHT_TEST_ELECTRON} (STAGEWRIGHT_TEST_ELECTRON)`);

rmSync(reports, { recursive: true, force: true });
// Format and lint first (Biome, ADR-0005): one fast pass over the tree, no Nx project needed.
const biome = electronMode
  ? { status: 0 }
  : spawnSync(join(root, 'node_modules', '.bin', 'biome'), ['ci', '.', '--colors=off', '--diagnostic-level=error'], {
      cwd: root,
      env,
      stdio: 'inherit',
    });
const formatFailed = !electronMode && !extra.length && biome.status !== 0;
if (formatFailed) console.log('run-tests: biome ci failed (run `npm run format` to fix formatting; lint errors name the rule)');
const APP_SUITES = 'tag:scope:e2e,tag:type:plugin';
// The profile benchmark's evidence gate (ADR-0035, bench:profiles-check) runs inside the same run-many: one of the two
// slots would otherwise sit idle while the slowest e2e project finishes, and it ran alone afterwards (about 44 s).
const TARGETS = ['typecheck', 'test', 'manifest-check', 'docs-check', 'replay', 'profiles-check'];
const runs = electronMode
  ? [
      ['run-many', '-t', 'test', `--projects=${APP_SUITES}`, '--output-style=static', ...extra],
      ['run-many', '-t', 'replay', '--output-style=static', ...extra],
    ]
  : [['run-many', '-t', ...TARGETS, '--output-style=static', ...extra]];
let nxFailed = formatFailed;
for (const args of runs) {
  const result = spawnSync(process.execPath, [nxJs, ...args], { cwd: root, env, stdio: 'inherit' });
  if (result.status !== 0) nxFailed = true;
}

/** Projects with a test target, to notice one that never wrote its report. */
function testProjects() {
  const only = electronMode ? ['--projects', APP_SUITES] : [];
  const listing = spawnSync(process.execPath, [nxJs, 'show', 'projects', '--with-target', 'test', ...only, '--json'], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
  try {
    return JSON.parse(listing.stdout);
  } catch {
    return [];
  }
}

/** The first line of a failure message, at most 300 characters. */
function firstLine(message) {
  return String(message ?? '')
    .split('\n')[0]
    .slice(0, 300);
}

let passed = 0;
let failed = 0;
const seen = new Set();
/** Runtime-tagged tests that were skipped (ADR-0023): reason -> count. */
const skippedForRuntime = new Map();
/** Failed tests, named next to the summary line so a truncated CI log still says which ones. */
const failures = [];
/** Tests that failed once and passed on their retry (vitest.shared.ts: `retry` under CI). */
const flaky = [];
for (const file of existsSync(reports) ? readdirSync(reports).filter((name) => name.endsWith('.json')) : []) {
  const report = JSON.parse(readFileSync(join(reports, file), 'utf8'));
  seen.add(file.slice(0, -'.json'.length));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  // A test file that failed to load has no test results but must still count.
  failed += (report.testResults ?? []).filter((suite) => suite.status === 'failed' && !(suite.assertionResults ?? []).length).length;
  for (const suite of report.testResults ?? []) {
    const where = suite.name ? suite.name.replace(`${root}/`, '') : file;
    const failedTests = (suite.assertionResults ?? []).filter((test) => test.status === 'failed');
    if (suite.status === 'failed' && !failedTests.length) failures.push(`${where}: ${firstLine(suite.message) || 'failed to load'}`);
    for (const test of failedTests) failures.push(`${where} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    for (const test of (suite.assertionResults ?? []).filter((test) => test.status === 'passed' && test.failureMessages?.length))
      flaky.push(`${where} > ${test.fullName}: ${firstLine(test.failureMessages[0])}`);
  }
  for (const test of (report.testResults ?? []).flatMap((suite) => suite.assertionResults ?? [])) {
    if (test.status !== 'skipped' && test.status !== 'pending') continue;
    if (!test.meta?.runtimeTag) continue;
    const key = `${test.meta.runtimeTag}: ${test.meta.runtimeReason}`;
    skippedForRuntime.set(key, (skippedForRuntime.get(key) ?? 0) + 1);
  }
}
if (flaky.length) {
  console.log(`run-tests: ${flaky.length} flaky (failed once, passed on retry; fix them):`);
  for (const line of flaky) console.log(`  ${line}`);
}
if (failures.length) {
  console.log(`run-tests: ${failures.length} failed:`);
  for (const line of failures) console.log(`  ${line}`);
}
if (skippedForRuntime.size) {
  console.log(`run-tests: skipped on ${electronMode ? 'this Electron' : 'the stand-in'} (runtime tags, ADR-0023):`);
  for (const [reason, count] of skippedForRuntime) console.log(`  ${count} × ${reason}`);
}
// With extra arguments (e.g. --projects=kernel) only some projects ran: skip the completeness check.
const missing = extra.length ? [] : testProjects().filter((name) => !seen.has(name));
if (missing.length) {
  // A project whose tests never reported did not pass: count each as a failure.
  console.log(`run-tests: no vitest JSON report from: ${missing.join(', ')} (each counted as a failure)`);
  failed += missing.length;
}
if (nxFailed && failed === 0) {
  // Something other than a counted test failed (typecheck, a crashed runner): never print "0 failed".
  console.log('run-tests: nx reported a failed task outside the counted tests (see the output above)');
  failed = 1;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || nxFailed ? 1 : 0);
