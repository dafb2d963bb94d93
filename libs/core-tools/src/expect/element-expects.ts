import { Params, Type, defineElementTool, type AnyToolDefinition, type ElementToolContext } from '@stagewright/sdk';
import { REGEX_NOTE } from '../shared/regex.js';
import { allHold, parseStateFlags, stateParam, STATE_FLAGS, STATE_NOTE } from '../shared/state-flags.js';
import { EXPECT_ERRORS, expectEventually, PATTERN_EXPECT_ERRORS, POLL_NOTE, probeAtMostOne, secretWatch } from './expectation.js';
import { COMPARISON_RULES, MAX_COMPARED_CHARS, comparisonInput, normalizeText, textPredicate, type TextArgs } from './text-predicate.js';

/**
 * The shared body of expect_text and expect_value: poll the one element's text (compared as a
 * reader sees it, whitespace collapsed on both sides) or value (exact; a multiple select's values
 * joined by ","), and mask both sides once the element is seen to be a secret field.
 */
async function expectCompared(ctx: ElementToolContext, args: TextArgs & { timeoutMs?: number }, what: 'text' | 'value') {
  const normalize = what === 'text';
  const predicate = textPredicate(args, { normalize });
  const secret = secretWatch(ctx);
  const want = normalize ? { text: true, maxText: MAX_COMPARED_CHARS } : { value: true };
  const compared = await expectEventually(
    ctx,
    async (remaining) => {
      const { item } = await probeAtMostOne(ctx, want, remaining);
      secret.see(item?.secret);
      const actual = normalize ? item?.text : Array.isArray(item?.value) ? item.value.join(',') : item?.value;
      if (typeof actual !== 'string') return { done: false, value: null };
      // The value shown is what was compared.
      return { done: await predicate.test(actual), value: normalize ? normalizeText(actual) : actual };
    },
    { timeoutMs: args.timeoutMs, expected: predicate.expected, what, secret: secret.seen },
  );
  return { [what]: secret.shown(compared) };
}

const expectText = defineElementTool({
  name: 'electron_expect_text',
  title: 'Expect text',
  description: "Retrying check that an element's text equals, contains or matches, until timeoutMs.",
  kind: 'assert',
  input: { ...comparisonInput(), not: Type.Optional(Type.Boolean()), timeoutMs: Params.timeoutMs() },
  rules: COMPARISON_RULES,
  detail: {
    notes: `not inverts the comparison. Text is innerText with whitespace collapsed on both sides. ${POLL_NOTE} ${REGEX_NOTE}`,
    errors: PATTERN_EXPECT_ERRORS,
    example: { ref: 'e5', contains: 'Saved' },
  },
  handle: (args, ctx) => expectCompared(ctx, args, 'text'),
});

const expectValue = defineElementTool({
  name: 'electron_expect_value',
  title: 'Expect value',
  description: "Retrying check of a field's value.",
  kind: 'assert',
  input: { ...comparisonInput(), timeoutMs: Params.timeoutMs() },
  rules: COMPARISON_RULES,
  detail: {
    notes: `Compared with the exact value (a multiple select's values joined by ","). ${POLL_NOTE} ${REGEX_NOTE}`,
    errors: [...PATTERN_EXPECT_ERRORS, 'ELEMENT_NOT_EDITABLE'],
    example: { selector: '#email', equals: 'a@b.c' },
  },
  handle: (args, ctx) => expectCompared(ctx, args, 'value'),
});

const expectVisible = defineElementTool({
  name: 'electron_expect_visible',
  title: 'Expect visible',
  description: 'Retrying check that an element is visible (or hidden).',
  kind: 'assert',
  target: 'absent-ok',
  absentOk: (args) => args.not === true,
  input: { not: Type.Optional(Type.Boolean()), timeoutMs: Params.timeoutMs() },
  detail: {
    notes: `not: true waits until it is hidden; a missing element counts as hidden. ${POLL_NOTE}`,
    errors: EXPECT_ERRORS,
    example: { selector: '.spinner', not: true },
  },
  async handle(args, ctx) {
    const wantVisible = args.not !== true;
    const visible = await expectEventually(
      ctx,
      async (remaining) => {
        const { count, item } = await probeAtMostOne(ctx, { state: true }, remaining);
        const actual = item?.state?.visible ?? false;
        return { done: actual === wantVisible, value: count === 0 ? null : actual };
      },
      { timeoutMs: args.timeoutMs, expected: { visible: wantVisible }, what: 'element' },
    );
    return { visible: visible ?? false };
  },
});

const expectState = defineElementTool({
  name: 'electron_expect_state',
  title: 'Expect state',
  description: 'Retrying check of element state flags.',
  kind: 'assert',
  target: 'absent-ok',
  absentOk: (args) => allHold(parseStateFlags(args.state), undefined),
  input: { state: stateParam(), timeoutMs: Params.timeoutMs() },
  detail: {
    values: { state: [...STATE_FLAGS] },
    notes: `${STATE_NOTE} Returns { state } with every flag read. ${POLL_NOTE}`,
    errors: EXPECT_ERRORS,
    example: { ref: 'e8', state: ['visible', 'enabled', '!checked'] },
  },
  async handle(args, ctx) {
    const checks = parseStateFlags(args.state);
    const state = await expectEventually(
      ctx,
      async (remaining) => {
        const actual = (await probeAtMostOne(ctx, { state: true }, remaining)).item?.state;
        return { done: allHold(checks, actual), value: actual ?? null };
      },
      { timeoutMs: args.timeoutMs, expected: { state: args.state }, what: 'state' },
    );
    return { state };
  },
});

/** Retrying checks of one element: its text, value, visibility and state. */
export const ELEMENT_EXPECT_TOOLS: readonly AnyToolDefinition[] = [expectText, expectValue, expectVisible, expectState];
