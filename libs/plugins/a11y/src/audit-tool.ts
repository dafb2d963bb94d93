import { ToolError, Type, defineElementTool, isToolError, unresponsiveAfter, within } from '@stagewright/sdk';
import { IMPACTS, auditInPage, type AuditRequest } from './audit-in-page.js';
import type { AxeEngine } from './engine.js';

/** Bounds on one answer; `summary` always carries the true totals. */
export const AUDIT_LIMITS = { violations: 20, maxViolations: 100, nodes: 5, maxNodes: 50, selectorChars: 300 } as const;
/** axe-core on a large page takes seconds; a page stuck longer than this answers RENDERER_UNRESPONSIVE. */
const AUDIT_TIMEOUT_MS = 45_000;

const cssSelectors = () => Type.Optional(Type.Array(Type.String({ maxLength: 500 }), { maxItems: 20 }));

export const auditTool = (engine: AxeEngine) =>
  defineElementTool({
    name: 'audit',
    title: 'Accessibility audit',
    description: 'Accessibility audit (axe-core) of the active page or one element.',
    kind: 'read',
    target: 'optional',
    input: {
      include: cssSelectors(),
      exclude: cssSelectors(),
      tags: Type.Optional(Type.Array(Type.String({ maxLength: 40 }), { maxItems: 10 })),
      impact: Type.Optional(Type.Enum(IMPACTS)),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: AUDIT_LIMITS.maxViolations })),
      nodes: Type.Optional(Type.Integer({ minimum: 1, maximum: AUDIT_LIMITS.maxNodes })),
    },
    rules: [{ atMostOne: ['ref', 'include'] }, { atMostOne: ['selector', 'include'] }],
    detail: {
      notes:
        'Runs axe-core (a fixed engine: no eval grant needed) on the active surface: the whole document, the ref/selector element, or the `include` CSS selectors, minus `exclude`. ' +
        "The engine is injected once per document under a private global and again after a reload or navigation; the page's own window.axe is left as it was. " +
        `Returns { url, injected, summary: { violations, nodes, byImpact, incomplete, passes }, violations: [{ id, impact, help, nodes, targets }], truncated }: ` +
        `violations at or above \`impact\` (default minor), most severe first, at most \`limit\` (default ${AUDIT_LIMITS.violations}) with \`nodes\` selectors each (default ${AUDIT_LIMITS.nodes}); ` +
        "summary counts all of them. targets are CSS selectors (frames joined by ' >> ', shadow roots by ' >>> '), never HTML. tags (axe rule tags, all must be known): e.g. wcag2a, wcag2aa, wcag21aa, best-practice.",
      values: { impact: IMPACTS },
      errors: ['a11y.ENGINE_UNAVAILABLE', 'a11y.PAGE_CHANGED', 'ELEMENT_NOT_FOUND'],
      example: { impact: 'serious', tags: ['wcag2a', 'wcag2aa'] },
    },
    async handle(args, { session, locator }) {
      const surface = session.surfaceOrThrow();
      try {
        const injected = await engine.ensure(surface);
        const request: AuditRequest = {
          key: engine.key,
          scoped: locator !== undefined,
          include: args.include ?? [],
          exclude: args.exclude ?? [],
          tags: args.tags ?? [],
          minImpact: args.impact ?? 'minor',
          maxViolations: args.limit ?? AUDIT_LIMITS.violations,
          maxNodes: args.nodes ?? AUDIT_LIMITS.nodes,
          maxSelectorChars: AUDIT_LIMITS.selectorChars,
        };
        const target = locator ?? surface.locator(':root');
        const outcome = await within(
          target.evaluate(auditInPage, request, { timeout: AUDIT_TIMEOUT_MS }),
          AUDIT_TIMEOUT_MS,
          unresponsiveAfter(AUDIT_TIMEOUT_MS),
        );
        if ('problem' in outcome) throw problemError(outcome);
        return { url: surface.url(), injected, ...outcome };
      } catch (error) {
        if (!isToolError(error) && error instanceof Error && /context was destroyed|navigat|frame was detached/i.test(error.message)) {
          throw new ToolError('a11y.PAGE_CHANGED', 'The page navigated or reloaded during the audit.');
        }
        throw error;
      }
    },
  });

function problemError(outcome: { problem: string; selector?: string; tag?: string; message?: string }): ToolError {
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
      return new ToolError('BAD_ARGUMENT', `No axe-core rule has the tag "${outcome.tag}".`, {
        hint: 'Use axe tags such as wcag2a, wcag2aa, wcag21aa, wcag22aa, best-practice, cat.color, cat.forms.',
        details: { param: 'tags' },
      });
    default:
      return new ToolError('a11y.ENGINE_UNAVAILABLE', `axe-core failed: ${outcome.message}`);
  }
}
