import { Params, ToolError, Type, defineElementTool, defineTool } from '@stagewright/sdk';
import { probe, probeOne } from '../read/probe.js';
import { regexParam, REGEX_NOTE } from '../shared/regex.js';
import { SESSION_ERRORS } from '../shared/session-errors.js';
import { TARGET_ERRORS, probeTarget, resolveTarget, targetProps } from '../read/target.js';
import { echo, expectEventually, expectationFailed } from './expectation.js';
import { textPredicate } from './text-predicate.js';

const POLL_NOTE = 'Re-checks on the server until it holds or timeoutMs (default 5000, max 60000) passes; failure is EXPECTATION_FAILED with expected and actual.';
const count = () => Type.Optional(Type.Integer({ minimum: 0 }));

export const expectCountTool = defineTool({
  name: 'electron_expect_count',
  title: 'Expect count',
  description: 'Retrying check of how many elements match.',
  kind: 'assert',
  input: Type.Object({ ...targetProps(), equals: count(), min: count(), max: count(), timeoutMs: Params.timeoutMs() }, { additionalProperties: false }),
  detail: {
    notes: `Pass equals, or min and/or max (inclusive). Returns { count }. ${POLL_NOTE}`,
    errors: [...SESSION_ERRORS, 'WINDOW_NOT_FOUND', 'REF_NOT_FOUND', 'RENDERER_UNRESPONSIVE', 'EXPECTATION_FAILED'],
    example: { selector: 'li.todo', equals: 3 },
  },
  async handle(args, ctx) {
    const { equals, min, max } = args;
    if (equals === undefined && min === undefined && max === undefined) {
      throw new ToolError('BAD_ARGUMENT', 'Pass equals, min or max.', { details: { accepted: ['equals', 'min', 'max'] } });
    }
    if (equals !== undefined && (min !== undefined || max !== undefined)) {
      throw new ToolError('BAD_ARGUMENT', 'Pass equals alone, or min and/or max.', { details: { accepted: ['equals', 'min', 'max'] } });
    }
    if (min !== undefined && max !== undefined && min > max) {
      throw new ToolError('BAD_ARGUMENT', `min (${min}) is greater than max (${max}).`, { details: { param: 'min' } });
    }
    const holds = (n: number) => (equals === undefined || n === equals) && (min === undefined || n >= min) && (max === undefined || n <= max);
    const target = await resolveTarget(ctx, args, holds(0));
    const expected = Object.fromEntries(Object.entries({ equals, min, max }).filter(([, v]) => v !== undefined));
    const actual = await expectEventually(async (remaining) => {
      const found = await probe(target, { limit: 0 }, remaining);
      return { done: holds(found.count), value: found.count };
    }, { timeoutMs: args.timeoutMs, signal: ctx.signal, expected, what: 'count' });
    return { count: actual };
  },
});

export const expectUrlTool = defineTool({
  name: 'electron_expect_url',
  title: 'Expect URL',
  description: 'Retrying check of the page URL.',
  kind: 'assert',
  input: Type.Object(
    { equals: Type.Optional(Type.String({ maxLength: 2000 })), contains: Type.Optional(Type.String({ maxLength: 2000 })), matches: regexParam(), sessionId: Params.sessionId(), timeoutMs: Params.timeoutMs() },
    { additionalProperties: false },
  ),
  detail: {
    notes: `Exactly one of equals, contains, matches, against the URL of the active window or surface. Returns { url }. ${POLL_NOTE} ${REGEX_NOTE}`,
    errors: [...SESSION_ERRORS, 'WINDOW_NOT_FOUND', 'EXPECTATION_FAILED', 'UNSAFE_REGEX'],
    example: { contains: '#/settings' },
  },
  async handle(args, ctx) {
    const predicate = textPredicate(args, { normalize: false });
    const session = ctx.sessionOrThrow(args.sessionId);
    const url = await expectEventually(async () => {
      const actual = session.surface().url();
      return { done: await predicate.test(actual), value: actual };
    }, { timeoutMs: args.timeoutMs, signal: ctx.signal, expected: predicate.expected, what: 'URL' });
    return { url };
  },
});

export const assertPatternTool = defineElementTool({
  name: 'electron_assert_pattern',
  title: 'Assert pattern',
  description: 'One-shot check of an element\'s text or attribute.',
  kind: 'assert',
  input: {
    attribute: Type.Optional(Type.String({ maxLength: 100 })),
    equals: Type.Optional(Type.String({ maxLength: 2000 })),
    contains: Type.Optional(Type.String({ maxLength: 2000 })),
    matches: regexParam(),
  },
  detail: {
    notes: `Exactly one of equals, contains, matches, against the text (whitespace collapsed) or, with attribute, that attribute's exact value. No polling: use the electron_expect_* tools to wait. Failure is EXPECTATION_FAILED with expected and actual. ${REGEX_NOTE}`,
    errors: [...TARGET_ERRORS, 'EXPECTATION_FAILED', 'UNSAFE_REGEX'],
    example: { ref: 'e6', attribute: 'href', matches: '^https://' },
  },
  async handle(args, ctx) {
    const predicate = textPredicate(args, { normalize: args.attribute === undefined });
    const facts = await probeOne(probeTarget(ctx, args), args.attribute === undefined ? { text: true, maxText: 20_000 } : { attribute: args.attribute });
    const actual = args.attribute === undefined ? facts.text ?? '' : facts.attribute ?? null;
    const what = args.attribute === undefined ? 'text' : `attribute ${args.attribute}`;
    if (actual === null || !(await predicate.test(actual))) throw expectationFailed(what, predicate.expected, actual, undefined, 'attribute absent');
    return { actual: echo(actual) };
  },
});
