import { Params, Type, ambiguous, defineElementTool, type AnyToolDefinition } from '@stagewright/sdk';
import { probe } from '../shared/probe.js';
import { regexParam, REGEX_NOTE } from '../shared/regex.js';
import { allHold, parseStateFlags, stateParam, STATE_FLAGS, STATE_NOTE } from '../shared/state-flags.js';
import { expectEventually, secretWatch } from './expectation.js';
import { COMPARISON_RULE, MATCHER_RULE, normalizeText, textPredicate } from './text-predicate.js';

/** Text compared by expects is read up to this length. */
const MAX_COMPARED_CHARS = 20_000;
const EXPECT_ERRORS = ['ELEMENT_NOT_FOUND', 'AMBIGUOUS_SELECTOR', 'EXPECTATION_FAILED'];
/** Expects that take a `matches` pattern can also refuse it. */
const PATTERN_EXPECT_ERRORS = [...EXPECT_ERRORS, 'UNSAFE_REGEX'];
const POLL_NOTE =
  'Re-checks on the server until it holds or timeoutMs (default 5000, max 60000) passes, then returns the final actual value; failure is EXPECTATION_FAILED with expected and actual.';

const expectText = defineElementTool({
  name: 'electron_expect_text',
  title: 'Expect text',
  description: "Retrying check of an element's text.",
  kind: 'assert',
  input: {
    equals: Type.Optional(Type.String({ maxLength: 2000 })),
    contains: Type.Optional(Type.String({ maxLength: 2000 })),
    matches: regexParam(),
    not: Type.Optional(Type.Boolean()),
    timeoutMs: Params.timeoutMs(),
  },
  rules: [COMPARISON_RULE, MATCHER_RULE],
  detail: {
    notes: `not inverts the comparison. Text is innerText with whitespace collapsed on both sides. ${POLL_NOTE} ${REGEX_NOTE}`,
    errors: PATTERN_EXPECT_ERRORS,
    example: { ref: 'e5', contains: 'Saved' },
  },
  async handle(args, ctx) {
    const predicate = textPredicate(args, { normalize: true });
    const secret = secretWatch(ctx);
    const text = await expectEventually(
      async (remaining) => {
        const found = await probe(ctx, { text: true, maxText: MAX_COMPARED_CHARS }, remaining);
        if (found.count > 1) throw ambiguous(found.count);
        secret.see(found.items[0]?.secret);
        const actual = found.items[0]?.text;
        // The value shown is what was compared: whitespace collapsed, as a reader sees it.
        return { done: actual !== undefined && (await predicate.test(actual)), value: actual === undefined ? null : normalizeText(actual) };
      },
      {
        timeoutMs: args.timeoutMs,
        signal: ctx.signal,
        watch: () => ctx.session.surface(),
        expected: predicate.expected,
        what: 'text',
        secret: secret.seen,
      },
    );
    return { text: secret.shown(text) };
  },
});

const expectValue = defineElementTool({
  name: 'electron_expect_value',
  title: 'Expect value',
  description: "Retrying check of a field's value.",
  kind: 'assert',
  input: {
    equals: Type.Optional(Type.String({ maxLength: 2000 })),
    contains: Type.Optional(Type.String({ maxLength: 2000 })),
    matches: regexParam(),
    timeoutMs: Params.timeoutMs(),
  },
  rules: [COMPARISON_RULE, MATCHER_RULE],
  detail: {
    notes: `Compared with the exact value (a multiple select's values joined by ","). ${POLL_NOTE} ${REGEX_NOTE}`,
    errors: [...PATTERN_EXPECT_ERRORS, 'ELEMENT_NOT_EDITABLE'],
    example: { selector: '#email', equals: 'a@b.c' },
  },
  async handle(args, ctx) {
    const predicate = textPredicate(args, { normalize: false });
    const secret = secretWatch(ctx);
    const value = await expectEventually(
      async (remaining) => {
        const found = await probe(ctx, { value: true }, remaining);
        if (found.count > 1) throw ambiguous(found.count);
        secret.see(found.items[0]?.secret);
        const raw = found.items[0]?.value;
        const actual = Array.isArray(raw) ? raw.join(',') : raw;
        return { done: typeof actual === 'string' && (await predicate.test(actual)), value: actual ?? null };
      },
      {
        timeoutMs: args.timeoutMs,
        signal: ctx.signal,
        watch: () => ctx.session.surface(),
        expected: predicate.expected,
        what: 'value',
        secret: secret.seen,
      },
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
      async (remaining) => {
        const found = await probe(ctx, { state: true }, remaining);
        if (found.count > 1) throw ambiguous(found.count);
        const actual = found.items[0]?.state?.visible ?? false;
        return { done: actual === wantVisible, value: found.count === 0 ? null : actual };
      },
      {
        timeoutMs: args.timeoutMs,
        signal: ctx.signal,
        watch: () => ctx.session.surface(),
        expected: { visible: wantVisible },
        what: 'element',
      },
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
      async (remaining) => {
        const found = await probe(ctx, { state: true }, remaining);
        if (found.count > 1) throw ambiguous(found.count);
        const actual = found.items[0]?.state;
        return { done: allHold(checks, actual), value: actual ?? null };
      },
      { timeoutMs: args.timeoutMs, signal: ctx.signal, watch: () => ctx.session.surface(), expected: { state: args.state }, what: 'state' },
    );
    return { state };
  },
});

/** Retrying checks of one element: its text, value, visibility and state. */
export const ELEMENT_EXPECT_TOOLS: readonly AnyToolDefinition[] = [expectText, expectValue, expectVisible, expectState];
