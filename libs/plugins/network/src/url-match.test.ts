// Capture and stubs both select requests with these matchers: a wrong match either hides a
// request from the agent or answers one the app expected to reach its server.
import { describe, expect, it } from 'vitest';
import { methodMatcher, urlMatcher } from './url-match.js';

describe('urlMatcher', () => {
  it('matches every URL without a pattern', () => {
    expect(urlMatcher(undefined)('http://127.0.0.1:1/x')).toBe(true);
  });

  it('treats a pattern without * as a substring', () => {
    const match = urlMatcher('/api/items');
    expect(match('http://127.0.0.1:4000/api/items?page=2')).toBe(true);
    expect(match('http://127.0.0.1:4000/api/item')).toBe(false);
  });

  it('lets * stay within a path segment and ** cross segments', () => {
    expect(urlMatcher('**/api/*')('http://h/api/items')).toBe(true);
    expect(urlMatcher('**/api/*')('http://h/api/items/3')).toBe(false);
    expect(urlMatcher('**/api/**')('http://h/api/items/3')).toBe(true);
  });

  it('takes regex characters in a glob literally', () => {
    expect(urlMatcher('http://h/a.b?c=*')('http://h/a.b?c=1')).toBe(true);
    expect(urlMatcher('http://h/a.b?c=*')('http://h/aXb?c=1')).toBe(false);
  });

  it('anchors globs at both ends, and * never crosses a slash, also next to **', () => {
    expect(urlMatcher('http://h/*')('x http://h/a')).toBe(false);
    expect(urlMatcher('http://h/*')('http://h/a/')).toBe(false);
    expect(urlMatcher('**/a/***')('http://h/a/b/c')).toBe(true);
    expect(urlMatcher('*//h/*')('http://h/x')).toBe(true);
    expect(urlMatcher('*')('http://h/x')).toBe(false);
    expect(urlMatcher('**')('')).toBe(true);
  });

  it('matches a wildcard-heavy pattern against a long URL at once (no backtracking)', () => {
    const pattern = `${'**a'.repeat(300)}**b`;
    const url = `http://h/${'a'.repeat(1900)}`;
    expect(urlMatcher(pattern)(url)).toBe(false);
    expect(urlMatcher(pattern)(`${url}b`)).toBe(true);
    expect(urlMatcher(`${'*a'.repeat(300)}*b`)(url)).toBe(false);
  });
});

describe('methodMatcher', () => {
  it('accepts every method when none is listed and compares case-insensitively otherwise', () => {
    expect(methodMatcher([])('DELETE')).toBe(true);
    expect(methodMatcher(['post'])('POST')).toBe(true);
    expect(methodMatcher(['GET'])('POST')).toBe(false);
  });
});
