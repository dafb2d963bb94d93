/** Impact levels from least to most severe, as axe-core reports them. */
export const IMPACTS = ['minor', 'moderate', 'serious', 'critical'] as const;
export type Impact = (typeof IMPACTS)[number];

/** What the tool asks of the page; everything the page function needs travels in here. */
export interface AuditRequest {
  key: string;
  /** Audit the element the call targeted (true) or the whole document. */
  scoped: boolean;
  include: string[];
  exclude: string[];
  tags: string[];
  minImpact: Impact;
  maxViolations: number;
  maxNodes: number;
  maxSelectorChars: number;
}

export interface AuditViolation {
  id: string;
  impact: string;
  help: string;
  /** Every node that fails the rule (true count). */
  nodes: number;
  /** Selectors of the first `maxNodes` of them. */
  targets: string[];
}

export type AuditOutcome =
  | {
      summary: { violations: number; nodes: number; byImpact: Record<string, number>; incomplete: number; passes: number };
      violations: AuditViolation[];
      truncated: boolean;
    }
  | { problem: 'bad-selector' | 'empty-include' | 'unknown-tag' | 'engine-error'; selector?: string; tag?: string; message?: string };

/**
 * Runs in the page (serialised by Playwright: it closes over nothing). Calls this plugin's
 * private axe-core, then keeps only rule ids, impacts, help text, counts and selectors: no
 * element HTML leaves the page. Totals are counted before the lists are cut.
 */
export async function auditInPage(element: Element, request: AuditRequest): Promise<AuditOutcome> {
  for (const selector of [...request.include, ...request.exclude]) {
    try {
      document.querySelectorAll(selector);
    } catch {
      return { problem: 'bad-selector', selector };
    }
  }
  const empty = request.include.find((selector) => document.querySelectorAll(selector).length === 0);
  if (empty !== undefined) return { problem: 'empty-include', selector: empty };

  const include: unknown[] = request.scoped ? [element] : request.include.map((selector) => [selector]);
  const context =
    include.length === 0 && request.exclude.length === 0
      ? document
      : { include: include.length > 0 ? include : [document], exclude: request.exclude.map((selector) => [selector]) };
  const options: Record<string, unknown> = {
    resultTypes: ['violations'],
    selectors: true,
    ancestry: false,
    xpath: false,
    elementRef: false,
  };
  if (request.tags.length > 0) options.runOnly = { type: 'tag', values: request.tags };

  type Node = { target: (string | string[])[] };
  type Rule = { id: string; impact?: string | null; help: string; nodes: Node[] };
  type Results = { violations: Rule[]; incomplete: Rule[]; passes: Rule[] };
  type Engine = {
    run(context: unknown, options: unknown): Promise<Results>;
    getRules(tags: string[]): unknown[];
  };
  const engine = (window as unknown as Record<string, Engine>)[request.key];
  // A tag no rule carries would run nothing and report a clean page.
  const unknownTag = request.tags.find((tag) => engine.getRules([tag]).length === 0);
  if (unknownTag !== undefined) return { problem: 'unknown-tag', tag: unknownTag };
  let results: Results;
  try {
    results = await engine.run(context, options);
  } catch (error) {
    return { problem: 'engine-error', message: String((error as Error)?.message ?? error).slice(0, 300) };
  }

  const ranks = ['minor', 'moderate', 'serious', 'critical'];
  const rank = (impact: string | null | undefined) => ranks.indexOf(impact ?? 'minor');
  const matching = results.violations
    .filter((rule) => rank(rule.impact) >= ranks.indexOf(request.minImpact))
    .sort((a, b) => rank(b.impact) - rank(a.impact) || b.nodes.length - a.nodes.length || a.id.localeCompare(b.id));
  const byImpact: Record<string, number> = {};
  for (const rule of matching) byImpact[rule.impact ?? 'minor'] = (byImpact[rule.impact ?? 'minor'] ?? 0) + 1;
  // A target is a frame path; each step is a selector, or a shadow-DOM path of selectors.
  const selectorOf = (node: Node) =>
    node.target
      .map((step) => (Array.isArray(step) ? step.join(' >>> ') : step))
      .join(' >> ')
      .slice(0, request.maxSelectorChars);
  const shown = matching.slice(0, request.maxViolations);
  return {
    summary: {
      violations: matching.length,
      nodes: matching.reduce((sum, rule) => sum + rule.nodes.length, 0),
      byImpact,
      incomplete: results.incomplete.length,
      passes: results.passes.length,
    },
    violations: shown.map((rule) => ({
      id: rule.id,
      impact: rule.impact ?? 'minor',
      help: rule.help,
      nodes: rule.nodes.length,
      targets: rule.nodes.slice(0, request.maxNodes).map(selectorOf),
    })),
    truncated: matching.length > shown.length || shown.some((rule) => rule.nodes.length > request.maxNodes),
  };
}
