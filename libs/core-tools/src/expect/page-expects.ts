import { Params, ToolError, Type, defineElementTool, defineSessionTool, type AnyToolDefinition } from '@stagewright/sdk';
import { probe, probeOne } from '../shared/probe.js';
import { REGEX_NOTE } from '../shared/regex.js';
import { echo, expectEventually, expectationFailed, PATTERN_EXPECT_ERRORS, POLL_NOTE } from './expectation.js';
import { COMPARISON_RULES, MAX_COMPARED_CHARS, comparisonInput, textPredicate } from './text-predicate.js';

const count = () => Type.Optional(Type.Integer({ minimum: 0 }));

/** Whether `n` matches keep the bounds of an expect_count call. */
function holds(bounds: { equals?: number; min?: number; max?: number }, n: number): boolean {
  const { equals, min, max } = bounds;
  return (equals === undefined || n === equals) && (min === undefined || n >= min) && (max === undefined || n <= max);
}

const expectCount = defineElementTool({
  name: 'electron_expect_count',
  title: 'Expect count',
  description: 'Retrying check that the number of selector matches equals a count or lies within min/max.',
  kind: 'assert',
  target: 'absent-ok',
  absentOk: (args) => holds(args, 0),
  input: { equals: count(), min: count(), max: count(), timeoutMs: Params.timeoutMs() },
  rules: [{ atLeastOne: ['equals', 'min', 'max'] }, { atMostOne: ['equals', 'min'] }, { atMostOne: ['equals', 'max'] }],
  detail: {
    notes: `equals, or min and/or max (inclusive). Returns { count }. ${POLL_NOTE}`,
    errors: ['EXPECTATION_FAILED'],
    example: { selector: 'li.todo', equals: 3 },
  },
  async handle(args, ctx) {
    const { equals, min, max } = args;
    if (min !== undefined && max !== undefined && min > max) {
      throw new ToolError('BAD_ARGUMENT', `min (${min}) is greater than max (${max}).`, { details: { param: 'min' } });
    }
    const expected = Object.fromEntries(Object.entries({ equals, min, max }).filter(([, v]) => v !== undefined));
    const actual = await expectEventually(
      ctx,
      async (remaining) => {
        const found = await probe(ctx, { limit: 0 }, remaining);
        return { done: holds(args, found.count), value: found.count };
      },
      { timeoutMs: args.timeoutMs, expected, what: 'count' },
    );
    return { count: actual };
  },
});

const expectUrl = defineSessionTool({
  name: 'electron_expect_url',
  title: 'Expect URL',
  description: 'Retrying check of the page URL.',
  kind: 'assert',
  input: { ...comparisonInput(), timeoutMs: Params.timeoutMs() },
  rules: COMPARISON_RULES,
  detail: {
    notes: `Compared with the URL of the active window or surface. Returns { url }. ${POLL_NOTE} ${REGEX_NOTE}`,
    errors: ['WINDOW_NOT_FOUND', 'EXPECTATION_FAILED', 'UNSAFE_REGEX'],
    example: { contains: '#/settings' },
  },
  async handle(args, ctx) {
    const predicate = textPredicate(args, { normalize: false });
    const url = await expectEventually(
      ctx,
      async () => {
        const actual = ctx.session.surfaceOrThrow().url();
        return { done: await predicate.test(actual), value: actual };
      },
      { timeoutMs: args.timeoutMs, expected: predicate.expected, what: 'URL' },
    );
    return { url };
  },
});

const assertPattern = defineElementTool({
  name: 'electron_assert_pattern',
  title: 'Assert pattern',
  description: "Check once, no retry, an element's text or an attribute's value; to wait: electron_expect_text.",
  kind: 'assert',
  input: { attribute: Type.Optional(Type.String({ maxLength: 100 })), ...comparisonInput() },
  rules: COMPARISON_RULES,
  detail: {
    notes: `Compared with the text (whitespace collapsed) or, with attribute, that attribute's exact value. No polling: use the electron_expect_* tools to wait. Failure is EXPECTATION_FAILED with expected and actual. ${REGEX_NOTE}`,
    errors: PATTERN_EXPECT_ERRORS,
    example: { ref: 'e6', attribute: 'href', matches: '^https://' },
  },
  async handle(args, ctx) {
    const predicate = textPredicate(args, { normalize: args.attribute === undefined });
    const facts = await probeOne(
      ctx,
      args.attribute === undefined ? { text: true, maxText: MAX_COMPARED_CHARS } : { attribute: args.attribute },
    );
    const actual = args.attribute === undefined ? (facts.text ?? '') : (facts.attribute ?? null);
    const what = args.attribute === undefined ? 'text' : `attribute ${args.attribute}`;
    if (actual === null || !(await predicate.test(actual)))
      throw expectationFailed(what, predicate.expected, actual, undefined, 'attribute absent');
    return { actual: echo(actual) };
  },
});

/** Checks of the page as a whole: how many elements match, the URL, and the one-shot assert_pattern. */
export const PAGE_EXPECT_TOOLS: readonly AnyToolDefinition[] = [expectCount, expectUrl, assertPattern];
