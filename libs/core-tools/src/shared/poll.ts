import { setTimeout as sleep } from 'node:timers/promises';
import type { Frame, Page } from 'playwright-core';
import { ToolError, isToolError } from '@stagewright/sdk';
import { ChangeSignal } from './change-signal.js';

/** Pause before each re-check when nothing signals a change: quick at first, then steady. Node timers, never the page's. */
const BACKOFF_MS = [0, 50, 100, 200, 250] as const;
/** Least time between two checks, however often the page changes: bounds the CPU a busy page can cost. */
export const MIN_CHECK_GAP_MS = 15;

export interface PollOutcome<T> {
  done: boolean;
  /** The last value seen: what held, or the final actual value on timeout. */
  value: T;
}

export interface PollOptions {
  timeoutMs: number;
  signal?: AbortSignal;
  /**
   * The surface whose changes wake the loop (see ChangeSignal). Asked for only after a first
   * check failed, so a condition that already holds costs no extra round trip.
   */
  watch?: () => Page | Frame;
  /** Installs the change signal; tests replace it. */
  changes?: (surface: Page | Frame) => Promise<Pick<ChangeSignal, 'wait' | 'dispose'> | undefined>;
}

/**
 * Re-run `check` on the server until it reports done or the timeout passes; returns the last
 * outcome either way. `check` gets the time left so its own page round trip can be bounded.
 * Between checks the loop waits for the page to change (re-checking within a round trip of the
 * change) or for the backoff pause, whichever is first. Deciding stays here, not in the page, so
 * an app that freezes its timers, animation frames or Date cannot stall a wait or an expect.
 */
export async function pollUntil<T>(check: (remainingMs: number) => Promise<PollOutcome<T>>, options: PollOptions): Promise<PollOutcome<T>> {
  const deadline = performance.now() + options.timeoutMs;
  let changes: Pick<ChangeSignal, 'wait' | 'dispose'> | undefined;
  try {
    for (let attempt = 0; ; attempt++) {
      throwIfAborted(options.signal);
      const started = performance.now();
      const outcome = await check(Math.max(0, deadline - started));
      if (outcome.done) return outcome;
      if (deadline - performance.now() <= 0) return outcome;
      if (attempt === 0 && options.watch) changes = await watchSafely(options);
      const remaining = deadline - performance.now();
      if (remaining <= 0) return outcome;
      const pause = Math.min(BACKOFF_MS[Math.min(attempt + 1, BACKOFF_MS.length - 1)], remaining);
      if (changes) await changes.wait(pause, options.signal);
      else await sleep(pause, undefined, { signal: options.signal }).catch(() => undefined);
      const gap = MIN_CHECK_GAP_MS - (performance.now() - started);
      if (gap > 0)
        await sleep(Math.min(gap, Math.max(0, deadline - performance.now())), undefined, { signal: options.signal }).catch(() => undefined);
    }
  } finally {
    changes?.dispose();
  }
}

async function watchSafely(options: PollOptions): Promise<Pick<ChangeSignal, 'wait' | 'dispose'> | undefined> {
  try {
    const surface = options.watch!();
    return await (options.changes ?? ChangeSignal.install)(surface);
  } catch {
    return undefined;
  }
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (!signal?.aborted) return;
  if (isToolError(signal.reason)) throw signal.reason;
  throw new ToolError('CANCELLED', 'The request was cancelled.');
}
