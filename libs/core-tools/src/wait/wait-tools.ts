import { setTimeout as sleep } from 'node:timers/promises';
import {
  CoreTools,
  Params,
  ToolError,
  Type,
  ambiguous,
  clampTimeout,
  defineElementTool,
  defineTool,
  type AnyToolDefinition,
} from '@stagewright/sdk';
import { probe } from '../shared/probe.js';
import { allHold, parseStateFlags, stateParam, STATE_FLAGS, STATE_NOTE } from '../shared/state-flags.js';
import { pollUntil } from '../shared/poll.js';

/** How many matches a visible/hidden wait inspects. */
const VISIBILITY_SAMPLE = 20;
/** Ceiling of electron_wait: a fixed delay is a last resort. */
export const MAX_FIXED_WAIT_MS = 10_000;
const WAIT_NOTE =
  'Polls on the server (not with page timers) until it holds or timeoutMs (default 5000, max 60000) passes; then WAIT_TIMEOUT with what was last seen.';

type SelectorState = 'attached' | 'visible' | 'hidden' | 'detached';

const waitForSelector = defineElementTool({
  name: CoreTools.waitForSelector,
  title: 'Wait for element',
  description: 'Wait for an element to appear or disappear.',
  kind: 'read',
  target: 'absent-ok',
  absentOk: (args) => args.state === 'hidden' || args.state === 'detached',
  input: { state: Type.Optional(Type.Enum(['attached', 'visible', 'hidden', 'detached'])), timeoutMs: Params.timeoutMs() },
  detail: {
    notes: `state defaults to visible. With several matches: visible when any is visible, hidden when none is. Returns { state, count }. ${WAIT_NOTE}`,
    values: { state: ['attached', 'visible', 'hidden', 'detached'] },
    errors: ['WAIT_TIMEOUT'],
    example: { selector: '#results li', state: 'visible', timeoutMs: 10000 },
  },
  async handle(args, ctx) {
    const state: SelectorState = args.state ?? 'visible';
    const timeoutMs = clampTimeout(args.timeoutMs);
    const outcome = await pollUntil(
      async (remaining) => {
        const found = await probe(
          ctx,
          state === 'visible' || state === 'hidden' ? { limit: VISIBILITY_SAMPLE, state: true } : { limit: 0 },
          remaining,
        );
        const anyVisible = found.items.some((item) => item.state?.visible);
        const done =
          state === 'attached'
            ? found.count > 0
            : state === 'detached'
              ? found.count === 0
              : state === 'visible'
                ? anyVisible
                : !anyVisible;
        return { done, value: { count: found.count, visible: anyVisible } };
      },
      { timeoutMs, signal: ctx.signal, watch: () => ctx.session.surfaceOrThrow() },
    );
    if (!outcome.done) {
      throw new ToolError(
        'WAIT_TIMEOUT',
        `No ${state} match within ${timeoutMs} ms (${outcome.value.count} matched, ${outcome.value.visible ? 'some' : 'none'} visible).`,
        { details: { state, ...outcome.value } },
      );
    }
    return { state, count: outcome.value.count };
  },
});

const waitForState = defineElementTool({
  name: 'electron_wait_for_state',
  title: 'Wait for state',
  description: 'Wait until state flags of an element hold.',
  kind: 'read',
  target: 'absent-ok',
  absentOk: (args) => allHold(parseStateFlags(args.state), undefined),
  input: { state: stateParam(), timeoutMs: Params.timeoutMs() },
  detail: {
    values: { state: [...STATE_FLAGS] },
    notes: `${STATE_NOTE} Returns { state } with every flag read. ${WAIT_NOTE}`,
    errors: ['AMBIGUOUS_SELECTOR', 'WAIT_TIMEOUT'],
    example: { ref: 'e8', state: ['visible', 'enabled'] },
  },
  async handle(args, ctx) {
    const checks = parseStateFlags(args.state);
    const timeoutMs = clampTimeout(args.timeoutMs);
    const outcome = await pollUntil(
      async (remaining) => {
        const found = await probe(ctx, { state: true }, remaining);
        if (found.count > 1) throw ambiguous(found.count);
        const state = found.items[0]?.state;
        return { done: allHold(checks, state), value: state ?? null };
      },
      { timeoutMs, signal: ctx.signal, watch: () => ctx.session.surfaceOrThrow() },
    );
    if (!outcome.done) {
      throw new ToolError('WAIT_TIMEOUT', `State ${args.state.join(', ')} did not hold within ${timeoutMs} ms.`, {
        details: { expected: args.state, actual: outcome.value },
      });
    }
    return { state: outcome.value };
  },
});

const wait = defineTool({
  name: 'electron_wait',
  title: 'Wait',
  description: 'Pause for a fixed time; prefer an expect or wait_for tool.',
  kind: 'read',
  input: { ms: Type.Integer({ minimum: 0, maximum: MAX_FIXED_WAIT_MS }) },
  detail: {
    notes: `Sleeps on the server, at most ${MAX_FIXED_WAIT_MS} ms; needs no session. Returns { waitedMs }. A condition wait (electron_expect_*, electron_wait_for_*) is faster and sturdier.`,
    errors: [],
    example: { ms: 500 },
  },
  async handle(args, ctx) {
    await sleep(args.ms, undefined, { signal: ctx.signal }).catch(() => undefined);
    return { waitedMs: args.ms };
  },
});

/** Waiting on the server for an element or its state, and the bounded fixed delay. */
export const CONDITION_WAIT_TOOLS: readonly AnyToolDefinition[] = [waitForSelector, waitForState, wait];
