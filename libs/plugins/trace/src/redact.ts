/** Argument and result fields hidden by default: credentials an agent may pass or an app may return. */
export const DEFAULT_REDACTED_FIELDS = [
  'password',
  'passphrase',
  'secret',
  'token',
  'apiKey',
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'privateKey',
] as const;

/** What replaces a hidden value in the trace. Promotion turns each into a secret parameter. */
export const REDACTED = '[redacted]';

/** `api_key`, `API-Key` and `apiKey` are one field: case and separators do not count. */
const normalize = (key: string) => key.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Suffixes that mark a credential whatever the prefix (`newPassword`, `access_token`). */
const CREDENTIAL_SUFFIXES = ['password', 'token', 'secret'];

export class Redactor {
  private readonly fields: Set<string>;

  constructor(fields: readonly string[]) {
    this.fields = new Set(fields.map(normalize));
  }

  /** A redactor that also hides these fields (a trace's own additions to the configured set). */
  with(extra: readonly string[]): Redactor {
    return new Redactor([...this.fields, ...extra]);
  }

  hides(key: string): boolean {
    const k = normalize(key);
    return this.fields.has(k) || CREDENTIAL_SUFFIXES.some((suffix) => k.endsWith(suffix) && this.fields.has(suffix));
  }

  /**
   * A copy of `value` with every hidden field's value replaced, at any depth, and the JSON
   * Pointers of what was replaced (the input is never mutated).
   */
  apply(value: unknown, pointer = ''): { value: unknown; redacted: string[] } {
    const redacted: string[] = [];
    const walk = (node: unknown, at: string): unknown => {
      if (Array.isArray(node)) return node.map((item, i) => walk(item, `${at}/${i}`));
      if (node === null || typeof node !== 'object') return node;
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(node)) {
        const path = `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
        if (this.hides(key) && child !== undefined && child !== null && child !== '') {
          out[key] = REDACTED;
          redacted.push(path);
        } else out[key] = walk(child, path);
      }
      return out;
    };
    return { value: walk(value, pointer), redacted };
  }
}
