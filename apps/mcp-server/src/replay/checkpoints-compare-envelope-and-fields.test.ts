// A checkpoint is what makes a replay more than "it did not crash": ok/code and result fields,
// exact, subset, regex (under the server's safety rules) or deliberately ignored.
import { describe, expect, it } from 'vitest';
import { isSubset, mismatches } from './expectations.js';

const ok = (fields: Record<string, unknown>) => ({ ok: true, ...fields, _meta: { estimated_tokens: 3 } });

describe('checkpoints', () => {
  it('expects ok by default and names the error code it got instead', async () => {
    expect(await mismatches(undefined, ok({}), {})).toEqual([]);
    expect(await mismatches(undefined, { ok: false, code: 'REF_NOT_FOUND', error: 'no e9' }, {})).toEqual([
      'expected ok, got REF_NOT_FOUND: no e9',
    ]);
    expect(await mismatches({ code: 'REF_NOT_FOUND' }, ok({}), {})).toEqual(['expected an error REF_NOT_FOUND, the call succeeded']);
    expect(await mismatches({ code: 'TIMEOUT' }, { ok: false, code: 'REF_NOT_FOUND', error: 'x' }, {})).toEqual([
      'expected code TIMEOUT, got REF_NOT_FOUND: x',
    ]);
    expect(await mismatches({ ok: false, code: 'TIMEOUT' }, { ok: false, code: 'TIMEOUT', error: 'x' }, {})).toEqual([]);
  });

  it('compares result fields by JSON Pointer: exact (with parameters), subset, regex, ignore', async () => {
    const answer = ok({ text: 'Hello, Ada!', state: { visible: true, enabled: false }, items: ['a', 'b'], 'a/b': 1 });
    const expectAll = {
      result: {
        '/text': { regex: '/^hello, .+!$/i' },
        '/state': { subset: { visible: true } },
        '/items': { subset: ['a'] },
        '/a~1b': { exact: 1 },
        '/state/enabled': { exact: { $param: 'flag' } },
        '/volatile': { ignore: true as const },
      },
    };
    expect(await mismatches(expectAll, answer, { flag: false })).toEqual([]);
    expect(await mismatches(expectAll, answer, { flag: true })).toEqual(['result /state/enabled: expected true, got false']);
    expect(await mismatches({ result: { '/text': { regex: '^Bye' } } }, answer, {})).toEqual([
      'result /text: "Hello, Ada!" does not match ^Bye',
    ]);
    expect(await mismatches({ result: { '/gone': { exact: 1 } } }, answer, {})).toEqual(['result /gone is missing']);
  });

  it('treats subsets recursively, arrays by index', () => {
    expect(isSubset({ a: { b: 1 } }, { a: { b: 1, c: 2 }, d: 3 })).toBe(true);
    expect(isSubset({ a: { b: 2 } }, { a: { b: 1 } })).toBe(false);
    expect(isSubset(['x'], ['x', 'y'])).toBe(true);
    expect(isSubset(['y'], ['x', 'y'])).toBe(false);
    expect(isSubset({ a: 1 }, [1])).toBe(false);
  });
});
