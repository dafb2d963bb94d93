'use strict';
/**
 * Pure comparison of a measured manifest report with the committed baseline.
 * ADR-0035: BPE growth over the limit, a changed tool-name list, a missing or unexpected variant.
 * ADR-0037: per-tool ceiling and average-per-tool ceiling, checked on the measurement alone.
 * It returns findings; the executor decides what to print and the exit status.
 */

/** @typedef {{ name: string, bpe: number }} ToolBpe */
/**
 * @typedef {{ toolCount: number, codePoints: number, bytes: number, bpe: number, averageBpe: number,
 *   names: string[], largest: ToolBpe[], perTool?: ToolBpe[] }} VariantMeasurement
 */
/** @typedef {{ variants: Record<string, VariantMeasurement> }} ManifestLike */
/** @typedef {{ maxGrowthPercent: number, maxToolBpe: number, maxAverageBpe: number }} Limits */
/**
 * @typedef {{ rule: 'missing-variant' | 'unexpected-variant' | 'growth' | 'names-changed' | 'tool-ceiling' | 'average-ceiling',
 *   variant?: string, variants?: string[], tool?: string, message: string }} Finding
 */

/** @type {Readonly<Limits>} */
const DEFAULT_LIMITS = Object.freeze({ maxGrowthPercent: 3, maxToolBpe: 200, maxAverageBpe: 160 });

const UPDATE_COMMAND = 'npx nx run bench:manifest-check --update-manifest-baseline --reason "<why>"';
const MOVE_DETAIL =
  "move usage notes, valid values, body shapes, error codes and examples out of the schema into the definition's `detail` (served by stagewright://tools)";

const fmt = (/** @type {number} */ n) => n.toLocaleString('en-US');
const pct = (/** @type {number} */ ratio) => `${ratio >= 0 ? '+' : ''}${(ratio * 100).toFixed(1)}%`;

/**
 * Relative BPE change; a variant that had nothing and now has something grew without bound.
 * @param {number} before
 * @param {number} after
 */
function growthRatio(before, after) {
  if (before === 0) return after === 0 ? 0 : Infinity;
  return (after - before) / before;
}

/**
 * Every tool's BPE when the report has it, otherwise the ten largest (enough to find the worst).
 * @param {VariantMeasurement} variant
 * @returns {ToolBpe[]}
 */
function toolFigures(variant) {
  return variant.perTool ?? variant.largest ?? [];
}

/**
 * Ceilings hold for the measurement whatever the baseline says: a baseline update cannot waive them.
 * @param {ManifestLike} current
 * @param {Limits} [limits]
 * @returns {Finding[]}
 */
function checkCeilings(current, limits = DEFAULT_LIMITS) {
  /** @type {Finding[]} */
  const findings = [];
  /** @type {Map<string, { tool: ToolBpe, variants: string[] }>} */
  const overByTool = new Map();
  for (const [variant, m] of Object.entries(current.variants)) {
    for (const tool of toolFigures(m)) {
      if (tool.bpe <= limits.maxToolBpe) continue;
      const key = `${tool.name}\u0000${tool.bpe}`;
      if (!overByTool.has(key)) overByTool.set(key, { tool, variants: [] });
      overByTool.get(key)?.variants.push(variant);
    }
    if (m.averageBpe > limits.maxAverageBpe) {
      const worst = [...m.largest]
        .sort((a, b) => b.bpe - a.bpe)
        .slice(0, 3)
        .map((t) => `${t.name} (${t.bpe})`)
        .join(', ');
      findings.push({
        rule: 'average-ceiling',
        variant,
        message:
          `${variant}: average ${m.averageBpe.toFixed(1)} BPE per tool over ${m.toolCount} tools (limit ${limits.maxAverageBpe}). ` +
          `Start with the largest tools (${worst}): ${MOVE_DETAIL}. Do not remove tools to fit (ADR-0037).`,
      });
    }
  }
  for (const { tool, variants } of overByTool.values()) {
    findings.push({
      rule: 'tool-ceiling',
      tool: tool.name,
      variants,
      message:
        `${tool.name} is ${tool.bpe} BPE (limit ${limits.maxToolBpe}) in ${variants.join(', ')}. ` +
        `${MOVE_DETAIL[0].toUpperCase()}${MOVE_DETAIL.slice(1)}, or split the tool.`,
    });
  }
  return findings;
}

