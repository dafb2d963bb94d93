'use strict';
/** Plain-text output of the executor: one table row per variant, then the findings. */
const { growthRatio } = require('./compare.js');

const fmt = (/** @type {unknown} */ n) => (typeof n === 'number' ? n.toLocaleString('en-US') : '-');

/**
 * @param {unknown[]} cells
 * @param {number[]} widths
 */
function pad(cells, widths) {
  return cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ');
}

/**
 * @param {{ variants: Record<string, any> } | undefined} baseline
 * @param {{ variants: Record<string, any> }} current
 * @returns {string}
 */
function formatComparisonTable(baseline, current) {
  const names = [...new Set([...Object.keys(baseline?.variants ?? {}), ...Object.keys(current.variants)])].sort();
  const head = ['variant', 'tools', 'baseline BPE', 'current BPE', 'change', 'avg BPE/tool'];
  const rows = names.map((name) => {
    const before = baseline?.variants[name];
    const now = current.variants[name];
    const change = before && now ? `${(growthRatio(before.bpe, now.bpe) * 100).toFixed(1)}%` : before ? 'missing' : 'new';
    return [name, now?.toolCount ?? before?.toolCount, fmt(before?.bpe), fmt(now?.bpe), change, now ? now.averageBpe.toFixed(1) : '-'];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  return [pad(head, widths), ...rows.map((r) => pad(r, widths))].join('\n');
}

/** @param {import('./compare.js').Finding[]} failures */
function formatFailures(failures) {
  return failures.map((f) => `  ✗ ${f.message}`).join('\n');
}

module.exports = { formatComparisonTable, formatFailures };
