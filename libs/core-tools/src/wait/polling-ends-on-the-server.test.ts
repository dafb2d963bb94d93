// Every wait and expect runs on this loop: it must stop as soon as the check holds, give back the
// last value when time runs out, and honour cancellation, all without any page involved.
import { describe, expect, it } from 'vitest';
import { isToolError } from '@stagewright/sdk';
import type { Page } from 'playwright-core';
import { MIN_CHECK_GAP_MS, pollUntil } from '../shared/poll.js';

describe('pollUntil', () => {
  it('stops at the first check that holds and returns its value', async () => {
    let calls = 0;
    const outcome = await pollUntil(async () => ({ done: ++calls === 3, value: calls }), { timeoutMs: 10_000 });
    expect(outcome).toEqual({ done: true, value: 3 });
    expect(calls).toBe(3);
  });

  it('returns the last value seen when the timeout passes', async () => {
    let calls = 0;
    const outcome = await pollUntil(async () => ({ done: false, value: ++calls }), { timeoutMs: 120 });
    expect(outcome.done).toBe(false);
    expect(outcome.value).toBe(calls);
    expect(calls).toBeGreaterThan(1);
  });

  it('checks exactly once with a zero timeout', async () => {
    let calls = 0;
    const outcome = await pollUntil(async () => ({ done: false, value: ++calls }), { timeoutMs: 0 });
    expect(outcome).toEqual({ done: false, value: 1 });
  });

  it('hands each check the time left, never negative', async () => {
    const seen: number[] = [];
    await pollUntil(async (remaining) => ({ done: seen.push(remaining) === 4, value: 0 }), { timeoutMs: 5_000 });
    expect(seen.every((ms) => ms >= 0 && ms <= 5_000)).toBe(true);
  });

  it('ends with the abort reason when the call is cancelled', async () => {
    const controller = new AbortController();
    const running = pollUntil(async () => ({ done: false, value: 0 }), { timeoutMs: 60_000, signal: controller.signal });
    controller.abort();
    const error = await running.catch((e: unknown) => e);
    expect(isToolError(error) && error.code).toBe('CANCELLED');
  });

  it('re-checks as soon as the watched surface changes, and disposes the watch', async () => {
    let ready = false;
    let wake: () => void = () => undefined;
    const events: string[] = [];
    const changes = async () => ({
      wait: (ms: number) => {
        events.push(`wait ${ms}`);
        // The page changes while the loop waits; the wake ends the wait before its pause.
        return new Promise<void>((resolve) => {
          wake = resolve;
          ready = true;
          wake();
        });
      },
      dispose: () => events.push('dispose'),
    });
    const outcome = await pollUntil(async () => ({ done: ready, value: ready }), {
      timeoutMs: 60_000,
      watch: () => ({}) as Page,
      changes,
    });
    expect(outcome).toEqual({ done: true, value: true });
    expect(events).toEqual(['wait 50', 'dispose']);
  });

  it('never checks more often than the minimum gap, however often the page changes', async () => {
    let checks = 0;
    const busy = async () => ({ wait: async () => undefined, dispose: () => undefined });
    await pollUntil(async () => ({ done: false, value: ++checks }), { timeoutMs: 300, watch: () => ({}) as Page, changes: busy });
    // Timers may fire a millisecond early; the bound is what matters, not its last digit.
    expect(checks).toBeLessThanOrEqual(Math.ceil(300 / (MIN_CHECK_GAP_MS - 2)) + 2);
  });

  it('asks for the surface only after a first check failed', async () => {
    let asked = 0;
    const outcome = await pollUntil(async () => ({ done: true, value: 1 }), {
      timeoutMs: 1_000,
      watch: () => {
        asked++;
        return {} as Page;
      },
    });
    expect(outcome.done).toBe(true);
    expect(asked).toBe(0);
  });
});
