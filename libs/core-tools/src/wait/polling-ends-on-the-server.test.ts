// Every wait and expect runs on this loop: it must stop as soon as the check holds, give back the
// last value when time runs out, and honour cancellation, all without any page involved.
import { describe, expect, it } from 'vitest';
import { isToolError } from '@stagewright/sdk';
import { pollUntil } from '../shared/poll.js';

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
});
