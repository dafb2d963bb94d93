#!/usr/bin/env node
// `npm run gen`: regenerates every generated file in one command. Each check that finds a stale
// copy names this command. The manifest baseline is a budget, not a derived file: it is re-recorded
// only when a reason is given (`npm run gen -- --baseline-reason "<why>"`), because a baseline
// moved without a reason would let the listing grow unreviewed (ADR-0035).
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const nxJs = join(root, 'node_modules', 'nx', 'dist', 'bin', 'nx.js');
const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' };

/** Every generated file and the Nx target that writes it; a new generated file adds its row here. */
export const GENERATORS = [
  { files: 'TOOL-REFERENCE.md, the README tool table', target: 'reference:docs' },
  { files: 'docs/electron-coverage.md', target: 'reference:electron-coverage' },
  { files: 'docs/tool-matrix.md', target: 'package-e2e:matrix-doc' },
];

const { values } = parseArgs({
  options: { 'baseline-reason': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
});
if (values.help) {
  console.log('usage: npm run gen [-- --baseline-reason "<why>"]\n\nRegenerates:');
  for (const g of GENERATORS) console.log(`  ${g.files}  (nx run ${g.target})`);
  console.log('  manifest-baseline.json, only with --baseline-reason');
  process.exit(0);
}

function nx(...args) {
  const run = spawnSync(process.execPath, [nxJs, ...args, '--output-style=static'], { cwd: root, env, stdio: 'inherit' });
  return run.status === 0;
}

let ok = true;
for (const g of GENERATORS) ok = nx('run', g.target) && ok;
const reason = values['baseline-reason'];
if (reason) ok = nx('run', 'bench:manifest-check', '--update-manifest-baseline', '--reason', reason) && ok;
else console.log('gen: manifest-baseline.json left as it is (a budget; pass --baseline-reason "<why>" to re-record it)');
process.exit(ok ? 0 : 1);
