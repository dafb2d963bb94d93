import { ToolError, Type, defineElementTool, isToolError, unresponsiveAfter, within } from '@stagewright/sdk';
import { shapeAudit } from './audit-findings.js';
import { IMPACTS, auditInPage, type AuditRequest, type PageAudit } from './audit-in-page.js';
import type { AxeEngine } from './engine.js';

/** Bounds on one answer; `summary` always carries the true totals. */
export const AUDIT_LIMITS = { violations: 20, maxViolations: 100, nodes: 5, maxNodes: 50, selectorChars: 300 } as const;
/** axe-core on a large page takes seconds; a page stuck longer than this answers RENDERER_UNRESPONSIVE. */
const AUDIT_TIMEOUT_MS = 45_000;
/** Counting the target's matches is one quick read; a page that cannot answer it in this time is hung. */
const COUNT_TIMEOUT_MS = 5_000;

const cssSelectors = () => Type.Optional(Type.Array(Type.String({ maxLength: 500 }), { maxItems: 20 }));
/** axe-core rule ids (105 in axe 4.14), e.g. color-contrast. */
const ruleIds = () => Type.Optional(Type.Array(Type.String({ maxLength: 60 }), { maxItems: 50 }));

const AUDIT_INPUT = {
  include: cssSelectors(),
  exclude: cssSelectors(),
  tags: Type.Optional(Type.Array(Type.String({ maxLength: 40 }), { maxItems: 10 })),
  rules: ruleIds(),
  skipRules: ruleIds(),
  impact: Type.Optional(Type.Enum(IMPACTS)),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: AUDIT_LIMITS.maxViolations })),
  nodes: Type.Optional(Type.Integer({ minimum: 1, maximum: AUDIT_LIMITS.maxNodes })),
};

const AUDIT_DETAIL = {
  notes:
    'Runs axe-core (a fixed engine: no eval grant needed) on the active surface: the whole document, the ref/selector element, or the `include` CSS selectors, minus `exclude`. ' +
    "The engine is injected once per document under a private global and again after a reload or navigation; the page's own window.axe is left as it was. " +
    'Which rules run: `tags` (axe rule tags, all must be known: e.g. wcag2a, wcag2aa, wcag21aa, best-practice) or `rules` (only these rule ids, e.g. label, color-contrast), minus `skipRules`; an unknown id is refused. ' +
    `Returns { url, injected, summary: { violations, nodes, byImpact, incomplete, passes }, violations, incomplete, truncated }; each finding is { id, impact, help, helpUrl, nodes, targets }. ` +
    'incomplete lists what axe could not decide (check by hand, e.g. text over an image). ' +
    `Both lists keep findings at or above \`impact\` (default minor), most severe first, at most \`limit\` each (default ${AUDIT_LIMITS.violations}) with \`nodes\` selectors each (default ${AUDIT_LIMITS.nodes}); ` +
    'a finding axe did not rate has impact null, is kept at any threshold, listed last and counted as byImpact.unrated. ' +
    "summary counts all kept findings. targets are CSS selectors (frames joined by ' >> ', shadow roots by ' >>> '), never HTML.",
  values: { impact: IMPACTS },
  errors: ['a11y.ENGINE_UNAVAILABLE', 'a11y.PAGE_CHANGED', 'ELEMENT_NOT_FOUND'],
  example: { impact: 'serious', tags: ['wcag2a', 'wcag2aa'], skipRules: ['color-contrast'] },
};

export const auditTool = (engine: AxeEngine) =>
  defineElementTool({
    name: 'audit',
    title: 'Accessibility audit',
    description: 'Accessibility audit (axe-core) of the active page or one element.',
    kind: 'read',
    target: 'optional',
    input: AUDIT_INPUT,
    rules: [{ atMostOne: ['ref', 'include'] }, { atMostOne: ['selector', 'include'] }, { atMostOne: ['rules', 'tags'] }],
    detail: AUDIT_DETAIL,
    async handle(args, { session, locator }) {
      const surface = session.surfaceOrThrow();
      const rules = args.rules ?? [];
      const skipRules = args.skipRules ?? [];
      if (rules.length > 0 && rules.every((rule) => skipRules.includes(rule))) {
        throw new ToolError('BAD_ARGUMENT', 'skipRules leaves none of rules to run.', { details: { param: 'skipRules' } });
      }
      // An element audit waits for its element: count first, so a selector that matches nothing is
      // ELEMENT_NOT_FOUND now, not a page that seems hung after AUDIT_TIMEOUT_MS (issue 42 item 6).
      if (locator && (await within(locator.count(), COUNT_TIMEOUT_MS, unresponsiveAfter(COUNT_TIMEOUT_MS))) === 0) {
        throw new ToolError('ELEMENT_NOT_FOUND', 'No element matches the selector.', { details: { param: 'selector' } });
      }
      try {
        const injected = await engine.ensure(surface);
        const maxNodes = args.nodes ?? AUDIT_LIMITS.nodes;
        const request: AuditRequest = {
          key: engine.key,
          scoped: locator !== undefined,
          include: args.include ?? [],
          exclude: args.exclude ?? [],
          tags: args.tags ?? [],
          rules,
          skipRules,
          maxNodes,
          maxSelectorChars: AUDIT_LIMITS.selectorChars,
        };
        const target = locator ?? surface.locator(':root');
        const outcome = await within(
          target.evaluate(auditInPage, request, { timeout: AUDIT_TIMEOUT_MS }),
          AUDIT_TIMEOUT_MS,
          unresponsiveAfter(AUDIT_TIMEOUT_MS),
        );
        if ('problem' in outcome) throw problemError(outcome);
        const bounds = { minImpact: args.impact ?? 'minor', limit: args.limit ?? AUDIT_LIMITS.violations, maxNodes };
        return { url: surface.url(), injected, ...shapeAudit(outcome, bounds) };
      } catch (error) {
        if (!isToolError(error) && error instanceof Error && /context was destroyed|navigat|frame was detached/i.test(error.message)) {
          throw new ToolError('a11y.PAGE_CHANGED', 'The page navigated or reloaded during the audit.');
        }
        throw error;
      }
    },
  });

function problemError(outcome: Extract<PageAudit, { problem: string }>): ToolError {
  switch (outcome.problem) {
    case 'bad-selector':
      return new ToolError(
        'BAD_ARGUMENT',
        `"${outcome.selector}" is not a valid CSS selector (include/exclude take CSS, not Playwright selectors).`,
        {
          details: { param: 'include/exclude' },
        },
      );
    case 'empty-include':
      return new ToolError('ELEMENT_NOT_FOUND', `include selector "${outcome.selector}" matches nothing on the page.`, {
        details: { param: 'include' },
      });
    case 'unknown-tag':
      return new ToolError(
        'BAD_ARGUMENT',
        `No axe-core rule has the tag "${outcome.tag}" (tags are e.g. wcag2a, wcag2aa, wcag21aa, wcag22aa, best-practice, cat.color, cat.forms).`,
        { details: { param: 'tags' } },
      );
    case 'unknown-rule':
      return new ToolError(
        'BAD_ARGUMENT',
        `axe-core has no rule "${outcome.rule}" (rule ids are e.g. label, image-alt, color-contrast, button-name: the helpUrl of a finding; filter by tags for groups).`,
        { details: { param: 'rules/skipRules' } },
      );
    default:
      return new ToolError('a11y.ENGINE_UNAVAILABLE', `axe-core failed: ${outcome.message}`);
  }
}
