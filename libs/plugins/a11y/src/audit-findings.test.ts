// axe-core may leave a finding unrated (impact null: its typings allow it, and rules added with
// axe.configure need not name one). Such a finding must reach the agent as unrated, not vanish
// under an impact threshold nor pass for "minor"; and both lists stay bounded while the summary
// keeps the true totals. Built-in axe 4.14 rules all carry an impact, so no fixture page can
// produce this case: the shaping is pinned here, without a page.
import { describe, expect, it } from 'vitest';
import { shapeAudit } from './audit-findings.js';
import type { RawFinding } from './audit-in-page.js';

const finding = (id: string, impact: string | null, nodes = 1): RawFinding => ({
  id,
  impact,
  help: `help for ${id}`,
  helpUrl: `https://dequeuniversity.com/rules/axe/4.14/${id}`,
  nodes,
  targets: Array.from({ length: Math.min(nodes, 2) }, (_, index) => `#${id}-${index}`),
});

const page = {
  violations: [
    finding('region', 'moderate'),
    finding('custom-unrated', null, 3),
    finding('label', 'critical', 2),
    finding('list', 'minor'),
  ],
  incomplete: [finding('color-contrast', 'serious'), finding('unsure', null)],
  passes: 12,
};

describe('shapeAudit', () => {
  it('keeps unrated findings at any threshold, last, counted as unrated', () => {
    const answer = shapeAudit(page, { minImpact: 'serious', limit: 20, maxNodes: 2 });
    expect(answer.violations.map((found) => [found.id, found.impact])).toEqual([
      ['label', 'critical'],
      ['custom-unrated', null],
    ]);
    expect(answer.incomplete.map((found) => [found.id, found.impact])).toEqual([
      ['color-contrast', 'serious'],
      ['unsure', null],
    ]);
    expect(answer.summary).toEqual({ violations: 2, nodes: 5, byImpact: { critical: 1, unrated: 1 }, incomplete: 2, passes: 12 });
  });

  it('orders by severity and bounds each list, saying so', () => {
    const answer = shapeAudit(page, { minImpact: 'minor', limit: 2, maxNodes: 5 });
    expect(answer.violations.map((found) => found.id)).toEqual(['label', 'region']);
    expect(answer.incomplete.map((found) => found.id)).toEqual(['color-contrast', 'unsure']);
    expect(answer).toMatchObject({ truncated: true, summary: { violations: 4, nodes: 7 } });
    expect(answer.violations[0]).toEqual(finding('label', 'critical', 2));
  });

  it('says a list is cut when a finding has more nodes than selectors shown', () => {
    const answer = shapeAudit(
      { violations: [finding('label', 'critical', 3)], incomplete: [], passes: 0 },
      { minImpact: 'minor', limit: 5, maxNodes: 2 },
    );
    expect(answer.truncated).toBe(true);
    expect(
      shapeAudit(
        { violations: [finding('label', 'critical', 2)], incomplete: [], passes: 0 },
        { minImpact: 'minor', limit: 5, maxNodes: 2 },
      ).truncated,
    ).toBe(false);
  });
});
