// A plugin answer has no size of its own: the kernel cuts it to a budget (ADR-0019). The cut must
// keep the answer readable JSON of the same shape, keep whole items, and say what it left out, or
// the agent cannot tell a short list from a cut one.
import { describe, expect, it } from 'vitest';
import { boundPayload } from './bounded-payload.js';
import { payloadOf, successResult } from '../envelope.js';

const sizeOf = (value: unknown) => JSON.stringify(value).length;

describe('boundPayload', () => {
  it('returns a payload that fits unchanged, with nothing cut', () => {
    const payload = { items: [1, 2, 3], note: 'short' };
    expect(boundPayload(payload, 1_000)).toEqual({ payload, cut: [] });
  });

  it('keeps whole items of a long array, in order, and says how many', () => {
    const rows = Array.from({ length: 1_000 }, (_, i) => ({ i, name: `row ${i}` }));
    const { payload, cut } = boundPayload({ total: 1_000, rows }, 2_000);
    expect(sizeOf(payload)).toBeLessThanOrEqual(2_000);
    expect(payload.total).toBe(1_000);
    const kept = payload.rows as typeof rows;
    expect(kept).toEqual(rows.slice(0, kept.length));
    expect(cut).toEqual([`/rows: ${kept.length} of 1000 items kept`]);
  });

  it('cuts a long string to a prefix, and keeps the small fields after it', () => {
    const { payload, cut } = boundPayload({ text: 'é"'.repeat(5_000), after: 1 }, 1_000);
    expect(sizeOf(payload)).toBeLessThanOrEqual(1_000);
    expect('é"'.repeat(5_000).startsWith(payload.text as string)).toBe(true);
    expect(payload.after).toBe(1);
    expect(cut[0]).toMatch(/^\/text: \d+ of 10000 characters kept$/);
  });

  it('names nested paths as JSON Pointers, and the fields it left out', () => {
    const many = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k/${i}`, 'x'.repeat(500)]));
    const { payload, cut } = boundPayload({ nested: many }, 3_000);
    expect(sizeOf(payload)).toBeLessThanOrEqual(3_000);
    expect(cut).toEqual([
      expect.stringMatching(/^\/nested\/k~15: \d+ of 500 characters kept$/),
      expect.stringMatching(/^\/nested: fields k\/6, .*k\/19 left out$/),
    ]);
  });

  it('bounds the list of cuts', () => {
    // Each level's first field is cut in turn and its `tail` left out: two cuts per level.
    let deep: Record<string, unknown> = { text: 'x'.repeat(5_000) };
    for (let level = 0; level < 10; level++) deep = { inner: deep, tail: 'y'.repeat(2_000) };
    const { cut } = boundPayload(deep, 3_000);
    expect(cut.length).toBe(9);
    expect(cut.at(-1)).toMatch(/^and \d+ more cuts$/);
  });
});

describe('the success envelope', () => {
  it('never carries code: a handler field named code is kept as result_code', () => {
    expect(payloadOf({ code: 'READY', ok: false, v: 1 })).toEqual({ v: 1, result_code: 'READY' });
  });

  it('is cut to the bound only when over it, flagged truncated with the limit, the size and a hint', () => {
    const value = { rows: Array.from({ length: 5_000 }, (_, i) => `row ${i}`) };
    const bound = { maxChars: 4_000, tool: 'demo_rows' };
    const small = JSON.parse((successResult({ rows: ['a'] }, 0, [], bound).content[0] as { text: string }).text);
    expect(small).not.toHaveProperty('truncated');
    const text = (successResult(value, 0, ['a notice'], bound).content[0] as { text: string }).text;
    expect(text.length).toBeLessThanOrEqual(4_000);
    expect(JSON.parse(text)).toMatchObject({
      ok: true,
      truncated: true,
      notices: ['a notice'],
      truncation: {
        limit_chars: 4_000,
        original_chars: expect.any(Number),
        hint: expect.stringContaining('stagewright://tools/demo_rows'),
      },
    });
  });
});
