// A cut snapshot's outline is how an agent reaches what the window did not show: every landmark
// and large container with its ref, its size and whether the window showed it.
import { describe, expect, it } from 'vitest';
import { outlineOf } from './snapshot-outline.js';

const row = (i: number) => `      - listitem [ref=e${100 + i}]: ${'x'.repeat(60)} ${i}`;
const text = [
  '- generic [ref=e1]:',
  '  - banner [ref=e2]:',
  '    - heading "Console" [level=1] [ref=e3]',
  '  - main [ref=e4]:',
  '    - region "Items" [ref=e5]:',
  ...Array.from({ length: 10 }, (_, l) => [
    `      - list "Items ${l}" [ref=e${20 + l}]:`,
    ...Array.from({ length: 20 }, (_, i) => `  ${row(l * 20 + i)}`),
  ]).flat(),
  '    - list [ref=e9]:',
  '      - listitem [ref=e10]: small',
].join('\n');

describe('outlineOf', () => {
  it('lists landmarks and large containers with ref, size and what the window showed', () => {
    const shown = text.indexOf('list "Items 1"') + 10;
    const lines = outlineOf(text, shown).split('\n');
    expect(lines[0]).toMatch(/^- banner \[ref=e2\] \d+ chars$/);
    expect(lines[1]).toMatch(/^- main \[ref=e4\] \d+ chars, cut$/);
    expect(lines[2]).toMatch(/^ {2}- region "Items" \[ref=e5\] \d+ chars, cut$/);
    expect(lines[3]).toMatch(/^ {4}- list "Items 0" \[ref=e20\] \d+ chars$/);
    expect(lines[4]).toMatch(/^ {4}- list "Items 1" \[ref=e21\] \d+ chars, cut$/);
    expect(lines[5]).toMatch(/^ {4}- list "Items 2" \[ref=e22\] \d+ chars, not shown$/);
    expect(lines[11]).toBe('    - … 2 more');
    // A small container that is not a landmark is not worth an entry.
    expect(lines.join('\n')).not.toContain('[ref=e9]');
  });
});
