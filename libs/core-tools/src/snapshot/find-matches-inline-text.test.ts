// Text that sits directly in a container between other elements appears as `- text:` lines
// without refs; electron_find must still find the container by that text.
import { describe, expect, it } from 'vitest';
import { matchNodes } from './match-nodes.js';

const SNAPSHOT = [
  '- contentinfo [ref=e10]:',
  '  - paragraph [ref=e11]:',
  '    - text: Notes is built on',
  '    - link "Electron" [ref=e12] [cursor=pointer]:',
  '      - /url: https://www.electronjs.org',
  '    - text: ". We are using Node.js 20"',
  '  - button "Save" [ref=e13]: Save now',
].join('\n');

describe('matchNodes', () => {
  it('matches inline text children to their container, not to its ancestors', () => {
    expect(matchNodes(SNAPSHOT, { text: 'using node.js' }).map((n) => [n.ref, n.text])).toEqual([
      ['e11', 'Notes is built on . We are using Node.js 20'],
    ]);
    expect(matchNodes(SNAPSHOT, { text: 'save now' }).map((n) => n.ref)).toEqual(['e13']);
    expect(matchNodes(SNAPSHOT, { text: 'electron' }).map((n) => n.ref)).toEqual(['e12']);
  });
});
