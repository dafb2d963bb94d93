import { setTimeout as sleep } from 'node:timers/promises';
import { ToolError, isToolError } from '@stagewright/sdk';

/** Pause before each re-check: quick at first, then steady. Node timers, never the page's. */
const BACKOFF_MS = [0, 50, 100, 200, 250] as const;

export interface PollOutcome<T> {
  done: boolean;
  /** The last value seen: what held, or the final actual value on timeout. */
  value: T;
}

export interface PollOptions {
  timeoutMs: number;
  signal?: AbortSignal;
}

/**
 * Re-run `check` on the server until it reports done or the timeout passes; returns the last
 * outcome either way. `check` gets the time left so its own page round trip can be bounded.
 * Polling lives here, not in the page, so an app that freezes its timers, animation frames or
 * Date cannot stall a wait or an expect.
 */
export async function pollUntil<T>(check: (remainingMs: number) => Promise<PollOutcome<T>>, options: PollOptions): Promise<PollOutcome<T>> {
  const deadline = performance.now() + options.timeoutMs;
  for (let attempt = 0; ; attempt++) {
    throwIfAborted(options.signal);
    const outcome = await check(Math.max(0, deadline - performance.now()));
    if (outcome.done) return outcome;
    const remaining = deadline - performance.now();
    if (remaining <= 0) return outcome;
    const pause = Math.min(BACKOFF_MS[Math.min(attempt + 1, BACKOFF_MS.length - 1)], remaining);
    await sleep(pause, undefined, { signal: options.signal }).catch(() => undefined);
  }
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (!signal?.aborted) return;
  if (isToolError(signal.reason)) throw signal.reason;
  throw new ToolError('CANCELLED', 'The request was cancelled.');
}
