'use strict';
/**
 * Turns raw executor options (schema defaults applied by Nx, CLI flags already camelCased) into
 * what the executor runs with. Pure: no file system, no process state, so every refusal is tested.
 */
const path = require('node:path');
const { DEFAULT_LIMITS } = require('./compare.js');

const MAX_REASON_LENGTH = 500;

/**
 * @typedef {{ baseline?: string, measureScript?: string, report?: string, updateManifestBaseline?: boolean,
 *   reason?: string, maxGrowthPercent?: number, maxToolBpe?: number, maxAverageBpe?: number }} ManifestCheckOptions
 * @typedef {{ baselinePath: string, measureScript: string, reportPath: string, update: boolean, reason?: string,
 *   limits: import('./compare.js').Limits }} NormalisedOptions
 */

/**
 * @param {ManifestCheckOptions} options
 * @param {string} workspaceRoot
 * @returns {{ ok: true, value: NormalisedOptions } | { ok: false, error: string }}
 */
function normaliseOptions(options, workspaceRoot) {
  const update = options.updateManifestBaseline === true;
  const reason = typeof options.reason === 'string' ? options.reason.trim() : undefined;

  if (update && !reason) {
    return {
      ok: false,
      error:
        'Refusing to update manifest-baseline.json without a reason: the reason is stored with the baseline for review. ' +
        'Run: npx nx run bench:manifest-check --update-manifest-baseline --reason "<why the listing changed>"',
    };
  }
  if (!update && options.reason !== undefined) {
    return {
      ok: false,
      error:
        '--reason is only used together with --update-manifest-baseline; a check never changes the baseline. ' +
        'Drop --reason to check, or add --update-manifest-baseline to record a new baseline.',
    };
  }
  if (reason && reason.length > MAX_REASON_LENGTH) {
    return { ok: false, error: `--reason is ${reason.length} characters; keep it under ${MAX_REASON_LENGTH} (one sentence saying why).` };
  }

  const limits = {
    maxGrowthPercent: options.maxGrowthPercent ?? DEFAULT_LIMITS.maxGrowthPercent,
    maxToolBpe: options.maxToolBpe ?? DEFAULT_LIMITS.maxToolBpe,
    maxAverageBpe: options.maxAverageBpe ?? DEFAULT_LIMITS.maxAverageBpe,
  };
  for (const [key, value] of Object.entries(limits)) {
    if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
      return { ok: false, error: `${key} must be a positive number, got ${JSON.stringify(value)}.` };
    }
  }

  const resolve = (/** @type {string | undefined} */ p, /** @type {string} */ fallback) => path.resolve(workspaceRoot, p ?? fallback);
  return {
    ok: true,
    value: {
      baselinePath: resolve(options.baseline, 'manifest-baseline.json'),
      measureScript: resolve(options.measureScript, 'dist/benchmarks/bench/manifest.mjs'),
      reportPath: resolve(options.report, 'dist/benchmarks/manifest.json'),
      update,
      reason: update ? reason : undefined,
      limits,
    },
  };
}

module.exports = { normaliseOptions, MAX_REASON_LENGTH };
