import { IMPACTS, type Impact, type RawFinding } from './audit-in-page.js';

/** A finding as the agent gets it: impact null when axe-core gave the result no rating. */
export type Finding = RawFinding;

export interface AuditAnswer {
  summary: { violations: number; nodes: number; byImpact: Record<string, number>; incomplete: number; passes: number };
  violations: Finding[];
  incomplete: Finding[];
  truncated: boolean;
}

/** The byImpact key of findings axe-core did not rate. */
export const UNRATED = 'unrated';

/** Severity rank, most severe highest; an unrated finding sorts after every rated one. */
const rank = (impact: string | null) => (impact === null ? -1 : IMPACTS.indexOf(impact as Impact));

/**
 * Which findings the agent sees and in what order. An `impact` threshold drops only findings rated
 * below it: one axe-core did not rate (impact null) is kept at any threshold, listed after the
 * rated ones and counted under byImpact.unrated, never relabelled. Most severe first, then most
 * nodes, then rule id; at most `limit` of each list. The summary counts every kept finding.
 */
export function shapeAudit(
  page: { violations: RawFinding[]; incomplete: RawFinding[]; passes: number },
  bounds: { minImpact: Impact; limit: number; maxNodes: number },
): AuditAnswer {
  const keep = (findings: RawFinding[]) =>
    findings
      .filter((finding) => finding.impact === null || rank(finding.impact) >= rank(bounds.minImpact))
      .sort((a, b) => rank(b.impact) - rank(a.impact) || b.nodes - a.nodes || a.id.localeCompare(b.id));
  const violations = keep(page.violations);
  const incomplete = keep(page.incomplete);
  const byImpact: Record<string, number> = {};
  for (const finding of violations) {
    const key = finding.impact ?? UNRATED;
    byImpact[key] = (byImpact[key] ?? 0) + 1;
  }
  const shownViolations = violations.slice(0, bounds.limit);
  const shownIncomplete = incomplete.slice(0, bounds.limit);
  const cut = (all: RawFinding[], shown: RawFinding[]) =>
    all.length > shown.length || shown.some((finding) => finding.nodes > bounds.maxNodes);
  return {
    summary: {
      violations: violations.length,
      nodes: violations.reduce((sum, finding) => sum + finding.nodes, 0),
      byImpact,
      incomplete: incomplete.length,
      passes: page.passes,
    },
    violations: shownViolations,
    incomplete: shownIncomplete,
    truncated: cut(violations, shownViolations) || cut(incomplete, shownIncomplete),
  };
}
