/**
 * Reading lines of Playwright's AI-mode aria snapshot (what Session.snapshot returns), e.g.
 * `  - button "Save" [disabled] [ref=e12]: text` or the YAML-quoted form `- 'button "a: b" [ref=e2]'`.
 * For listing and matching elements; refs are always resolved by Playwright, never by this parser.
 */
export interface AriaSnapshotNode {
  ref: string;
  role: string;
  name: string;
  /** Flags such as disabled, checked=true/mixed, level=2, expanded, selected, pressed. */
  states: Record<string, string>;
  /** Inline text after the colon, when the line carries one. */
  text?: string;
  depth: number;
}

const KEY = /^([a-zA-Z]+)(?: "((?:[^"\\]|\\.)*)")?((?: \[[^\]]*\])*)$/;

export function parseAriaSnapshotLine(line: string): AriaSnapshotNode | undefined {
  const m = /^(\s*)- (.*)$/.exec(line);
  if (!m) return undefined;
  const depth = m[1].length / 2;
  let rest = m[2];
  let key: string;
  let text: string | undefined;
  if (rest.startsWith("'")) {
    const end = findSingleQuoteEnd(rest);
    if (end < 0) return undefined;
    key = rest.slice(1, end).replace(/''/g, "'");
    rest = rest.slice(end + 1);
    text = afterColon(rest);
  } else {
    const colon = findKeyColon(rest);
    key = colon < 0 ? rest : rest.slice(0, colon);
    text = colon < 0 ? undefined : afterColon(rest.slice(colon));
  }
  const k = KEY.exec(key);
  if (!k) return undefined;
  const states: Record<string, string> = {};
  let ref: string | undefined;
  for (const attr of k[3].match(/\[[^\]]*\]/g) ?? []) {
    const [name, value = 'true'] = attr.slice(1, -1).split('=');
    if (name === 'ref') ref = value;
    else if (name !== 'cursor' && name !== 'active') states[name] = value;
  }
  if (!ref) return undefined;
  const name = k[2] === undefined ? '' : k[2].replace(/\\(.)/g, '$1');
  return { ref, role: k[1], name, states, text, depth };
}

/**
 * One line split where its inline value starts: `head` up to and including the key's colon and
 * its space, `value` the rest as written (YAML-quoted or plain). Lines without a value (or not a
 * list item) have no `value`. Refs are not needed: this reads every line.
 */
export function splitAriaSnapshotLine(line: string): { head: string; value?: string } {
  const m = /^(\s*- )(.*)$/.exec(line);
  if (!m) return { head: line };
  const rest = m[2];
  const quoted = rest.startsWith("'") ? findSingleQuoteEnd(rest) : -1;
  if (rest.startsWith("'") && quoted < 0) return { head: line };
  const colon = quoted >= 0 ? (rest[quoted + 1] === ':' ? quoted + 1 : -1) : findKeyColon(rest);
  if (colon < 0) return { head: line };
  const value = rest.slice(colon + 1).replace(/^ /, '');
  if (!value.trim()) return { head: line };
  return { head: `${m[1]}${rest.slice(0, colon + 1)} `, value };
}

/** Every ref-bearing node of a snapshot, in document order. */
export function parseAriaSnapshot(snapshot: string): AriaSnapshotNode[] {
  const nodes: AriaSnapshotNode[] = [];
  for (const line of snapshot.split('\n')) {
    const node = parseAriaSnapshotLine(line);
    if (node) nodes.push(node);
  }
  return nodes;
}

/** The colon that ends the key: outside double quotes and brackets. */
function findKeyColon(s: string): number {
  let inQuotes = false;
  let inBracket = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (inQuotes) {
      if (c === '\\') i++;
      else if (c === '"') inQuotes = false;
    } else if (c === '"') inQuotes = true;
    else if (c === '[') inBracket = true;
    else if (c === ']') inBracket = false;
    else if (c === ':' && !inBracket) return i;
  }
  return -1;
}

function findSingleQuoteEnd(s: string): number {
  for (let i = 1; i < s.length; i++) {
    if (s[i] === "'") {
      if (s[i + 1] === "'") i++;
      else return i;
    }
  }
  return -1;
}

function afterColon(s: string): string | undefined {
  const value = s.replace(/^:\s?/, '').trim();
  if (!value) return undefined;
  if (value.startsWith('"')) {
    try {
      return JSON.parse(value) as string;
    } catch {
      return value;
    }
  }
  return value;
}
