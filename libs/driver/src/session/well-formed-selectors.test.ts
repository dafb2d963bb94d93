// Only a selector Playwright has parsed is remembered, so skipping the check can never let a
// malformed one through; the memory stays bounded however many selectors an agent sends.
import { describe, expect, it } from 'vitest';
import { WELL_FORMED_SELECTOR_LIMIT, WellFormedSelectors, plainlyWellFormed } from './well-formed-selectors.js';

describe('WellFormedSelectors', () => {
  it('knows only what was added', () => {
    const known = new WellFormedSelectors();
    known.add('#save');
    expect(known.has('#save')).toBe(true);
    expect(known.has('#save ')).toBe(false);
  });

  it('forgets the least recently added past its limit, and re-adding refreshes a selector', () => {
    const known = new WellFormedSelectors();
    for (let i = 0; i < WELL_FORMED_SELECTOR_LIMIT; i++) known.add(`#s${i}`);
    known.add('#s0');
    known.add('#new');
    expect(known.has('#s0')).toBe(true);
    expect(known.has('#s1')).toBe(false);
    expect(known.has('#new')).toBe(true);
  });

  it('takes tag, id and class selectors as well formed by shape, and nothing that could fail to parse', () => {
    for (const plain of ['#save', 'button', 'li.item', 'h1', '#a_b-c.d', 'div#main.wide.tall']) expect(plainlyWellFormed(plain)).toBe(true);
    const parsedByPlaywright = [
      '',
      '#',
      '.',
      '#1st',
      'div[',
      'a b',
      'a>b',
      'text=Hi',
      'role=button',
      '//div',
      '#a\\:b',
      ' #save',
      '#save ',
      'a,b',
      '*',
    ];
    for (const other of parsedByPlaywright) expect(plainlyWellFormed(other)).toBe(false);
  });
});
