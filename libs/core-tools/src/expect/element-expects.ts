import { Params, Type, defineElementTool, defineTool } from '@stagewright/sdk';
import { probe } from '../read/probe.js';
import { ambiguous } from '../shared/classify-failure.js';
import { regexParam, REGEX_NOTE } from '../shared/regex.js';
import { TARGET_ERRORS, probeTarget, resolveTarget, targetProps } from '../read/target.js';
import { allHold, parseStateFlags, stateParam, STATE_FLAGS, STATE_NOTE } from '../read/state-flags.js';
import { echo, expectEventually } from './expectation.js';
import { textPredicate } from './text-predicate.js';

/** Text compared by expects is read up to this length. */
const MAX_COMPARED_CHARS = 20_000;
const EXPECT_ERRORS = [...TARGET_ERRORS, 'EXPECTATION_FAILED'];
/** Expects that take a `matches` pattern can also refuse it. */
const PATTERN_EXPECT_ERRORS = [...EXPECT_ERRORS, 'UNSAFE_REGEX'];
const POLL_NOTE = 'Re-checks on the server until it holds or timeoutMs (default 5000, max 60000) passes, then returns the final actual value; failure is EXPECTATION_FAILED with expected and actual.';

export const expectTextTool = defineElementTool({
  name: 'electron_expect_text',
  title: 'Expect text',
  description: 'Retrying check of an element\'s text.',
  kind: 'assert',
  input: { equals: Type.Optional(Type.String({ maxLength: 2000 })), contains: Type.Optional(Type.String({ maxLength: 2000 })), matches: regexParam(), not: Type.Optional(Type.Boolean()), timeoutMs: Params.timeoutMs() },
  detail: {
    notes: `Exactly one of equals, contains, matches; not inverts it. Text is innerText with whitespace collapsed on both sides. ${POLL_NOTE} ${REGEX_NOTE}`,
    errors: PATTERN_EXPECT_ERRORS,
    example: { ref: 'e5', contains: 'Saved' },
  },
  async handle(args, ctx) {
    const predicate = textPredicate(args, { normalize: true });
    const target = probeTarget(ctx, args);
    const text = await expectEventually(async (remaining) => {
      const found = await probe(target, { text: true, maxText: MAX_COMPARED_CHARS }, remaining);
      if (found.count > 1) throw ambiguous(found.count);
      const actual = found.items[0]?.text;
      return { done: actual !== undefined && (await predicate.test(actual)), value: actual ?? null };
    }, { timeoutMs: args.timeoutMs, signal: ctx.signal, expected: predicate.expected, what: 'text' });
    return { text: echo(text) };
  },
});

export const expectValueTool = defineElementTool({
  name: 'electron_expect_value',
  title: 'Expect value',
  description: 'Retrying check of a field\'s value.',
  kind: 'assert',
  input: { equals: Type.Optional(Type.String({ maxLength: 2000 })), contains: Type.Optional(Type.String({ maxLength: 2000 })), matches: regexParam(), timeoutMs: Params.timeoutMs() },
  detail: {
    notes: `Exactly one of equals, contains, matches, compared with the exact value (a multiple select's values joined by ","). ${POLL_NOTE} ${REGEX_NOTE}`,
    errors: [...PATTERN_EXPECT_ERRORS, 'ELEMENT_NOT_EDITABLE'],
    example: { selector: '#email', equals: 'a@b.c' },
  },
  async handle(args, ctx) {
    const predicate = textPredicate(args, { normalize: false });
    const target = probeTarget(ctx, args);
    const value = await expectEventually(async (remaining) => {
      const found = await probe(target, { value: true }, remaining);
      if (found.count > 1) throw ambiguous(found.count);
      const raw = found.items[0]?.value;
      const actual = Array.isArray(raw) ? raw.join(',') : raw;
      return { done: typeof actual === 'string' && (await predicate.test(actual)), value: actual ?? null };
    }, { timeoutMs: args.timeoutMs, signal: ctx.signal, expected: predicate.expected, what: 'value' });
    return { value: echo(value) };
  },
});

export const expectVisibleTool = defineTool({
  name: 'electron_expect_visible',
  title: 'Expect visible',
  description: 'Retrying check that an element is visible (or hidden).',
  kind: 'assert',
  input: Type.Object({ ...targetProps(), not: Type.Optional(Type.Boolean()), timeoutMs: Params.timeoutMs() }, { additionalProperties: false }),
  detail: {
    notes: `not: true waits until it is hidden; a missing element counts as hidden. ${POLL_NOTE}`,
    errors: EXPECT_ERRORS,
    example: { selector: '.spinner', not: true },
  },
  async handle(args, ctx) {
    const wantVisible = args.not !== true;
    const target = await resolveTarget(ctx, args, !wantVisible);
    const visible = await expectEventually(async (remaining) => {
      const found = await probe(target, { state: true }, remaining);
      if (found.count > 1) throw ambiguous(found.count);
      const actual = found.items[0]?.state?.visible ?? false;
      return { done: actual === wantVisible, value: actual };
    }, { timeoutMs: args.timeoutMs, signal: ctx.signal, expected: { visible: wantVisible }, what: 'element' });
    return { visible };
  },
});

export const expectStateTool = defineTool({
  name: 'electron_expect_state',
  title: 'Expect state',
  description: 'Retrying check of element state flags.',
  kind: 'assert',
  input: Type.Object({ ...targetProps(), state: stateParam(), timeoutMs: Params.timeoutMs() }, { additionalProperties: false }),
  detail: {
    values: { state: [...STATE_FLAGS] },
    notes: `${STATE_NOTE} Returns { state } with every flag read. ${POLL_NOTE}`,
    errors: EXPECT_ERRORS,
    example: { ref: 'e8', state: ['visible', 'enabled', '!checked'] },
  },
  async handle(args, ctx) {
    const checks = parseStateFlags(args.state);
    const target = await resolveTarget(ctx, args, allHold(checks, undefined));
    const state = await expectEventually(async (remaining) => {
      const found = await probe(target, { state: true }, remaining);
      if (found.count > 1) throw ambiguous(found.count);
      const actual = found.items[0]?.state;
      return { done: allHold(checks, actual), value: actual ?? null };
    }, { timeoutMs: args.timeoutMs, signal: ctx.signal, expected: { state: args.state }, what: 'state' });
    return { state };
  },
});
