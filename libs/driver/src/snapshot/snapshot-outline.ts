import { parseAriaSnapshotLine } from '@stagewright/sdk';

/**
 * The outline of a cut snapshot (ADR-0017): its landmarks and large containers, each with its ref
 * and size in characters and whether the cut window showed it, so an agent can root the next
 * snapshot (`ref`, `depth`) where the content it needs is. One line per entry, indented like the
 * snapshot:
 *   - navigation "Sidebar" [ref=e9] 14210 chars
 *   - main [ref=e480] 220031 chars, cut
 *     - region "Orders" [ref=e3100] 90210 chars, not shown
 */
const LANDMARKS = new Set([
  'banner',
  'complementary',
  'contentinfo',
  'dialog',
  'alertdialog',
  'form',
  'main',
  'navigation',
  'region',
  'search',
]);
const CONTAINERS = new Set(['grid', 'list', 'listbox', 'menu', 'menubar', 'table', 'tablist', 'tabpanel', 'toolbar', 'tree', 'treegrid']);
/** A container that is not a landmark is listed only from this size on. */
const MIN_CONTAINER_CHARS = 1_000;
const MAX_LEVELS = 3;
const MAX_CHILDREN = 8;
const MAX_ENTRIES = 40;

interface Node {
  role: string;
  name: string;
  ref: string;
  start: number;
  end: number;
  chars: number;
  children: Node[];
}

/** `text` is the whole snapshot; `shownChars` is how much of it the cut window kept. */
export function outlineOf(text: string, shownChars: number): string {
  const roots = containersOf(text);
  const out: string[] = [];
  const walk = (nodes: Node[], level: number) => {
    const listed = nodes.slice(0, MAX_CHILDREN);
    for (const node of listed) {
      if (out.length >= MAX_ENTRIES) return;
      const name = node.name ? ` ${JSON.stringify(node.name)}` : '';
      const shown = node.end <= shownChars ? '' : node.start >= shownChars ? ', not shown' : ', cut';
      out.push(`${'  '.repeat(level)}- ${node.role}${name} [ref=${node.ref}] ${node.chars} chars${shown}`);
      if (level + 1 < MAX_LEVELS) walk(node.children, level + 1);
    }
    if (nodes.length > listed.length && out.length < MAX_ENTRIES) {
      out.push(`${'  '.repeat(level)}- … ${nodes.length - listed.length} more`);
    }
  };
  walk(roots, 0);
  return out.join('\n');
}

/** The outline-worthy nodes as a tree: each under its nearest outline-worthy ancestor. */
function containersOf(text: string): Node[] {
  const roots: Node[] = [];
  /** Outline-worthy ancestors of the current line, with the line their subtree ends before. */
  const open: { end: number; node: Node }[] = [];
  const lines = text.split('\n');
  let offset = 0;
  const ends = subtreeEnds(lines);
  for (let i = 0; i < lines.length; i++) {
    const start = offset;
    offset += lines[i].length + 1;
    const parsed = parseAriaSnapshotLine(lines[i]);
    if (!parsed) continue;
    while (open.length && open[open.length - 1].end <= i) open.pop();
    const end = ends[i].offset;
    const chars = end - start;
    const worthy = LANDMARKS.has(parsed.role) || (CONTAINERS.has(parsed.role) && chars >= MIN_CONTAINER_CHARS);
    if (!worthy) continue;
    const node: Node = { role: parsed.role, name: parsed.name, ref: parsed.ref, start, end, chars, children: [] };
    const parent = open.at(-1)?.node;
    (parent ? parent.children : roots).push(node);
    open.push({ end: ends[i].line, node });
  }
  return roots;
}

/** For each line: the index of the first line after its subtree, and that line's character offset. */
function subtreeEnds(lines: string[]): { line: number; offset: number }[] {
  const offsets: number[] = [];
  let offset = 0;
  for (const line of lines) {
    offsets.push(offset);
    offset += line.length + 1;
  }
  offsets.push(offset);
  const indents = lines.map((line) => line.length - line.trimStart().length);
  const ends = new Array<{ line: number; offset: number }>(lines.length);
  const stack: number[] = [];
  for (let i = 0; i <= lines.length; i++) {
    const indent = i < lines.length ? indents[i] : -1;
    while (stack.length && indents[stack[stack.length - 1]] >= indent) {
      const j = stack.pop()!;
      ends[j] = { line: i, offset: offsets[i] };
    }
    if (i < lines.length) stack.push(i);
  }
  return ends;
}