/**
 * @param {string[]} before
 * @param {string[]} after
 * @returns {string | undefined}
 */
function describeNameChange(before, after) {
  const was = new Set(before);
  const now = new Set(after);
  const added = after.filter((n) => !was.has(n));
  const removed = before.filter((n) => !now.has(n));
  if (added.length === 0 && removed.length === 0) return before.join('\u0000') === after.join('\u0000') ? undefined : 'order changed';
  const parts = [];
  if (added.length) parts.push(`added ${added.join(', ')}`);
  if (removed.length) parts.push(`removed ${removed.join(', ')}`);
  return parts.join('; ');
}

/**
 * The exact command that records new variants (a new plugin adds plugin-<name>-safe/-eval and
 * changes all-plugins-*), with a reason naming them, ready to paste.
 * @param {string[]} variants
 */
function recordCommand(variants) {
  return `npx nx run bench:manifest-check --update-manifest-baseline --reason "record variants ${variants.join(', ')}"`;
}

/**
 * @param {ManifestLike} baseline
 * @param {ManifestLike} current
 * @param {Limits} [limits]
 * @returns {{ failures: Finding[], notes: string[] }}
 */
function compareManifests(baseline, current, limits = DEFAULT_LIMITS) {
  /** @type {Finding[]} */
  const failures = [];
  /** @type {string[]} */
  const notes = [];
  const maxGrowth = limits.maxGrowthPercent / 100;

  for (const variant of Object.keys(baseline.variants)) {
    if (current.variants[variant]) continue;
    failures.push({
      rule: 'missing-variant',
      variant,
      message:
        `${variant}: in manifest-baseline.json but not measured. Restore it in benchmarks/bench/src/manifest/variants.ts, ` +
        `or, if it was removed on purpose, record that with: ${UPDATE_COMMAND}`,
    });
  }

  const unexpected = Object.keys(current.variants).filter((variant) => !baseline.variants[variant]);
  for (const [variant, now] of Object.entries(current.variants)) {
    const before = baseline.variants[variant];
    if (!before) {
      failures.push({
        rule: 'unexpected-variant',
        variant,
        message:
          `${variant}: measured but not in manifest-baseline.json (${fmt(now.bpe)} BPE, ${now.toolCount} tools). ` +
          `Record the new variants with: ${recordCommand(unexpected)}`,
      });
      continue;
    }
    const change = describeNameChange(before.names, now.names);
    if (change) {
      failures.push({
        rule: 'names-changed',
        variant,
        message:
          `${variant}: tool names changed (${change}). Names are contracts for hosts, profiles and replay specs; ` +
          `if the change is intended, record it with: ${UPDATE_COMMAND}`,
      });
    }
    const ratio = growthRatio(before.bpe, now.bpe);
    if (ratio > maxGrowth) {
      failures.push({
        rule: 'growth',
        variant,
        message:
          `${variant}: tools/list grew from ${fmt(before.bpe)} to ${fmt(now.bpe)} BPE (${pct(ratio)}, limit +${limits.maxGrowthPercent}%). ` +
          `Either ${MOVE_DETAIL}, or accept the growth with: ${UPDATE_COMMAND}`,
      });
    } else if (ratio < -maxGrowth) {
      notes.push(
        `${variant} shrank from ${fmt(before.bpe)} to ${fmt(now.bpe)} BPE (${pct(ratio)}): update the baseline so the gate measures from the new size.`,
      );
    }
  }

  failures.push(...checkCeilings(current, limits));
  return { failures, notes };
}

module.exports = { compareManifests, checkCeilings, growthRatio, recordCommand, DEFAULT_LIMITS, UPDATE_COMMAND };
