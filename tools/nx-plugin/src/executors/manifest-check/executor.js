'use strict';
/**
 * manifest-check: the manifest budget as a build gate (ADR-0035, ADR-0037).
 *
 * Check mode measures every variant and fails on growth over the limit, a changed name list, a
 * missing or unexpected variant, and on the per-tool and average ceilings. Update mode
 * (--update-manifest-baseline --reason "<why>") rewrites manifest-baseline.json from the
 * measurement and stores the reason; the ceilings still fail it, because a baseline cannot waive them.
 */
const path = require('node:path');
const { normaliseOptions } = require('./lib/options.js');
const { compareManifests, checkCeilings } = require('./lib/compare.js');
const { readManifestFile, toBaseline, writeBaseline } = require('./lib/baseline.js');
const { runMeasurement } = require('./lib/measure.js');
const { formatComparisonTable, formatFailures } = require('./lib/format.js');

/**
 * @param {import('./lib/options.js').ManifestCheckOptions} options
 * @param {{ root: string }} context
 * @returns {Promise<{ success: boolean }>}
 */
async function manifestCheckExecutor(options, context) {
  const normalised = normaliseOptions(options, context.root);
  if (!normalised.ok) {
    console.error(normalised.error);
    return { success: false };
  }
  const o = normalised.value;
  const baselineLabel = path.relative(context.root, o.baselinePath);

  const previous = readManifestFile(o.baselinePath, baselineLabel);
  if (previous.found && 'error' in previous && !o.update) {
    console.error(previous.error);
    return { success: false };
  }
  if (!previous.found && !o.update) {
    console.error(
      `${baselineLabel} does not exist. Create it from the current measurement with: ` +
        'npx nx run bench:manifest-check --update-manifest-baseline --reason "<why>"',
    );
    return { success: false };
  }

  const measured = runMeasurement(o, context.root);
  if (!measured.ok) {
    console.error(measured.error);
    return { success: false };
  }
  const current = measured.report;
  const baseline = previous.found && 'doc' in previous ? previous.doc : undefined;

  console.log(`\n${formatComparisonTable(baseline, current)}\n`);

  if (o.update) {
    writeBaseline(o.baselinePath, toBaseline(current, /** @type {string} */ (o.reason), new Date()));
    console.log(`Wrote ${baselineLabel} (${Object.keys(current.variants).length} variants). Reason: ${o.reason}`);
    const ceilings = checkCeilings(current, o.limits);
    if (ceilings.length) {
      console.error(`The baseline was updated, but a baseline cannot waive the ADR-0037 ceilings:\n${formatFailures(ceilings)}`);
    }
    return { success: ceilings.length === 0 };
  }

  if (baseline.tokenizer !== current.tokenizer) {
    console.error(
      `${baselineLabel} was measured with ${baseline.tokenizer}, this run with ${current.tokenizer}: ` +
        'figures are not comparable. Re-baseline with --update-manifest-baseline --reason "<why>".',
    );
    return { success: false };
  }

  const { failures, notes } = compareManifests(baseline, current, o.limits);
  for (const note of notes) console.log(`  note: ${note}`);
  if (failures.length) {
    console.error(`manifest-check failed (${failures.length}):\n${formatFailures(failures)}`);
    return { success: false };
  }
  console.log(`manifest-check passed: ${Object.keys(current.variants).length} variants within ${baselineLabel} and the ADR-0037 ceilings.`);
  return { success: true };
}

module.exports = manifestCheckExecutor;
module.exports.default = manifestCheckExecutor;
