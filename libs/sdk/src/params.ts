import Type from 'typebox';

/**
 * What the shared parameters mean, written once (ADR-0021): the stagewright://tools resource
 * (`parameters`) and the tool reference say it, and the server instructions teach the rules. The
 * listed schemas of `ref`, `selector` and `sessionId` carry no description: their names and the
 * instructions are what a model needs to call a tool, and these words would otherwise be paid
 * once per element tool in every conversation (ADR-0037).
 */
export const SHARED_PARAMETERS = {
  ref: 'A ref such as e12 from the latest electron_snapshot (or electron_find) of the active surface. Refs expire when the page changes.',
  selector: 'A Playwright selector (css=..., text=..., role=button[name="Save"]). Give exactly one of ref or selector.',
  sessionId: 'The id electron_launch/attach returned. May be omitted when exactly one session is live.',
  timeoutMs: 'Bound on a wait, expect or action; clamped to the schema maximum.',
} as const;

/**
 * The shared parameter schemas. Every tool that takes these uses exactly these, so models learn
 * one shape; their meaning is SHARED_PARAMETERS.
 */
export const Params = {
  sessionId: () => Type.Optional(Type.String({ maxLength: 64 })),
  ref: () => Type.Optional(Type.String({ maxLength: 32 })),
  selector: () => Type.Optional(Type.String({ maxLength: 1000 })),
  timeoutMs: (max = 60_000) => Type.Optional(Type.Integer({ minimum: 0, maximum: max })),
  /** The one read cursor (ADR-0015): see pageAfter. */
  cursor: () => Type.Optional(Type.Integer({ minimum: 0 })),
};

/** What every paged read says about its cursor (the detail resource). */
export const CURSOR_NOTE = 'Pass the returned cursor to get only newer ones (omitted or 0: from the oldest kept).';

/** One page of a seq-numbered buffer, and the cursor that reads what follows it. */
export interface CursorPage<T> {
  items: T[];
  /** The seq of the last item returned (none: the newer of the given cursor and `last`): pass it back as `cursor`. */
  cursor: number;
  /** More items wait past this page. */
  more: boolean;
  /** Items after the given cursor lost to overflow before this read. */
  missed: number;
}

/**
 * The reading of a `cursor` (Params.cursor): the items with a seq above it, at most `limit`, and
 * fewer when `size` is given and the page would pass `maxSize` (the first item always comes).
 * `kept` is in seq order, numbered from 1; `last` is the newest seq ever given (0: none).
 * Self-contained, so an in-app agent receives it as source (mainAgentBody): no outer names.
 */
export function pageAfter<T extends { seq: number }>(
  kept: readonly T[],
  cursor: number | undefined,
  limit: number,
  last: number,
  size?: (item: T) => number,
  maxSize = Number.POSITIVE_INFINITY,
): CursorPage<T> {
  const from = cursor ?? 0;
  const after = kept.filter((item) => item.seq > from);
  const items: T[] = [];
  let total = 0;
  for (const item of after) {
    if (items.length >= limit) break;
    total += size ? size(item) : 0;
    if (items.length > 0 && total > maxSize) break;
    items.push(item);
  }
  const oldest = kept[0]?.seq ?? last + 1;
  return {
    items,
    cursor: items.at(-1)?.seq ?? Math.max(from, last),
    more: after.length > items.length,
    missed: Math.max(0, oldest - from - 1),
  };
}

/** Default and ceiling for waits, expects and actions. */
export const TIMEOUTS = { defaultMs: 5_000, maxMs: 60_000 } as const;

export function clampTimeout(value: number | undefined, fallback: number = TIMEOUTS.defaultMs, max: number = TIMEOUTS.maxMs): number {
  if (value === undefined) return fallback;
  return Math.max(0, Math.min(value, max));
}

/**
 * Rules between optional parameters that a flat JSON Schema cannot state without `oneOf` (which
 * listed schemas avoid: every byte of tools/list is paid by every conversation). A definition
 * declares them; the kernel's validation boundary enforces them with one wording and the
 * `stagewright://tools` entry lists them. Handlers never re-check them.
 */
export type ArgumentRule =
  | { readonly exactlyOne: readonly string[] }
  | { readonly atLeastOne: readonly string[] }
  | { readonly atMostOne: readonly string[] }
  /** Matchers (contains, title, url filters...): "" would match everything, a vacuous success. */
  | { readonly nonEmpty: readonly string[] };

/** `a, b or c` */
function either(names: readonly string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

/** The parameters a rule is about. */
export function ruleParams(rule: ArgumentRule): readonly string[] {
  if ('nonEmpty' in rule) return rule.nonEmpty;
  return 'exactlyOne' in rule ? rule.exactlyOne : 'atLeastOne' in rule ? rule.atLeastOne : rule.atMostOne;
}

/** The rule in words, as the detail resource lists it: `exactly one of ref or selector`. */
export function describeRule(rule: ArgumentRule): string {
  const names = either(ruleParams(rule));
  if ('exactlyOne' in rule) return `exactly one of ${names}`;
  if ('atLeastOne' in rule) return `at least one of ${names}`;
  if ('nonEmpty' in rule) return `${names} not empty when given`;
  return `at most one of ${names}`;
}

/** Undefined when `args` keep the rule, else the sentence a BAD_ARGUMENT carries: `Pass exactly one of ref or selector.` */
export function ruleViolation(rule: ArgumentRule, args: Record<string, unknown>): string | undefined {
  if ('nonEmpty' in rule) {
    const empty = rule.nonEmpty.find((name) => args[name] === '');
    return empty === undefined
      ? undefined
      : `${empty} is empty, which would match anything; pass the text to match, or leave ${empty} out.`;
  }
  const given = ruleParams(rule).filter((name) => args[name] !== undefined).length;
  const kept = 'exactlyOne' in rule ? given === 1 : 'atLeastOne' in rule ? given >= 1 : given <= 1;
  return kept ? undefined : `Pass ${describeRule(rule)}.`;
}
