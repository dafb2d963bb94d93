#!/usr/bin/env node
// `npm test`: everything CI runs. Checks formatting and lint (Biome), type-checks and tests every project through Nx (the dependency
// rules are the deps-check project's test), checks the manifest budget and the generated
// reference, replays the example specs (inferred `replay` targets), runs the profile benchmark with --check, then prints ONE plain line `N passed, N failed`
// summed from each project's vitest JSON report, and exits non-zero on any failure.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const reports = join(root, 'dist', 'test-results');
const env = { ...process.env, CI: 'true', NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' };
const nx = join(root, 'node_modules', '.bin', 'nx');

rmSync(reports, { recursive: true, force: true });

const extra = process.argv.slice(2);
// Format and lint first (Biome, ADR-0005): one fast pass over the tree, no Nx project needed.
const biome = spawnSync(join(root, 'node_modules', '.bin', 'biome'), ['ci', '.', '--colors=off', '--diagnostic-level=error'], {
  cwd: root,
  env,
  stdio: 'inherit',
});
const formatFailed = !extra.length && biome.status !== 0;
if (formatFailed) console.log('run-tests: biome ci failed (run `npm run format` to fix formatting; lint errors name the rule)');
const result = spawnSync(
  nx,
  ['run-many', '-t', 'typecheck', 'test', 'manifest-check', 'docs-check', 'replay', '--output-style=static', ...extra],
  {
    cwd: root,
    env,
    stdio: 'inherit',
  },
);
let nxFailed = result.status !== 0 || formatFailed;
// The profile benchmark's evidence gate (ADR-021) runs once, over stdio, on the built server.
if (!extra.length) {
  const bench = spawnSync(nx, ['run', 'bench:profiles', '--check', '--output-style=static'], { cwd: root, env, stdio: 'inherit' });
  if (bench.status !== 0) nxFailed = true;
}

/** Projects with a test target, to notice one that never wrote its report. */
function testProjects() {
  const listing = spawnSync(nx, ['show', 'projects', '--with-target', 'test', '--json'], { cwd: root, env, encoding: 'utf8' });
  try {
    return JSON.parse(listing.stdout);
  } catch {
    return [];
  }
}

let passed = 0;
let failed = 0;
const seen = new Set();
for (const file of existsSync(reports) ? readdirSync(reports).filter((name) => name.endsWith('.json')) : []) {
  const report = JSON.parse(readFileSync(join(reports, file), 'utf8'));
  seen.add(file.slice(0, -'.json'.length));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  // A test file that failed to load has no test results but must still count.
  failed += (report.testResults ?? []).filter((suite) => suite.status === 'failed' && !(suite.assertionResults ?? []).length).length;
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
