import { SHARED_PARAMETERS, describeRule } from '@stagewright/sdk';
import type { ErrorCatalog } from '../errors/error-catalog.js';
import type { RegisteredTool } from '../tools/registry.js';
import { unlistedLimits } from '../tools/listed-schema.js';

export const TOOLS_RESOURCE_URI = 'stagewright://tools';
export const TOOL_RESOURCE_TEMPLATE = 'stagewright://tools/{name}';
export const ERRORS_RESOURCE_URI = 'stagewright://errors';

/** Codes any call can return, documented once instead of on every tool. */
export const COMMON_CODES = [
  'BAD_ARGUMENT',
  'UNKNOWN_TOOL',
  'TOOL_NOT_IN_PROFILE',
  'EVAL_NOT_ALLOWED',
  'OPERATION_TIMEOUT',
  'CANCELLED',
  'INTERNAL_ERROR',
] as const;

/**
 * Codes every tool that takes `sessionId` can return: the whole catalogue names them once and
 * leaves them out of those tools' entries (issue 42: about 3,000 characters of the `testing`
 * catalogue); a single tool's entry (stagewright://tools/{name}) still lists them.
 */
export const SESSION_CODES = ['NO_SESSION', 'SESSION_AMBIGUOUS', 'SESSION_NOT_FOUND', 'APP_EXITED'] as const;

export function toolResourceUri(name: string): string {
  return `${TOOLS_RESOURCE_URI}/${name}`;
}

/**
 * One tool's detail (ADR-0037), what tools/list does not carry: notes, accepted values, shapes, rules, limits, an example and the
 * codes it can return. Codes are named only; their meaning, retryability and hint are written
 * once, in the error catalogue.
 */
export function buildToolEntry({ name, def, origin }: RegisteredTool, catalog: ErrorCatalog): Record<string, unknown> {
  const plugin = origin.type === 'plugin' ? origin.plugin : undefined;
  const detail = def.detail ?? {};
  // Title and description are already in tools/list, which the model holds; not repeated here.
  const entry: Record<string, unknown> = { name, kind: def.kind };
  if (def.gate) entry.gate = def.gate;
  if (def.impersonates) entry.impersonates = def.impersonates;
  if (def.rules?.length) entry.rules = def.rules.map(describeRule);
  if (detail.notes) entry.notes = detail.notes;
  if (detail.values) entry.values = detail.values;
  if (detail.shapes) entry.shapes = detail.shapes;
  if (detail.errors?.length) entry.errors = detail.errors.map((code) => catalog.qualify(code, plugin));
  if (detail.example) entry.example = detail.example;
  const limits = unlistedLimits(def.input);
  if (Object.keys(limits).length) entry.limits = limits;
  return entry;
}

/** The whole catalogue, `stagewright://tools`: every listed tool's entry, errors by reference. */
export function buildToolsDocument(tools: readonly RegisteredTool[], catalog: ErrorCatalog): Record<string, unknown> {
  return {
    about: 'Per-tool reference for Stagewright. Validation is the authority: a rejected call names the accepted values.',
    oneTool: TOOL_RESOURCE_TEMPLATE,
    errorCatalogue: `${ERRORS_RESOURCE_URI}: meaning, retryable and hint of every code named below`,
    envelope: {
      success:
        '{ ok: true, ...payload, notices?, _meta: { estimated_tokens, elapsed_ms, blocks? } }; fields named in blocks follow as text blocks',
      error: '{ ok: false, code, error, hint?, next_actions (possibly empty), similar?, details?, retryable, _meta }',
    },
    parameters: {
      ...SHARED_PARAMETERS,
      limits: 'Size bounds are enforced but not listed in tools/list; each tool entry lists its own under limits.',
    },
    commonErrors: [...COMMON_CODES],
    sessionErrors: `${SESSION_CODES.join(', ')}: any tool that takes sessionId; not repeated below`,
    tools: tools.map((tool) => withoutSessionCodes(buildToolEntry(tool, catalog))),
  };
}

/** An entry for the whole catalogue: the session codes, named once at its top, left out. */
function withoutSessionCodes(entry: Record<string, unknown>): Record<string, unknown> {
  const errors = entry.errors as string[] | undefined;
  if (!errors) return entry;
  const rest = errors.filter((code) => !(SESSION_CODES as readonly string[]).includes(code));
  return Object.fromEntries(
    Object.entries(entry).flatMap(([key, value]) => (key !== 'errors' ? [[key, value]] : rest.length ? [[key, rest]] : [])),
  );
}

/** `stagewright://errors`: each code the listed tools can return, written once. */
export function buildErrorsDocument(tools: readonly RegisteredTool[], catalog: ErrorCatalog): Record<string, unknown> {
  const codes = new Set<string>(COMMON_CODES);
  for (const tool of tools) for (const code of (buildToolEntry(tool, catalog).errors as string[] | undefined) ?? []) codes.add(code);
  for (const code of [...codes]) for (const split of catalog.spec(code)?.alsoAnswered ?? []) codes.add(split);
  const entries: Record<string, unknown> = {};
  for (const code of [...codes].sort()) {
    const spec = catalog.spec(code);
    const meaning = spec?.meaning;
    entries[code] = {
      ...(meaning ? { meaning } : {}),
      retryable: spec?.retryable ?? false,
      ...(spec ? { hint: spec.hint } : {}),
      ...(spec?.alsoAnswered ? { also: spec.alsoAnswered } : {}),
    };
  }
  return {
    about:
      'Error codes of the listed tools. retryable: the same call may succeed unchanged after a wait. hint: what to do next. also: codes split from this one that a tool listing it may answer.',
    codes: entries,
  };
}
