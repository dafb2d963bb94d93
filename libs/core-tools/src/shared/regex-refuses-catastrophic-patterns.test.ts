// Agents pass regular expressions to expects, asserts and log filters; one that backtracks
// catastrophically must be refused, or cut off, before it can freeze the server for everyone.
import { describe, expect, it } from 'vitest';
import { isToolError } from '@stagewright/sdk';
import { parseUserRegex, REGEX_MAX_LENGTH } from './regex.js';
import { MATCH_BUDGET_MS } from './regex-worker.js';

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
    return undefined;
  } catch (error) {
    return isToolError(error) ? String(error.code) : 'not a ToolError';
  }
}

describe('user regular expressions', () => {
  it('accepts /source/flags and bare sources, and matches like RegExp', async () => {
    const literal = parseUserRegex('/^saved \\d+ items?$/i', 'matches');
    expect(literal.flags).toBe('i');
    expect(await literal.test('Saved 3 items')).toBe(true);
    expect(await literal.test('Saved three items')).toBe(false);
    const bare = parseUserRegex('a.c', 'matches');
    expect(bare.flags).toBe('');
    expect(await bare.test('xxabcxx')).toBe(true);
  });

  it('refuses flags outside i m s u, and repeated flags, as BAD_ARGUMENT naming the accepted ones', () => {
    for (const input of ['/a/g', '/a/y', '/a/ii', '/a/d']) {
      try {
        parseUserRegex(input, 'matches');
        expect.unreachable(input);
      } catch (error) {
        expect(isToolError(error) && error.code).toBe('BAD_ARGUMENT');
        expect((error as { details: { accepted: string[] } }).details.accepted).toEqual(['i', 'm', 's', 'u']);
      }
    }
    expect(codeOf(() => parseUserRegex('/a/imsu', 'matches'))).toBeUndefined();
  });

  it('refuses malformed and over-long patterns as BAD_ARGUMENT', () => {
    expect(codeOf(() => parseUserRegex('(unclosed', 'matches'))).toBe('BAD_ARGUMENT');
    expect(codeOf(() => parseUserRegex('a'.repeat(REGEX_MAX_LENGTH + 1), 'matches'))).toBe('BAD_ARGUMENT');
    expect(codeOf(() => parseUserRegex('a'.repeat(REGEX_MAX_LENGTH), 'matches'))).toBeUndefined();
  });

  it('refuses nested quantifiers, quantifier floods and backreferences as UNSAFE_REGEX', () => {
    const repeatedAlternations = ['^(a|aa)*$', '(a|a)+', '/(x|xy){2,}z/', '(?:ab|a){1,50}', '((a|b)c)*', '(a|[|]a)*'];
    for (const input of [
      '(a+)+$',
      '^(\\w+\\s?)*$',
      '(x+x+)+y',
      '/(\\s*,\\s*)*$/',
      '(a)\\1',
      '(?<q>a)\\k<q>',
      'a*'.repeat(11),
      ...repeatedAlternations,
    ]) {
      expect(
        codeOf(() => parseUserRegex(input, 'matches')),
        input,
      ).toBe('UNSAFE_REGEX');
    }
    for (const input of [
      '[a-z]+@[a-z]+\\.com',
      'foo.*bar',
      '[\\1]',
      '^Total: \\d+$',
      '(saved|loaded) \\d+',
      '(a|b)?c',
      '(a|b){1}',
      '[(|)]+',
      '\\(a|b\\)+',
    ]) {
      expect(
        codeOf(() => parseUserRegex(input, 'matches')),
        input,
      ).toBeUndefined();
    }
  });

  it('cuts off a pattern that passes the static check but backtracks polynomially, then keeps matching', async () => {
    const slow = parseUserRegex('a*a*a*b', 'matches');
    const error = await slow.test('a'.repeat(5_000)).catch((e: unknown) => e);
    expect(isToolError(error) && error.code).toBe('UNSAFE_REGEX');
    expect((error as Error).message).toContain(`${MATCH_BUDGET_MS} ms`);
    expect(await parseUserRegex('ok$', 'matches').test('all ok')).toBe(true);
  });
});
