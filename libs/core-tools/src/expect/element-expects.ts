import { Params, Type, defineElementTool, type AnyToolDefinition } from '@stagewright/sdk';
import { REGEX_NOTE } from '../shared/regex.js';
import { allHold, parseStateFlags, stateParam, STATE_FLAGS, STATE_NOTE } from '../shared/state-flags.js';
import { EXPECT_ERRORS, expectEventually, PATTERN_EXPECT_ERRORS, POLL_NOTE, probeAtMostOne, secretWatch } from './expectation.js';
import { COMPARISON_RULES, MAX_COMPARED_CHARS, comparisonInput, normalizeText, textPredicate } from './text-predicate.js';

const expectText = defineElementTool({
  name: 'electron_expect_text',
  title: 'Expect text',
  description: "Retrying check of an element's text.",
  kind: 'assert',
  input: { ...comparisonInput(), not: Type.Optional(Type.Boolean()), timeoutMs: Params.timeoutMs() },
  rules: COMPARISON_RULES,
  detail: {
    notes: `not inverts the comparison. Text is innerText with whitespace collapsed on both sides. ${POLL_NOTE} ${REGEX_NOTE}`,
    errors: PATTERN_EXPECT_ERRORS,
    example: { ref: 'e5', contains: 'Saved' },
  },
  async handle(args, ctx) {
    const predicate = textPredicate(args, { normalize: true });
    const secret = secretWatch(ctx);
    const text = await expectEventually(
      ctx,
      async (remaining) => {
        const { item } = await probeAtMostOne(ctx, { text: true, maxText: MAX_COMPARED_CHARS }, remaining);
        secret.see(item?.secret);
        const actual = item?.text;
        // The value shown is what was compared: whitespace collapsed, as a reader sees it.
        return { done: actual !== undefined && (await predicate.test(actual)), value: actual === undefined ? null : normalizeText(actual) };
      },
      { timeoutMs: args.timeoutMs, expected: predicate.expected, what: 'text', secret: secret.seen },
    );
    return { text: secret.shown(text) };
  },
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
  async handle(args, ctx) {
    const predicate = textPredicate(args, { normalize: false });
    const secret = secretWatch(ctx);
    const value = await expectEventually(
      ctx,
      async (remaining) => {
        const { item } = await probeAtMostOne(ctx, { value: true }, remaining);
        secret.see(item?.secret);
        const actual = Array.isArray(item?.value) ? item.value.join(',') : item?.value;
        return { done: typeof actual === 'string' && (await predicate.test(actual)), value: actual ?? null };
      },
      { timeoutMs: args.timeoutMs, expected: predicate.expected, what: 'value', secret: secret.seen },
    );
    return { value: secret.shown(value) };
  },
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
