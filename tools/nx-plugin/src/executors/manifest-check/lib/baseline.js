'use strict';
/**
 * The committed baseline (manifest-baseline.json) and the measurement report share one shape per
 * variant; the baseline drops the full per-tool list and adds when and why it was last updated.
 */
const fs = require('node:fs');

const SCHEMA_VERSION = 1;
const VARIANT_FIELDS = ['toolCount', 'codePoints', 'bytes', 'bpe', 'averageBpe', 'names', 'largest'];

/**
 * Checks a parsed report or baseline enough that the comparison cannot misread it.
 * @param {unknown} doc
 * @param {string} label file name for the message
 * @returns {string | undefined} what is wrong, or undefined
 */
function validateManifest(doc, label) {
  if (!doc || typeof doc !== 'object') return `${label} is not a JSON object.`;
  const d = /** @type {any} */ (doc);
  if (d.schemaVersion !== SCHEMA_VERSION) {
    return `${label} has schemaVersion ${JSON.stringify(d.schemaVersion)}; this executor reads ${SCHEMA_VERSION}. Regenerate it with --update-manifest-baseline --reason "<why>".`;
  }
  if (!d.variants || typeof d.variants !== 'object') return `${label} has no variants object.`;
  for (const [name, v] of Object.entries(d.variants)) {
    const missing = VARIANT_FIELDS.filter((f) => !(v && typeof v === 'object' && f in v));
    if (missing.length) return `${label}: variant ${name} lacks ${missing.join(', ')}.`;
  }
  return undefined;
}

/**
 * @param {{ tokenizer: string, variants: Record<string, import('./compare.js').VariantMeasurement> }} report
 * @param {string} reason
 * @param {Date} now
 */
function toBaseline(report, reason, now) {
  /** @type {Record<string, Omit<import('./compare.js').VariantMeasurement, 'perTool'>>} */
  const variants = {};
  for (const name of Object.keys(report.variants).sort()) {
    const v = report.variants[name];
    variants[name] = {
      toolCount: v.toolCount,
      codePoints: v.codePoints,
      bytes: v.bytes,
      bpe: v.bpe,
      averageBpe: v.averageBpe,
      largest: v.largest,
      names: v.names,
    };
  }
  return { schemaVersion: SCHEMA_VERSION, updatedAt: now.toISOString(), reason, tokenizer: report.tokenizer, variants };
}

/**
 * @param {string} file
 * @param {string} label file name for messages
 * @returns {{ found: false } | { found: true, doc: any } | { found: true, error: string }}
 */
function readManifestFile(file, label) {
  if (!fs.existsSync(file)) return { found: false };
  let doc;
  try {
    doc = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    return { found: true, error: `${label} is not valid JSON: ${e instanceof Error ? e.message : String(e)}` };
  }
  const problem = validateManifest(doc, label);
  return problem ? { found: true, error: problem } : { found: true, doc };
}

/**
 * @param {string} file
 * @param {ReturnType<typeof toBaseline>} baseline
 */
function writeBaseline(file, baseline) {
  fs.writeFileSync(file, serialiseBaseline(baseline));
}

/**
 * Indented JSON with each `{ name, bpe }` pair on one line, so a reviewed diff shows one line per
 * changed tool.
 * @param {ReturnType<typeof toBaseline>} baseline
 */
function serialiseBaseline(baseline) {
  const text = JSON.stringify(baseline, null, 2).replace(
    /\{\n\s+"name": ("(?:[^"\\]|\\.)*"),\n\s+"bpe": (\d+)\n\s+\}/g,
    '{ "name": $1, "bpe": $2 }',
  );
  return `${text}\n`;
}

module.exports = { SCHEMA_VERSION, validateManifest, toBaseline, readManifestFile, writeBaseline, serialiseBaseline };
