import {
  MASKED,
  ToolError,
  ambiguous,
  clampTimeout,
  type ElementFacts,
  type ProbeWant,
  type Session,
  type ToolContext,
} from '@stagewright/sdk';
import { pollUntil, type PollOutcome } from '../shared/poll.js';
import { probe, type ProbeTarget } from '../shared/probe.js';

/** Longest actual text echoed back in a result or a failure. */
export const MAX_ECHO_CHARS = 1_000;

export function echo(value: unknown): unknown {
  if (typeof value === 'string' && value.length > MAX_ECHO_CHARS) return `${value.slice(0, MAX_ECHO_CHARS)}…`;
  return value;
}

/** What an expect of one element can fail with. */
export const EXPECT_ERRORS = ['ELEMENT_NOT_FOUND', 'AMBIGUOUS_SELECTOR', 'EXPECTATION_FAILED'];
/** Expects that take a `matches` pattern can also refuse it. */
export const PATTERN_EXPECT_ERRORS = [...EXPECT_ERRORS, 'UNSAFE_REGEX'];

/** What every retrying expect says about its polling (the detail resource). */
export const POLL_NOTE =
  'Re-checks on the server until it holds or timeoutMs (default 5000, max 60000) passes; failure is EXPECTATION_FAILED with expected and actual.';

/** The part of a tool context an expect polls with: the call's signal, and the session whose surface wakes the loop. */
export interface ExpectContext {
  readonly signal: AbortSignal;
  readonly session: Session;
}

export interface ExpectOptions {
  /** The call's `timeoutMs` argument, clamped here. */
  timeoutMs: number | undefined;
  /** What was asked, echoed in the failure. */
  expected: Record<string, unknown>;
  /** Subject of the message: "text", "value", "count"... */
  what: string;
  /** True once the compared value was seen to be a secret field's: the failure shows neither side. */
  secret?: () => boolean;
}

/**
 * Poll `check` on the server until it holds or the (clamped) timeout passes, woken at once by
 * changes of the session's surface. Returns the final actual value on success; otherwise throws
 * EXPECTATION_FAILED with expected and actual.
 */
export async function expectEventually<T>(
  ctx: ExpectContext,
  check: (remainingMs: number) => Promise<PollOutcome<T>>,
  options: ExpectOptions,
): Promise<T> {
  const timeoutMs = clampTimeout(options.timeoutMs);
  const outcome = await pollUntil(check, { timeoutMs, signal: ctx.signal, watch: () => ctx.session.surfaceOrThrow() });
  if (outcome.done) return outcome.value;
  if (options.secret?.()) {
    const hidden = Object.fromEntries(Object.entries(options.expected).map(([key, value]) => [key, key === 'not' ? value : MASKED]));
    throw expectationFailed(options.what, hidden, outcome.value ? MASKED : outcome.value, timeoutMs);
  }
  throw expectationFailed(options.what, options.expected, outcome.value, timeoutMs);
}

/**
 * One probe of an expect's target: the first match's facts (undefined when none) and the count.
 * Several matches are AMBIGUOUS_SELECTOR: an expect checks one element.
 */
export async function probeAtMostOne(
  target: ProbeTarget,
  want: Partial<ProbeWant>,
  remainingMs: number,
): Promise<{ count: number; item: ElementFacts | undefined }> {
  const found = await probe(target, want, remainingMs);
  if (found.count > 1) throw ambiguous(found.count);
  return { count: found.count, item: found.items[0] };
}

/** Arguments of a comparison that are secrets once the compared field is (ToolContext.markSensitive). */
const COMPARED = ['/equals', '/contains', '/matches'];

/**
 * Watches an expect's probes for a secret field: the first sighting marks the compared arguments
 * sensitive; `shown` then masks what the answer echoes.
 */
export function secretWatch(ctx: Pick<ToolContext, 'markSensitive'>) {
  let seen = false;
  return {
    see(secret: boolean | undefined) {
      if (!secret || seen) return;
      seen = true;
      ctx.markSensitive({ args: COMPARED });
    },
    seen: () => seen,
    shown: (value: unknown) => (seen && value ? MASKED : echo(value)),
  };
}

/** EXPECTATION_FAILED; `absent` words a null actual ("no element matches" by default), an empty string reads `"" (no text)`. */
export function expectationFailed(
  what: string,
  expected: Record<string, unknown>,
  actual: unknown,
  timeoutMs?: number,
  absent = 'no element matches',
): ToolError {
  const after = timeoutMs === undefined ? '' : ` after ${timeoutMs} ms`;
  const shown = actual === null || actual === undefined ? absent : actual === '' ? '"" (no text)' : JSON.stringify(echo(actual));
  return new ToolError('EXPECTATION_FAILED', `Expected ${what} ${describeExpected(expected)}; actual ${shown}${after}.`, {
    details: { expected, actual: echo(actual ?? null) },
  });
}

function describeExpected(expected: Record<string, unknown>): string {
  const parts = Object.entries(expected)
    .filter(([key]) => key !== 'not')
    .map(([key, value]) => `${key} ${JSON.stringify(value)}`);
  return `${expected.not ? 'not ' : ''}${parts.join(' and ') || 'to hold'}`;
}
