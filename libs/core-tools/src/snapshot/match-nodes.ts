import { nameOf, nodesWithInlineText, type ReadNode } from '@stagewright/sdk';

export { nameOf, nodesWithInlineText, type ReadNode } from '@stagewright/sdk';

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
