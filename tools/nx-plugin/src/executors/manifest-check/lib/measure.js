'use strict';
/**
 * Obtains the current measurement by running the bundled bench script
 * (benchmarks/bench: src/manifest/main.ts -> dist/benchmarks/bench/manifest.mjs). The bundle is
 * what builds real servers per variant; the executor only reads the JSON it writes.
 */
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { readManifestFile } = require('./baseline.js');

/**
 * @param {{ measureScript: string, reportPath: string }} options
 * @param {string} cwd
 * @returns {{ ok: true, report: any } | { ok: false, error: string }}
 */
function runMeasurement(options, cwd) {
  const script = path.relative(cwd, options.measureScript);
  if (!fs.existsSync(options.measureScript)) {
    return {
      ok: false,
      error: `${script} does not exist. Build it with npx nx run bench:build (npx nx run bench:manifest-check does that first).`,
    };
  }
  fs.mkdirSync(path.dirname(options.reportPath), { recursive: true });
  fs.rmSync(options.reportPath, { force: true });
  const run = spawnSync(process.execPath, [options.measureScript, '--json', options.reportPath, '--quiet'], { cwd, stdio: 'inherit' });
  if (run.error) return { ok: false, error: `Could not run ${script}: ${run.error.message}` };
  if (run.status !== 0) return { ok: false, error: `${script} exited with ${run.status ?? run.signal}; see its output above.` };
  const read = readManifestFile(options.reportPath, path.relative(cwd, options.reportPath));
  if (!read.found) return { ok: false, error: `${script} finished but wrote no report to ${options.reportPath}.` };
  if ('error' in read) return { ok: false, error: read.error };
  return { ok: true, report: read.doc };
}

module.exports = { runMeasurement };
