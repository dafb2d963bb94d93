// Playwright's AI snapshot leaves a name off a line whose children show it, but keeps it when a
// depth limit hides them. An agent that read `treeitem "Hashes md5"` in a depth-limited snapshot
// must find that treeitem by that name (issue 29 item 6), and a name that a child matches by
// itself must not also return every ancestor spelled from it.
import { describe, expect, it } from 'vitest';
import { matchNodes, nameOf, nodesWithInlineText } from './match-nodes.js';

const SNAPSHOT = [
  '- tree "Demos" [ref=e2]:',
  '  - treeitem [ref=e3]:',
  '    - link "Hashes" [ref=e4]',
  '    - text: md5, sha1',
  '  - treeitem [ref=e5]: Text tools',
  '- list [ref=e6]:',
  '  - listitem [ref=e7]:',
  '    - link "Hashes" [ref=e8]',
  '- row [ref=e9]:',
  '  - cell "Order 7" [ref=e10]',
  '  - cell [ref=e11]:',
  '    - generic [ref=e12]: shipped',
].join('\n');

describe('names shown as children', () => {
  it('name-from-content roles get the name their children spell; other roles do not', () => {
    const names = Object.fromEntries(nodesWithInlineText(SNAPSHOT).map((n) => [n.ref, nameOf(n)]));
    expect(names).toMatchObject({ e3: 'Hashes md5, sha1', e5: 'Text tools', e7: '', e9: 'Order 7 shipped', e11: 'shipped' });
  });

  it('find matches the spelled name, and prefers the child that matches by itself', () => {
    expect(matchNodes(SNAPSHOT, { name: 'hashes md5' }).map((n) => n.ref)).toEqual(['e3']);
    expect(matchNodes(SNAPSHOT, { name: 'Hashes' }).map((n) => n.ref)).toEqual(['e4', 'e8']);
    expect(matchNodes(SNAPSHOT, { role: 'treeitem', name: 'hashes' }).map((n) => n.ref)).toEqual(['e3']);
    expect(matchNodes(SNAPSHOT, { role: 'row', name: 'order 7' }).map((n) => n.ref)).toEqual(['e9']);
    // text still matches what a line shows, not a spelled name.
    expect(matchNodes(SNAPSHOT, { text: 'md5' }).map((n) => n.ref)).toEqual(['e3']);
    expect(matchNodes(SNAPSHOT, { text: 'order 7' }).map((n) => n.ref)).toEqual(['e10']);
  });
});
