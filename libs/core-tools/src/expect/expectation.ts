import { MASKED, ToolError, clampTimeout, type ToolContext } from '@stagewright/sdk';
import { pollUntil, type PollOptions, type PollOutcome } from '../shared/poll.js';

/** Longest actual text echoed back in a result or a failure. */
export const MAX_ECHO_CHARS = 1_000;

export function echo(value: unknown): unknown {
  if (typeof value === 'string' && value.length > MAX_ECHO_CHARS) return `${value.slice(0, MAX_ECHO_CHARS)}…`;
  return value;
}

export interface ExpectOptions {
  timeoutMs?: number;
  signal: AbortSignal;
  /** What was asked, echoed in the failure. */
  expected: Record<string, unknown>;
  /** Subject of the message: "text", "value", "count"... */
  what: string;
  /** The surface whose changes wake the retry loop at once (see pollUntil). */
  watch?: PollOptions['watch'];
  /** True once the compared value was seen to be a secret field's: the failure shows neither side. */
  secret?: () => boolean;
}

/**
 * Poll `check` on the server until it holds or the (clamped) timeout passes. Returns the final
 * actual value on success; otherwise throws EXPECTATION_FAILED with expected and actual.
 */
export async function expectEventually<T>(check: (remainingMs: number) => Promise<PollOutcome<T>>, options: ExpectOptions): Promise<T> {
  const timeoutMs = clampTimeout(options.timeoutMs);
  const outcome = await pollUntil(check, { timeoutMs, signal: options.signal, watch: options.watch });
  if (outcome.done) return outcome.value;
  if (options.secret?.()) {
    const hidden = Object.fromEntries(Object.entries(options.expected).map(([key, value]) => [key, key === 'not' ? value : MASKED]));
    throw expectationFailed(options.what, hidden, outcome.value ? MASKED : outcome.value, timeoutMs);
  }
  throw expectationFailed(options.what, options.expected, outcome.value, timeoutMs);
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
