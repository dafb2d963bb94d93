import { ToolError, Type, ruleViolation, type ArgumentRule } from '@stagewright/sdk';
import { parseUserRegex, regexParam, type UserRegex } from '../shared/regex.js';

export interface TextArgs {
  equals?: string;
  contains?: string;
  matches?: string;
  not?: boolean;
}

/** A text comparison built once from the arguments, applied to every polled value. */
export interface TextPredicate {
  /** What was asked, echoed in EXPECTATION_FAILED details. */
  expected: Record<string, unknown>;
  test(actual: string): Promise<boolean>;
}

/** The comparison parameters of every text and URL expectation. */
export const COMPARISON_RULE: ArgumentRule = { exactlyOne: ['equals', 'contains', 'matches'] };
/** `contains: ""` passes on any text and `matches: ""` on any value; `equals: ""` means empty and stays. */
export const MATCHER_RULE: ArgumentRule = { nonEmpty: ['contains', 'matches'] };

/** Longest text an expect compares, and so reads from the page. */
export const MAX_COMPARED_CHARS = 20_000;

/** The comparison parameters of every text and URL expectation, with COMPARISON_RULES. */
export const comparisonInput = () => ({
  equals: Type.Optional(Type.String({ maxLength: 2000 })),
  contains: Type.Optional(Type.String({ maxLength: 2000 })),
  matches: regexParam(),
});
export const COMPARISON_RULES: readonly ArgumentRule[] = [COMPARISON_RULE, MATCHER_RULE];

/** Collapse runs of whitespace and trim, as a reader sees the text. */
export function normalizeText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * Exactly one of equals / contains / matches, optionally negated with `not`. With `normalize`
 * (element text), both sides have their whitespace collapsed before comparing; patterns see the
 * collapsed text too.
 */
export function textPredicate(args: TextArgs, options: { normalize: boolean }): TextPredicate {
  // Tools declare COMPARISON_RULE, so the kernel refuses such calls first; this guards direct use.
  const violation = ruleViolation(COMPARISON_RULE, { ...args });
  if (violation) throw new ToolError('BAD_ARGUMENT', violation, { details: { accepted: ['equals', 'contains', 'matches'] } });
  const key = (['equals', 'contains', 'matches'] as const).find((name) => args[name] !== undefined)!;
  const norm = options.normalize ? normalizeText : (s: string) => s;
  const negate = args.not === true;
  const expected: Record<string, unknown> = { [key]: args[key] };
  if (negate) expected.not = true;
  let compare: (actual: string) => Promise<boolean>;
  if (key === 'matches') {
    const regex: UserRegex = parseUserRegex(args.matches!, 'matches');
    compare = (actual) => regex.test(actual);
  } else if (key === 'equals') {
    const want = norm(args.equals!);
    compare = async (actual) => actual === want;
  } else {
    const want = norm(args.contains!);
    compare = async (actual) => actual.includes(want);
  }
  return {
    expected,
    test: async (actual) => (await compare(norm(actual))) !== negate,
  };
}
