import type { VariantMeasurement } from './figures.js';

/** ADR-0037's rules for a listing: no tool over `maxToolBpe`, and at most `maxAverageBpe` per tool on average. */
export interface ListingBudget {
  readonly maxToolBpe: number;
  readonly maxAverageBpe: number;
}

/** The limits every listing is held to (ADR-0037): 200 BPE for any one tool, 160 on average. */
export const LISTING_BUDGET: ListingBudget = Object.freeze({ maxToolBpe: 200, maxAverageBpe: 160 });

export interface BudgetProblem {
  rule: 'tool-ceiling' | 'average-ceiling';
  /** The tool over the ceiling (tool-ceiling only). */
  tool?: string;
  bpe: number;
  limit: number;
  message: string;
}

/**
 * What breaks ADR-0037's rules in one measurement, largest tool first; empty when it is within
 * budget. The fix is always the same: move valid values, shapes and codes to the tool's `detail`
 * (served by stagewright://tools), or split the tool.
 */
export function budgetProblems(measurement: VariantMeasurement, budget: ListingBudget = LISTING_BUDGET): BudgetProblem[] {
  const over = measurement.perTool
    .filter((tool) => tool.bpe > budget.maxToolBpe)
    .sort((a, b) => b.bpe - a.bpe || a.name.localeCompare(b.name));
  const problems: BudgetProblem[] = over.map((tool) => ({
    rule: 'tool-ceiling',
    tool: tool.name,
    bpe: tool.bpe,
    limit: budget.maxToolBpe,
    message: `${tool.name}: ${tool.bpe} BPE, over the ${budget.maxToolBpe} BPE ceiling for one tool; move detail out of the description and schema into \`detail\`, or split the tool.`,
  }));
  if (measurement.toolCount > 0 && measurement.averageBpe > budget.maxAverageBpe) {
    problems.push({
      rule: 'average-ceiling',
      bpe: measurement.averageBpe,
      limit: budget.maxAverageBpe,
      message: `average ${measurement.averageBpe.toFixed(1)} BPE per tool over ${measurement.toolCount} tools, over the ${budget.maxAverageBpe} BPE average; trim the largest tools.`,
    });
  }
  return problems;
}
