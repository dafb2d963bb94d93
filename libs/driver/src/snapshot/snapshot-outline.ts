import { parseAriaSnapshotLine } from '@stagewright/sdk';

/**
 * The outline of a cut snapshot (ADR-0017): its landmarks and large containers, each with its ref
 * and size in characters and whether the cut window showed it, so an agent can root the next
 * snapshot (`ref`, `depth`) where the content it needs is. One line per entry, indented like the
 * snapshot:
 *   - navigation "Sidebar" [ref=e9] 14210 chars
 *   - main [ref=e480] 220031 chars, cut
 *     - region "Orders" [ref=e3100] 90210 chars, not shown
 * Past the first MAX_CHILDREN children of an entry, the rest are listed compactly, a ref and a
 * name each, so the agent can root its next snapshot at any of them without first reading their
 * parent (issue 24: snapshot → rooted snapshot → act, three calls, on a 20k page of 240 lists):
 *       - 232 more: e9001 "Items 401 to 450", e9207 "Items 451 to 500", …
 * The whole outline stays within the character budget it is given; what does not fit is counted.
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
/** The default character budget of a whole outline (the store passes a third of maxChars). */
export const OUTLINE_CHARS = 10_000;
/** Compact entries are wrapped onto lines of about this many characters. */
const COMPACT_LINE_CHARS = 100;
const NOT_LISTED_CHARS = 24;

interface Node {
  role: string;
  name: string;
  ref: string;
  start: number;
  end: number;
  chars: number;
  children: Node[];
}

/**
 * `text` is the whole snapshot; `shownChars` is how much of it the cut window kept; `budget` bounds
 * the outline's own length in characters.
 */
export function outlineOf(text: string, shownChars: number, budget = OUTLINE_CHARS): string {
  const roots = containersOf(text);
  const out: string[] = [];
  let used = 0;
  const emit = (line: string): boolean => {
    if (used + line.length + 1 > budget) return false;
    out.push(line);
    used += line.length + 1;
    return true;
  };
  const walk = (nodes: Node[], level: number) => {
    const indent = '  '.repeat(level);
    const listed = nodes.slice(0, MAX_CHILDREN);
    let done = 0;
    for (const node of listed) {
      if (out.length >= MAX_ENTRIES) break;
      const name = node.name ? ` ${JSON.stringify(node.name)}` : '';
      const shown = node.end <= shownChars ? '' : node.start >= shownChars ? ', not shown' : ', cut';
      if (!emit(`${indent}- ${node.role}${name} [ref=${node.ref}] ${node.chars} chars${shown}`)) break;
      done++;
      if (level + 1 < MAX_LEVELS) walk(node.children, level + 1);
    }
    if (done < nodes.length) compact(nodes.slice(done), indent);
  };
  /** The rest of a run of siblings: `- N more: e12 list "name", e13 "name", …`, within the budget. */
  const compact = (rest: Node[], indent: string) => {
    let line = `${indent}- ${rest.length} more:`;
    let entries = 0;
    let role = '';
    let written = 0;
    for (const node of rest) {
      const entry = `${node.ref}${node.role === role ? '' : ` ${node.role}`}${node.name ? ` ${JSON.stringify(node.name)}` : ''}`;
      const piece = ` ${entry}${written === rest.length - 1 ? '' : ','}`;
      if (entries > 0 && line.length + piece.length > COMPACT_LINE_CHARS) {
        if (!emit(line)) return;
        line = `${indent}  `;
        entries = 0;
      }
      // Room is kept for the words that count what did not fit.
      if (used + line.length + piece.length + NOT_LISTED_CHARS > budget) break;
      line += piece;
      entries++;
      role = node.role;
      written++;
    }
    if (written < rest.length) line += ` … ${rest.length - written} not listed`;
    emit(line);
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
