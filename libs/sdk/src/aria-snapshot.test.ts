// electron_find and REF_NOT_FOUND's `similar` read refs, roles and names from snapshot lines;
// the YAML quoting Playwright uses for awkward names must not lose or invent elements.
import { describe, expect, it } from 'vitest';
import { parseAriaSnapshot, parseAriaSnapshotLine } from './aria-snapshot.js';

describe('parseAriaSnapshotLine', () => {
  it('reads role, name, states, ref, inline text and depth', () => {
    expect(parseAriaSnapshotLine('    - checkbox "Agree" [checked] [disabled] [ref=e12]')).toEqual({
      ref: 'e12',
      role: 'checkbox',
      name: 'Agree',
      states: { checked: 'true', disabled: 'true' },
      text: undefined,
      depth: 2,
    });
    expect(parseAriaSnapshotLine('  - heading "Title" [level=2] [ref=f1e3]')).toMatchObject({ ref: 'f1e3', states: { level: '2' } });
    expect(parseAriaSnapshotLine('  - listitem [ref=e4]: one')).toMatchObject({ role: 'listitem', name: '', text: 'one' });
    expect(parseAriaSnapshotLine('  - paragraph [ref=e3]: "Text: with colon"')).toMatchObject({ text: 'Text: with colon' });
  });

  it('unquotes YAML-quoted keys and escaped names', () => {
    expect(parseAriaSnapshotLine(`  - 'button "a: b \\"q\\"" [ref=e2]'`)).toMatchObject({ role: 'button', name: 'a: b "q"', ref: 'e2' });
    expect(parseAriaSnapshotLine(`  - 'link "it''s" [ref=e5] [cursor=pointer]'`)).toMatchObject({ role: 'link', name: "it's", states: {} });
  });

  it('skips lines without refs (text, properties) and non-item lines', () => {
    expect(parseAriaSnapshotLine('    - text: Email')).toBeUndefined();
    expect(parseAriaSnapshotLine('    - /url: http://x/y')).toBeUndefined();
    expect(parseAriaSnapshotLine('not yaml')).toBeUndefined();
  });

  it('parses a whole snapshot in document order', () => {
    const nodes = parseAriaSnapshot('- generic [active] [ref=e1]:\n  - text: hi\n  - button "Go" [ref=e2]');
    expect(nodes.map((n) => n.ref)).toEqual(['e1', 'e2']);
  });
});
