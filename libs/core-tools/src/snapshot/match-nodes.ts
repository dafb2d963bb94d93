import { parseAriaSnapshotLine, type AriaSnapshotNode } from '@stagewright/sdk';

/** A text child line (`- text: We are using …`): inline text of the container above it, without a ref. */
const TEXT_CHILD = /^(\s*)- text: (.*)$/;

/**
 * Roles whose accessible name is computed from their content (WAI-ARIA 1.2, "Name From:
 * contents"). Playwright's AI snapshot leaves such a name off a line whose children show it
 * (`treeitem [ref=e4]:` over `link "Hashes"` and `text: md5`), but keeps it when a depth limit
 * hides the children (`treeitem "Hashes md5"`). Only these roles get a name back from their
 * children: a listitem or generic around a link has no name of its own.
 */
const NAME_FROM_CONTENT = new Set([
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
  for (const line of snapshot.split('\n')) {
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
    const node: ReadNode = { ...parsed, ...(open.length ? { parent: open[open.length - 1].index } : {}) };
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
 * Nodes of an AI snapshot matching role (exact, case-insensitive) and name/text substrings. A
 * name matches the line's name or the name its children spell; a node matched only through its
 * children's name is left out when one of those children matches the query itself (the link
 * "Hashes" is the answer to name "Hashes", not also the treeitem around it).
 */
export function matchNodes(snapshot: string, query: { role?: string; name?: string; text?: string }): ReadNode[] {
  const role = query.role?.toLowerCase();
  const name = query.name?.toLowerCase();
  const text = query.text?.toLowerCase();
  const nodes = nodesWithInlineText(snapshot);
  const hit = nodes.map((node) => {
    if (role && node.role.toLowerCase() !== role) return false;
    if (name && !nameOf(node).toLowerCase().includes(name)) return false;
    if (text && !`${node.name}\n${node.text ?? ''}`.toLowerCase().includes(text)) return false;
    return true;
  });
  const closerMatch = new Set<number>();
  nodes.forEach((node, i) => {
    if (!hit[i]) return;
    for (let up = node.parent; up !== undefined; up = nodes[up].parent) closerMatch.add(up);
  });
  return nodes.filter((node, i) => hit[i] && !(name && !node.name && node.contentName && closerMatch.has(i)));
}
