// Console logs can be long and noisy: the filter must pick by level, pattern and cursor, keep
// the newest entries within the limit and the size bound, and say how many it left out.
import { describe, expect, it } from 'vitest';
import { isToolError, type ConsoleEntry } from '@stagewright/sdk';
import { parseUserRegex } from '../shared/regex.js';
import { MAX_RETURNED_CHARS, queryConsole } from './console-filter.js';

const entry = (seq: number, level: ConsoleEntry['level'], text: string): ConsoleEntry => ({
  seq,
  level,
  text,
  source: 'renderer',
  time: new Date(Date.UTC(2026, 0, 1, 0, 0, seq)).toISOString(),
});
const log = [
  entry(1, 'debug', 'boot'),
  entry(2, 'log', 'ready'),
  entry(3, 'warning', 'slow 1'),
  entry(4, 'error', 'fail 2'),
  entry(5, 'log', 'done'),
];

describe('queryConsole', () => {
  it('filters by minimum level and pattern, newest last', async () => {
    expect((await queryConsole(log, { level: 'warning', limit: 50 })).entries.map((e) => e.seq)).toEqual([3, 4]);
    expect((await queryConsole(log, { matches: parseUserRegex('\\d$', 'matches'), limit: 50 })).entries.map((e) => e.seq)).toEqual([3, 4]);
  });

  it('takes cursor as a seq or an ISO time, and reports the cursor to pass back', async () => {
    const bySeq = await queryConsole(log, { cursor: 3, limit: 50 });
    expect(bySeq.entries.map((e) => e.seq)).toEqual([4, 5]);
    expect(bySeq.cursor).toBe(5);
    expect((await queryConsole(log, { cursor: '3', limit: 50 })).entries.map((e) => e.seq)).toEqual([4, 5]);
    expect((await queryConsole(log, { cursor: log[1].time, limit: 50 })).entries.map((e) => e.seq)).toEqual([3, 4, 5]);
    const bad = await queryConsole(log, { cursor: 'soon', limit: 50 }).catch((e: unknown) => e);
    expect(isToolError(bad) && bad.code).toBe('BAD_ARGUMENT');
  });

  it('keeps the newest entries within limit and size, counting the rest', async () => {
    const limited = await queryConsole(log, { limit: 2 });
    expect(limited.entries.map((e) => e.seq)).toEqual([4, 5]);
    expect(limited.omitted).toBe(3);
    const big = Array.from({ length: 30 }, (_, i) => entry(i + 1, 'log', 'x'.repeat(1_500)));
    const bounded = await queryConsole(big, { limit: 50 });
    expect(bounded.entries.reduce((n, e) => n + e.text.length, 0)).toBeLessThanOrEqual(MAX_RETURNED_CHARS);
    expect(bounded.entries.at(-1)?.seq).toBe(30);
    expect(bounded.omitted).toBe(30 - bounded.entries.length);
  });
});
