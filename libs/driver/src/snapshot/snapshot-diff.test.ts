// `since: "last"` must show every change in its place in the tree, or an agent acts on stale refs.
import { describe, expect, it } from 'vitest';
import { diffSnapshots } from './snapshot-diff.js';

const before = [
  '- generic [ref=e1]:',
  '  - heading "Todos" [level=1] [ref=e2]',
  '  - list [ref=e3]:',
  '    - listitem [ref=e4]: one',
  '    - listitem [ref=e5]: two',
  '  - button "Add" [ref=e6]',
].join('\n');

describe('diffSnapshots', () => {
  it('returns nothing when nothing changed', () => {
    expect(diffSnapshots(before, before)).toEqual({ text: '', added: 0, removed: 0 });
  });

  it('shows an added line with its unchanged ancestors as context', () => {
    const after = before.replace('    - listitem [ref=e5]: two', '    - listitem [ref=e5]: two\n    - listitem [ref=e7]: three');
    const diff = diffSnapshots(before, after);
    expect(diff.text.split('\n')).toEqual(['  - generic [ref=e1]:', '    - list [ref=e3]:', '+     - listitem [ref=e7]: three']);
    expect(diff).toMatchObject({ added: 1, removed: 0 });
  });

  it('shows a changed line as removed plus added, without repeating context', () => {
    const after = before
      .replace('button "Add" [ref=e6]', 'button "Add" [disabled] [ref=e6]')
      .replace('listitem [ref=e4]: one', 'listitem [ref=e4]: uno');
    const lines = diffSnapshots(before, after).text.split('\n');
    expect(lines).toEqual([
      '  - generic [ref=e1]:',
      '    - list [ref=e3]:',
      '-     - listitem [ref=e4]: one',
      '+     - listitem [ref=e4]: uno',
      '-   - button "Add" [ref=e6]',
      '+   - button "Add" [disabled] [ref=e6]',
    ]);
  });

  it('shows an element moved to another parent, though its line differs only by indentation', () => {
    // listitem e5 leaves the list and becomes a sibling of it: same text, one level up.
    const after = before.replace('    - listitem [ref=e5]: two', '  - listitem [ref=e5]: two');
    const diff = diffSnapshots(before, after);
    expect(diff).toMatchObject({ added: 1, removed: 1 });
    expect(diff.text.split('\n')).toEqual([
      '  - generic [ref=e1]:',
      '    - list [ref=e3]:',
      '-     - listitem [ref=e5]: two',
      '+   - listitem [ref=e5]: two',
    ]);
  });

  it('diffs by element: a wrapper that appears around a list is its own lines, not the list again (issue 42)', () => {
    const after = before
      .replace('  - list [ref=e3]:', '  - generic [ref=e8]:\n    - text: 3 items\n    - list [ref=e3]:')
      .replace('    - listitem [ref=e4]: one', '      - listitem [ref=e4]: one')
      .replace('    - listitem [ref=e5]: two', '      - listitem [ref=e5]: two\n      - listitem [ref=e7]: three');
    const diff = diffSnapshots(before, after);
    expect(diff.text.split('\n')).toEqual([
      '  - generic [ref=e1]:',
      '+   - generic [ref=e8]:',
      '+     - text: 3 items',
      '      - list [ref=e3]:',
      '+       - listitem [ref=e7]: three',
    ]);
    expect(diff).toMatchObject({ added: 3, removed: 0 });
    // And the wrapper going away again is only the wrapper's lines.
    expect(diffSnapshots(after, before)).toMatchObject({ added: 0, removed: 3 });
  });

  it('keeps a removed subtree together', () => {
    const after = ['- generic [ref=e1]:', '  - heading "Todos" [level=1] [ref=e2]', '  - button "Add" [ref=e6]'].join('\n');
    const diff = diffSnapshots(before, after);
    expect(diff.removed).toBe(3);
    expect(diff.text).toContain('-   - list [ref=e3]:');
    expect(diff.text).toContain('-     - listitem [ref=e5]: two');
  });

  it('falls back to replace-all for very large middles instead of exhausting memory', () => {
    const a = Array.from({ length: 2500 }, (_, i) => `- item ${i}`).join('\n');
    const b = Array.from({ length: 2500 }, (_, i) => `- item ${i + 1}x`).join('\n');
    const diff = diffSnapshots(a, b);
    expect(diff.added).toBe(2500);
    expect(diff.removed).toBe(2500);
  });

  it('ignores focus moving: [active] churn is not a change and never shown', () => {
    const before = '- generic [active] [ref=e1]:\n  - button "Go" [ref=e2]\n  - list [ref=e3]';
    const after = '- generic [ref=e1]:\n  - button "Go" [active] [ref=e2]\n  - list [ref=e3]:\n    - listitem [ref=e4]: one';
    const diff = diffSnapshots(before, after);
    expect(diff.text).toBe('  - generic [ref=e1]:\n-   - list [ref=e3]\n+   - list [ref=e3]:\n+     - listitem [ref=e4]: one');
    expect(
      diffSnapshots(before, after.split('\n').slice(0, 3).join('\n').replace(':', ':').replace('list [ref=e3]:', 'list [ref=e3]')).text,
    ).toBe('');
  });
});
