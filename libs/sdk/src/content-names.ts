import { parseAriaSnapshotLine, type AriaSnapshotNode } from './aria-snapshot.js';

// One accessible name per element across every answer (issue 29, issue 42): the snapshot, find,
// elements_list and the names a role selector matches are all read from Playwright's AI-mode
// text, and a name Playwright leaves off a line because its children show it is spelled here,
// once.

/** A text child line (`- text: We are using …`): inline text of the container above it, without a ref. */
const TEXT_CHILD = /^(\s*)- text: (.*)$/;

/**
 * Roles whose accessible name is computed from their content (WAI-ARIA 1.2, "Name From:
 * contents"). Playwright's AI snapshot leaves such a name off a line whose children show it
 * (`treeitem [ref=e4]:` over `link "Hashes"` and `text: md5`), but keeps it when a depth limit
 * hides the children (`treeitem "Hashes md5"`). Only these roles get a name back from their
 * children: a listitem or generic around a link has no name of its own.
 */
export const NAME_FROM_CONTENT = new Set([
  'button',
  'cell',
  'checkbox',
  'columnheader',
  'gridcell',
  'heading',
  'link',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'option',
  'radio',
  'row',
  'rowheader',
  'switch',
  'tab',
  'tooltip',
  'treeitem',
]);

export interface ReadNode extends AriaSnapshotNode {
  /** Index of the node's line in the snapshot text. */
  line: number;
  /** The accessible name the snapshot left off this line because its children show it. */
  contentName?: string;
  /** Index of the closest ref-bearing ancestor in the list, when there is one. */
  parent?: number;
}

interface Open {
  node: ReadNode;
  index: number;
  /** What this node contributes to its name from content, in order: its inline text, then its children. */
  parts: string[];
}

/** The node's name, whether the snapshot showed it on its line or as its children. */
export function nameOf(node: ReadNode): string {
  return node.name || node.contentName || '';
}

/**
 * Ref-bearing nodes of an AI snapshot, each with its inline text (the text after its colon plus
 * the `- text:` lines directly inside it: text that sits in a container between other elements)
 * and, for name-from-content roles shown without a name, the name their children spell.
 */
export function nodesWithInlineText(snapshot: string): ReadNode[] {
  const nodes: ReadNode[] = [];
  const open: Open[] = [];
  const close = () => {
    const done = open.pop()!;
    const spelled = done.parts.filter(Boolean).join(' ').replace(/\s+/g, ' ').trim();
    if (!done.node.name && spelled && NAME_FROM_CONTENT.has(done.node.role)) done.node.contentName = spelled;
    const own = done.node.name || spelled;
    if (own) open.at(-1)?.parts.push(own);
  };
  const lines = snapshot.split('\n');
  for (let at = 0; at < lines.length; at++) {
    const line = lines[at];
    const child = TEXT_CHILD.exec(line);
    if (child) {
      const depth = child[1].length / 2;
      while (open.length && open[open.length - 1].node.depth >= depth) close();
      const parent = open.at(-1);
      const text = unquote(child[2]);
      parent?.parts.push(text);
      if (parent && parent.node.depth === depth - 1) parent.node.text = [parent.node.text, text].filter(Boolean).join(' ');
      continue;
    }
    const parsed = parseAriaSnapshotLine(line);
    if (!parsed) continue;
    while (open.length && open[open.length - 1].node.depth >= parsed.depth) close();
    const node: ReadNode = { ...parsed, line: at, ...(open.length ? { parent: open[open.length - 1].index } : {}) };
    open.push({ node, index: nodes.length, parts: parsed.text ? [parsed.text] : [] });
    nodes.push(node);
  }
  while (open.length) close();
  return nodes;
}

function unquote(value: string): string {
  const text = value.trim();
  if (!text.startsWith('"')) return text;
  try {
    return JSON.parse(text) as string;
  } catch {
    return text;
  }
}

/**
 * The snapshot with each name Playwright left off a line (its children show it: `button [ref=e2]:`
 * over `img "gear"` and `text: Settings`) written onto the line, as a role selector matches it:
 * `button "gear Settings" [ref=e2]:` (issue 42). Only name-from-content roles get one.
 */
export function withContentNames(snapshot: string): string {
  const nodes = nodesWithInlineText(snapshot).filter((node) => node.contentName);
  if (!nodes.length) return snapshot;
  const lines = snapshot.split('\n');
  for (const node of nodes) {
    const line = lines[node.line];
    const at = /^(\s*- [a-z]+)(?= \[|:|$)/.exec(line);
    if (at) lines[node.line] = `${at[1]} ${JSON.stringify(node.contentName)}${line.slice(at[1].length)}`;
  }
  return lines.join('\n');
}
