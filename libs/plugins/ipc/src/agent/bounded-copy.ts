// Self-contained (the agent receives it as source): no imports at runtime, no outer names.

/**
 * What the agent stores of one IPC value: a JSON-safe copy with credential keys redacted, strings
 * cut at 1000 chars, 50 items/keys, depth 6; past `maxChars` of JSON it becomes { truncated, preview }.
 */
export function boundedCopy(value: unknown, maxChars: number, isSecret: (key: string) => boolean): unknown {
  const seen = new Set();
  // biome-ignore lint/suspicious/noExplicitAny: any value an app sends over IPC.
  const walk = (v: any, depth: number): unknown => {
    if (v === null || typeof v === 'number' || typeof v === 'boolean') return v;
    if (v === undefined) return null;
    if (typeof v === 'string') return v.length > 1000 ? `${v.slice(0, 1000)}…` : v;
    if (typeof v === 'bigint') return `${v}n`;
    if (typeof v === 'function' || typeof v === 'symbol') return `[${typeof v}]`;
    if (v instanceof Error) return { error: v.message };
    if (ArrayBuffer.isView(v) || v instanceof ArrayBuffer) return `[${v.byteLength} bytes]`;
    if (depth > 6 || seen.has(v)) return '[…]';
    seen.add(v);
    if (Array.isArray(v)) return v.slice(0, 50).map((item) => walk(item, depth + 1));
    if (v instanceof Map) return walk(Object.fromEntries(v), depth);
    if (v instanceof Set || v instanceof Date) return walk(v instanceof Set ? [...v] : v.toISOString(), depth);
    if (typeof v.getTitle === 'function' || typeof v.sendInputEvent === 'function') return '[electron object]';
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(v).slice(0, 50)) out[key] = isSecret(key) ? '[redacted]' : walk(v[key], depth + 1);
    return out;
  };
  const copy = walk(value, 0);
  const json = JSON.stringify(copy) ?? 'null';
  return json.length > maxChars ? { truncated: true, preview: json.slice(0, maxChars) } : copy;
}
