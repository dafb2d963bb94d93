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
  /** Run only these rule ids (axe runOnly type rule). */
  rules: string[];
  /** Rule ids left out of the run. */
  skipRules: string[];
  maxNodes: number;
  maxSelectorChars: number;
}

/** One rule's result as axe-core gave it, reduced to data that may leave the page. */
export interface RawFinding {
  id: string;
  /** null when axe-core did not rate the rule's result. */
  impact: string | null;
  help: string;
  helpUrl: string;
  /** Every node the result covers (true count). */
  nodes: number;
  /** Selectors of the first `maxNodes` of them. */
  targets: string[];
}

export type PageAudit =
  | { violations: RawFinding[]; incomplete: RawFinding[]; passes: number }
  | {
      problem: 'bad-selector' | 'empty-include' | 'unknown-tag' | 'unknown-rule' | 'engine-error';
      selector?: string;
      tag?: string;
      rule?: string;
      message?: string;
    };

/**
 * Runs in the page (serialised by Playwright: it closes over nothing). Calls this plugin's
 * private axe-core, then keeps only rule ids, impacts, help text and link, counts and selectors:
 * no element HTML leaves the page. Filtering, ordering and bounds are applied in the server
 * (shapeAudit), on every finding of the run.
 */
export async function auditInPage(element: Element, request: AuditRequest): Promise<PageAudit> {
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
  // Incomplete results carry every node only when asked for; passes are only counted.
  const options: Record<string, unknown> = {
    resultTypes: ['violations', 'incomplete'],
    selectors: true,
    ancestry: false,
    xpath: false,
    elementRef: false,
  };
  // axe ignores options.rules under runOnly type rule, so skipped ids are taken out of the list here.
  const kept = request.rules.filter((rule) => !request.skipRules.includes(rule));
  if (request.rules.length > 0) options.runOnly = { type: 'rule', values: kept };
  else if (request.tags.length > 0) options.runOnly = { type: 'tag', values: request.tags };
  if (request.skipRules.length > 0) options.rules = Object.fromEntries(request.skipRules.map((rule) => [rule, { enabled: false }]));

  type Node = { target: (string | string[])[] };
  type Rule = { id: string; impact?: string | null; help: string; helpUrl?: string; nodes: Node[] };
  type Results = { violations: Rule[]; incomplete: Rule[]; passes: Rule[] };
  type Engine = {
    run(context: unknown, options: unknown): Promise<Results>;
    getRules(tags?: string[]): { ruleId: string }[];
  };
  const engine = (window as unknown as Record<string, Engine>)[request.key];
  // A tag or rule id axe does not know would run nothing and report a clean page.
  const unknownTag = request.tags.find((tag) => engine.getRules([tag]).length === 0);
  if (unknownTag !== undefined) return { problem: 'unknown-tag', tag: unknownTag };
  const known = new Set(engine.getRules().map((rule) => rule.ruleId));
  const unknownRule = [...request.rules, ...request.skipRules].find((rule) => !known.has(rule));
  if (unknownRule !== undefined) return { problem: 'unknown-rule', rule: unknownRule };
  let results: Results;
  try {
    results = await engine.run(context, options);
  } catch (error) {
    return { problem: 'engine-error', message: String((error as Error)?.message ?? error).slice(0, 300) };
  }

  // A target is a frame path; each step is a selector, or a shadow-DOM path of selectors.
  const selectorOf = (node: Node) =>
    node.target
      .map((step) => (Array.isArray(step) ? step.join(' >>> ') : step))
      .join(' >> ')
      .slice(0, request.maxSelectorChars);
  const finding = (rule: Rule): RawFinding => ({
    id: rule.id,
    impact: rule.impact ?? null,
    help: rule.help,
    helpUrl: rule.helpUrl ?? '',
    nodes: rule.nodes.length,
    targets: rule.nodes.slice(0, request.maxNodes).map(selectorOf),
  });
  return { violations: results.violations.map(finding), incomplete: results.incomplete.map(finding), passes: results.passes.length };
}
