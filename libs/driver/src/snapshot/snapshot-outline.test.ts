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
    // Past the first eight, the rest of the run are listed compactly: ref, role once, name.
    expect(lines[11]).toBe('    - 2 more: e28 list "Items 8", e29 "Items 9"');
    // A small container that is not a landmark is not worth an entry.
    expect(lines.join('\n')).not.toContain('[ref=e9]');
  });

  it('lists every one of hundreds of sibling lists by ref and name, within its budget', () => {
    const many = [
      '- main [ref=e1]:',
      '  - region "Items" [ref=e2]:',
      ...Array.from({ length: 240 }, (_, l) => [
        `    - list "Items ${l * 50 + 1} to ${l * 50 + 50}" [ref=e${1000 + l}]:`,
        ...Array.from({ length: 12 }, (_, i) => `      - listitem [ref=e${10_000 + l * 100 + i}]: ${'x'.repeat(80)}`),
      ]).flat(),
    ].join('\n');
    const outline = outlineOf(many, 500);
    expect(outline.length).toBeLessThanOrEqual(10_000);
    for (const l of [0, 7, 8, 53, 239]) expect(outline).toContain(`e${1000 + l}`);
    expect(outline).toContain('e1053 "Items 2651 to 2700"');
    expect(outline).toMatch(/^ {4}- 232 more: e1008 list "Items 401 to 450", e1009 "Items 451 to 500",/m);
    for (const line of outline.split('\n')) expect(line.length).toBeLessThanOrEqual(110);

    // A smaller budget lists what fits and counts the rest, never cutting an entry in two.
    const small = outlineOf(many, 500, 1_500);
    expect(small.length).toBeLessThanOrEqual(1_500);
    const notListed = Number(/… (\d+) not listed$/.exec(small)?.[1]);
    const listed = small.match(/\be1\d{3}\b/g)?.length ?? 0;
    expect(listed + notListed).toBe(240);
  });
});
