import { CREDENTIAL_FIELDS, REDACTED, credentialMatcher } from '@stagewright/sdk';

/** Argument and result fields hidden by default: the sdk's one credential list. */
export const DEFAULT_REDACTED_FIELDS = CREDENTIAL_FIELDS;

/** What replaces a hidden value in the trace. Promotion turns each into a secret parameter. */
export { REDACTED };

/** A command-line switch with its value attached: `--password=…`, `-token=…`. */
const SWITCH_WITH_VALUE = /^(--?)([A-Za-z][\w.-]*)=([\s\S]*)$/;
/** A switch alone, whose value is the next argument: `--password`, `…`. */
const SWITCH_ALONE = /^--?([A-Za-z][\w.-]*)$/;

const escapePointer = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

export class Redactor {
  private readonly hidden: (key: string) => boolean;

  constructor(private readonly fields: readonly string[]) {
    this.hidden = credentialMatcher(fields);
  }

  /** A redactor that also hides these fields (a trace's own additions to the configured set). */
  with(extra: readonly string[]): Redactor {
    return new Redactor([...this.fields, ...extra]);
  }

  hides(key: string): boolean {
    return this.hidden(key);
  }

  /**
   * A copy of `value` with hidden values replaced, at any depth, and the JSON Pointers of what was
   * replaced (the input is never mutated). Hidden are: the values of credential fields, the values
   * of credential switches in strings (`--token=…` and `--token`, `…` in a list), and whatever
   * sits at one of `marked` (pointers a tool declared secret).
   */
  apply(value: unknown, marked: readonly string[] = []): { value: unknown; redacted: string[] } {
    const redacted: string[] = [];
    const secret = new Set(marked);
    const hide = (node: unknown, at: string): unknown => {
      if (node === undefined || node === null || node === '') return node;
      redacted.push(at);
      return REDACTED;
    };
    const walk = (node: unknown, at: string): unknown => {
      if (secret.has(at)) return hide(node, at);
      if (typeof node === 'string') return this.redactSwitch(node, at, redacted);
      if (Array.isArray(node)) {
        return node.map((item, i) => {
          const path = `${at}/${i}`;
          const before = node[i - 1];
          const valueOfSwitch = typeof before === 'string' && typeof item === 'string' && !item.startsWith('-');
          return valueOfSwitch && this.hides(SWITCH_ALONE.exec(before)?.[1] ?? '') ? hide(item, path) : walk(item, path);
        });
      }
      if (node === null || typeof node !== 'object') return node;
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(node)) {
        const path = `${at}/${escapePointer(key)}`;
        out[key] = this.hides(key) ? hide(child, path) : walk(child, path);
      }
      return out;
    };
    return { value: walk(value, ''), redacted };
  }

  private redactSwitch(text: string, at: string, redacted: string[]): string {
    const m = SWITCH_WITH_VALUE.exec(text);
    if (!m?.[3] || !this.hides(m[2])) return text;
    redacted.push(at);
    return `${m[1]}${m[2]}=${REDACTED}`;
  }
}

/**
 * Every occurrence of the secret strings replaced inside the strings of `value` (an answer that
 * echoes a secret argument, e.g. in an error message). Empty and one-character secrets are
 * skipped: they would blank out unrelated text and reveal nothing.
 */
export function scrubSecrets(value: unknown, secrets: readonly string[]): unknown {
  const needles = secrets.filter((s) => s.length > 1);
  if (!needles.length) return value;
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') return needles.reduce((text, needle) => text.split(needle).join(REDACTED), node);
    if (Array.isArray(node)) return node.map(walk);
    if (node === null || typeof node !== 'object') return node;
    return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, walk(child)]));
  };
  return walk(value);
}

/** The string values at `pointers` in `value` (what a tool marked secret). */
export function valuesAt(value: unknown, pointers: readonly string[]): string[] {
  const out: string[] = [];
  for (const pointer of pointers) {
    let node: unknown = value;
    for (const part of pointer.split('/').slice(1)) {
      const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
      node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
    }
    if (typeof node === 'string') out.push(node);
  }
  return out;
}
