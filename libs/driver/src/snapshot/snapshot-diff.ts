/**
 * Element diff of two aria snapshots (YAML, two-space indentation). Output is unified-diff-like:
 * `+ ` added, `- ` removed, `  ` an unchanged ancestor kept for context, so every changed line
 * can be placed in the tree without the rest of the snapshot.
 */
export interface SnapshotDiff {
  text: string;
  added: number;
  removed: number;
}

type Op = { op: '=' | '+' | '-'; line: string };

/** Above this many cells the middle part is treated as replaced wholesale (bounded memory). */
const MAX_LCS_CELLS = 4_000_000;

/** Focus marker of the element that has focus: moving it is noise, not a change of the UI. */
const ACTIVE = / \[active\]/g;

/**
 * The diff ignores focus (`[active]`) moving: lines differing only by it are unchanged, and none is shown with it.
 * It compares elements, not lines (issue 42): an element is unchanged when its line, without its
 * indentation, is the same and it sits under the same element, counting only ancestors both
 * snapshots have. So a wrapper that appears around a list shows as the wrapper's lines, not as
 * the whole list removed and added again one level deeper; an element moved to another parent
 * still shows as removed there and added here.
 */
export function diffSnapshots(before: string, after: string): SnapshotDiff {
  const a = before.replace(ACTIVE, '').split('\n');
  const b = after.replace(ACTIVE, '').split('\n');
  const [keysA, keysB] = elementKeys(a, b);
  const ops = keyedOps(keysA, keysB).map(({ op, a: i, b: j }) => ({ op, line: op === '-' ? a[i!] : b[j!] }));
  const out: string[] = [];
  const stack: { indent: number; line: string; emitted: boolean }[] = [];
  let added = 0;
  let removed = 0;
  for (const { op, line } of ops) {
    const indent = indentOf(line);
    while (stack.length && stack[stack.length - 1].indent >= indent) stack.pop();
    if (op !== '=') {
      for (const ancestor of stack) {
        if (!ancestor.emitted) {
          out.push(`  ${ancestor.line}`);
          ancestor.emitted = true;
        }
      }
      out.push(`${op} ${line}`);
      if (op === '+') added++;
      else removed++;
    }
    stack.push({ indent, line, emitted: op !== '=' });
  }
  return { text: out.join('\n'), added, removed };
}

const REF = / \[ref=([a-z0-9]+)\]/;

/** What names an element across two snapshots: its ref, else its line without indentation. */
function identityOf(line: string): string {
  return REF.exec(line)?.[1] ?? line.trim();
}

/** Each line's parent line index (by indentation), -1 at the top. */
function parentsOf(lines: string[]): number[] {
  const parents: number[] = [];
  const open: number[] = [];
  lines.forEach((line, i) => {
    const indent = indentOf(line);
    while (open.length && indentOf(lines[open[open.length - 1]]) >= indent) open.pop();
    parents.push(open.at(-1) ?? -1);
    open.push(i);
  });
  return parents;
}

/**
 * One key per line of each snapshot: the line without its indentation, and the identity of its
 * closest ancestor that the other snapshot has too. Lines with equal keys are the same element
 * in the same place.
 */
function elementKeys(a: string[], b: string[]): [string[], string[]] {
  const idsA = new Set(a.map(identityOf));
  const idsB = new Set(b.map(identityOf));
  const keys = (lines: string[], other: Set<string>) => {
    const parents = parentsOf(lines);
    return lines.map((line, i) => {
      let up = parents[i];
      while (up >= 0 && !other.has(identityOf(lines[up]))) up = parents[up];
      return `${up >= 0 ? identityOf(lines[up]) : ''}\u0000${line.trim()}`;
    });
  };
  return [keys(a, idsB), keys(b, idsA)];
}

type KeyedOp = { op: '=' | '+' | '-'; a?: number; b?: number };

/** diffLines over keys, answering with the line indexes of each side. */
function keyedOps(a: string[], b: string[]): KeyedOp[] {
  let i = 0;
  let j = 0;
  return diffLines(a, b).map(({ op }) => (op === '=' ? { op, a: i++, b: j++ } : op === '-' ? { op, a: i++ } : { op, b: j++ }));
}

function indentOf(line: string): number {
  let i = 0;
  while (i < line.length && line[i] === ' ') i++;
  return i;
}

export function diffLines(a: string[], b: string[]): Op[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const head: Op[] = a.slice(0, start).map((line) => ({ op: '=', line }));
  const tail: Op[] = a.slice(endA).map((line) => ({ op: '=', line }));
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  return [...head, ...lcsOps(midA, midB), ...tail];
}

function lcsOps(a: string[], b: string[]): Op[] {
  if (a.length * b.length > MAX_LCS_CELLS || a.length === 0 || b.length === 0) {
    return [...a.map((line) => ({ op: '-' as const, line })), ...b.map((line) => ({ op: '+' as const, line }))];
  }
  const n = a.length;
  const m = b.length;
  // lengths[i][j] = LCS of a[i..] and b[j..], flattened row-major.
  const lengths = new Uint32Array((n + 1) * (m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lengths[i * (m + 1) + j] =
        a[i] === b[j] ? lengths[(i + 1) * (m + 1) + j + 1] + 1 : Math.max(lengths[(i + 1) * (m + 1) + j], lengths[i * (m + 1) + j + 1]);
    }
  }
  const ops: Op[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      ops.push({ op: '=', line: a[i] });
      i++;
      j++;
    } else if (lengths[(i + 1) * (m + 1) + j] >= lengths[i * (m + 1) + j + 1]) {
      ops.push({ op: '-', line: a[i++] });
    } else {
      ops.push({ op: '+', line: b[j++] });
    }
  }
  while (i < n) ops.push({ op: '-', line: a[i++] });
  while (j < m) ops.push({ op: '+', line: b[j++] });
  return ops;
}
