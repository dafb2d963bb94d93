import { describeRule } from '@stagewright/sdk';
import type { ErrorCatalog } from './error-catalog.js';
import type { RegisteredTool } from './registry.js';
import { unlistedLimits } from './listed-schema.js';

export const TOOLS_RESOURCE_URI = 'stagewright://tools';

/** Codes any call can return, documented once instead of on every tool. */
const COMMON_CODES = [
  'BAD_ARGUMENT',
  'UNKNOWN_TOOL',
  'TOOL_NOT_IN_PROFILE',
  'EVAL_NOT_ALLOWED',
  'OPERATION_TIMEOUT',
  'CANCELLED',
  'INTERNAL_ERROR',
] as const;

function describeCode(code: string, catalog: ErrorCatalog) {
  const spec = catalog.spec(code);
  return spec ? { code, retryable: spec.retryable, hint: spec.hint } : { code };
}

/**
 * The `stagewright://tools` document (ADR-0050): what a model needs only after choosing a tool
 * (notes, accepted values, shapes, the error codes with their hints, an example), built from the
 * definitions of the listed tools so it cannot drift from them.
 */
export function buildToolsDocument(tools: readonly RegisteredTool[], catalog: ErrorCatalog): Record<string, unknown> {
  return {
    about: 'Per-tool reference for Stagewright. Validation is the authority: a rejected call names the accepted values.',
    envelope: {
      success: '{ ok: true, ...payload, notices?, _meta: { estimated_tokens, elapsed_ms } }',
      error: '{ ok: false, code, error, hint?, next_actions (possibly empty), similar?, details?, retryable, _meta }',
    },
    parameters: {
      ref: 'A ref such as e12 from the latest electron_snapshot (or electron_find) of the active surface. Refs expire when the page changes.',
      selector:
        'A Playwright selector (css=..., text=..., role=button[name="Save"], internal:label=...). Element tools take exactly one of ref or selector.',
      sessionId: 'The id electron_launch/attach returned. May be omitted when exactly one session is live.',
      timeoutMs: 'How long a wait, expect or action may take; clamped to the maximum in the schema.',
      limits:
        'Size bounds (maxLength, maxItems, maxProperties) are enforced but not listed in tools/list; each tool entry lists its own under limits.',
    },
    commonErrors: COMMON_CODES.map((code) => describeCode(code, catalog)),
    tools: tools.map(({ name, def, origin }) => {
      const plugin = origin.type === 'plugin' ? origin.plugin : undefined;
      const detail = def.detail ?? {};
      const entry: Record<string, unknown> = { name, title: def.title, kind: def.kind, description: def.description };
      if (def.gate) entry.gate = def.gate;
      if (def.rules?.length) entry.rules = def.rules.map(describeRule);
      if (detail.notes) entry.notes = detail.notes;
      if (detail.values) entry.values = detail.values;
      if (detail.shapes) entry.shapes = detail.shapes;
      if (detail.errors?.length) entry.errors = detail.errors.map((code) => describeCode(catalog.qualify(code, plugin), catalog));
      if (detail.example) entry.example = detail.example;
      const limits = unlistedLimits(def.input);
      if (Object.keys(limits).length) entry.limits = limits;
      return entry;
    }),
  };
}
