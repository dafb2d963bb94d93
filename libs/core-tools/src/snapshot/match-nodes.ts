import { parseAriaSnapshot, type AriaSnapshotNode } from '@stagewright/sdk';

/** Nodes of an AI snapshot matching role (exact, case-insensitive) and name/text substrings. */
export function matchNodes(snapshot: string, query: { role?: string; name?: string; text?: string }): AriaSnapshotNode[] {
  const role = query.role?.toLowerCase();
  const name = query.name?.toLowerCase();
  const text = query.text?.toLowerCase();
  return parseAriaSnapshot(snapshot).filter((node) => {
    if (role && node.role.toLowerCase() !== role) return false;
    if (name && !node.name.toLowerCase().includes(name)) return false;
    if (text && !`${node.name}\n${node.text ?? ''}`.toLowerCase().includes(text)) return false;
    return true;
  });
}
