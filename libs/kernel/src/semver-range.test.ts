// A plugin written for another SDK major must be refused at load, not fail at its first call;
// and a range we cannot read must be an error, never a silent yes.
import { describe, expect, it } from 'vitest';
import { satisfiesRange } from './semver-range.js';

describe('satisfiesRange', () => {
  it.each([
    ['0.1.0', '^0.1.0', true],
    ['0.1.5', '^0.1.0', true],
    ['0.2.0', '^0.1.0', false],
    ['1.4.0', '^1.2.3', true],
    ['2.0.0', '^1.2.3', false],
    ['0.0.4', '^0.0.3', false],
    ['1.2.9', '~1.2.3', true],
    ['1.3.0', '~1.2.3', false],
    ['0.1.0', '>=0.1.0 <1.0.0', true],
    ['1.0.0', '>=0.1.0 <1.0.0', false],
    ['0.1.0', '0.1.x', true],
    ['0.1.0', '*', true],
    ['0.1.0', '^1.0.0 || ^0.1.0', true],
    ['0.1.0', '0.1.0', true],
    ['0.1.1', '=0.1.0', false],
  ])('%s satisfies %s: %s', (version, range, expected) => {
    expect(satisfiesRange(version, range)).toBe(expected);
  });

  it('refuses a range it cannot parse', () => {
    expect(() => satisfiesRange('0.1.0', 'latest')).toThrow(/unsupported|not a version/);
  });
});
