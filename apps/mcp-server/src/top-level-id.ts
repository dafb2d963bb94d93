/**
 * Finds the top-level `"id"` of a JSON-RPC message fed in chunks of raw bytes, in constant
 * memory, without parsing the message: for answering a request too large to parse with an
 * error its client can match. Clients write `id` anywhere (the official SDK writes it last,
 * after megabytes of arguments), so every byte is looked at, up to `maxScanBytes`. Only a key
 * of the outermost object counts: an `"id"` nested inside params or arguments is skipped. A key
 * spelled with escapes (`"\u0069d"`) is recognised the way JSON.parse would read it. Bytes of
 * multi-byte UTF-8 characters are never `"`, `\` or structural, so scanning bytes is exact.
 */
export class TopLevelIdScanner {
  private depth = 0;
  private outerIsObject = false;
  private inString = false;
  private escaped = false;
  /** At depth 1 of the outer object, the next string is a key. */
  private expectKey = false;
  /** Raw bytes of the key being read (undefined when not reading one, or it is too long to be "id"). */
  private key: string | undefined;
  private readingKey = false;
  private lastKeyIsId = false;
  /** Raw bytes of the id's value while it is read (bounded: a longer value is no id worth echoing). */
  private value: number[] | undefined;
  private scanned = 0;
  private result: number | string | null = null;

  constructor(private readonly maxScanBytes = 64 * 1024 * 1024) {}

  /** The last top-level id seen so far, or null when there is none (or it is not a number or string). */
  get id(): number | string | null {
    return this.result;
  }

  push(chunk: Buffer): void {
    const end = Math.min(chunk.length, this.maxScanBytes - this.scanned);
    this.scanned += Math.max(0, end);
    for (let i = 0; i < end; i++) {
      const c = chunk[i];
      if (this.value !== undefined) {
        this.value.push(c);
        if (this.value.length > MAX_ID_BYTES) this.value = undefined;
      }
      if (this.inString) {
        if (!this.escaped && c === QUOTE) {
          this.closeString();
          continue;
        }
        this.escaped = !this.escaped && c === BACKSLASH;
        if (this.readingKey) this.key = this.key !== undefined && this.key.length < 16 ? this.key + String.fromCharCode(c) : undefined;
        // Skip ahead through a long string: nothing in it matters until its next quote or backslash.
        if (this.inString && !this.escaped && !this.readingKey && this.value === undefined) i = nextSpecial(chunk, i + 1, end) - 1;
        continue;
      }
      this.structural(c);
    }
  }

  private closeString(): void {
    this.inString = false;
    if (!this.readingKey) return;
    this.readingKey = false;
    this.lastKeyIsId = this.key !== undefined && decodesToId(this.key);
  }

  private structural(c: number): void {
    if (c === QUOTE) {
      this.inString = true;
      this.readingKey = this.depth === 1 && this.outerIsObject && this.expectKey;
      if (this.readingKey) this.key = '';
      this.expectKey = false;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (this.depth === 0) this.outerIsObject = c === OPEN_BRACE;
      if (this.depth === 1) this.value = undefined; // an object or array is no id
      this.depth++;
      this.expectKey = this.depth === 1 && this.outerIsObject;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET || c === COMMA) {
      if (this.depth === 1) this.endValue();
      if (c === COMMA) this.expectKey = this.depth === 1 && this.outerIsObject;
      else this.depth--;
    } else if (c === COLON && this.depth === 1 && this.lastKeyIsId) {
      this.lastKeyIsId = false;
      this.value = [];
    }
  }

  /** The id's value ends at the `,` or `}` after it (which was appended to it, and is dropped). */
  private endValue(): void {
    if (this.value === undefined) return;
    const text = Buffer.from(this.value.slice(0, -1)).toString('utf8').trim();
    this.value = undefined;
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed === 'number' || typeof parsed === 'string') this.result = parsed;
    } catch {
      // not a JSON scalar: no id
    }
  }
}

const MAX_ID_BYTES = 512;
const [QUOTE, BACKSLASH, COMMA, COLON] = [0x22, 0x5c, 0x2c, 0x3a];
const [OPEN_BRACE, CLOSE_BRACE, OPEN_BRACKET, CLOSE_BRACKET] = [0x7b, 0x7d, 0x5b, 0x5d];

function nextSpecial(chunk: Buffer, from: number, end: number): number {
  const quote = chunk.indexOf(QUOTE, from);
  const slash = chunk.indexOf(BACKSLASH, from);
  const next = Math.min(quote < 0 ? end : quote, slash < 0 ? end : slash);
  return Math.min(next, end);
}

function decodesToId(raw: string): boolean {
  try {
    return JSON.parse(`"${raw}"`) === 'id';
  } catch {
    return false;
  }
}
