import { parseAriaSnapshotLine, type AriaSnapshotNode } from '@stagewright/sdk';

/** A text child line (`- text: We are using …`): inline text of the container above it, without a ref. */
const TEXT_CHILD = /^(\s*)- text: (.*)$/;

/**
 * Ref-bearing nodes of an AI snapshot, each with its inline text: the text after its colon plus
 * the `- text:` lines directly inside it (text that sits in a container between other elements).
 */
export function nodesWithInlineText(snapshot: string): AriaSnapshotNode[] {
  const nodes: AriaSnapshotNode[] = [];
  const open: AriaSnapshotNode[] = [];
  for (const line of snapshot.split('\n')) {
    const child = TEXT_CHILD.exec(line);
    if (child) {
      const depth = child[1].length / 2;
      while (open.length && open[open.length - 1].depth >= depth) open.pop();
      const parent = open.at(-1);
      if (parent && parent.depth === depth - 1) parent.text = [parent.text, unquote(child[2])].filter(Boolean).join(' ');
      continue;
    }
    const node = parseAriaSnapshotLine(line);
    if (!node) continue;
    while (open.length && open[open.length - 1].depth >= node.depth) open.pop();
    open.push(node);
    nodes.push(node);
  }
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

/** Nodes of an AI snapshot matching role (exact, case-insensitive) and name/text substrings. */
export function matchNodes(snapshot: string, query: { role?: string; name?: string; text?: string }): AriaSnapshotNode[] {
  const role = query.role?.toLowerCase();
  const name = query.name?.toLowerCase();
  const text = query.text?.toLowerCase();
  return nodesWithInlineText(snapshot).filter((node) => {
    if (role && node.role.toLowerCase() !== role) return false;
    if (name && !node.name.toLowerCase().includes(name)) return false;
    if (text && !`${node.name}\n${node.text ?? ''}`.toLowerCase().includes(text)) return false;
    return true;
  });
}
