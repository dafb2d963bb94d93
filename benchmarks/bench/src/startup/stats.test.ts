// The startup figure is a median so one slow run on a shared machine does not become the number.
import { describe, expect, it } from 'vitest';
import { median } from './stats.js';

describe('median', () => {
  it('takes the middle of an odd sample, whatever the order', () => {
    expect(median([900, 120, 130])).toBe(130);
  });
  it('averages the two middle values of an even sample', () => {
    expect(median([100, 400, 200, 300])).toBe(250);
  });
  it('refuses an empty sample', () => {
    expect(() => median([])).toThrow('median of no values');
  });
});
