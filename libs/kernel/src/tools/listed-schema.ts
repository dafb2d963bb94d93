import type { Tool } from '@modelcontextprotocol/sdk/types.js';

/**
 * Size bounds that exist to keep inputs sane (a 33-character ref, a 5,000-item list) rather than
 * to tell a model what to send. Validation enforces them and a rejection names the limit; the
 * listing leaves them out and stagewright://tools documents them (ADR-0001, after ADR-0037).
 */
export const UNLISTED_KEYWORDS = ['maxLength', 'maxItems', 'maxProperties'] as const;

/** Keywords whose value is a map from property names to schemas (not a schema itself). */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions']);
const DROPPED = new Set<string>(['$schema', ...UNLISTED_KEYWORDS]);

function strip(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(strip);
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (DROPPED.has(key)) continue;
    out[key] =
      SCHEMA_MAPS.has(key) && value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([name, schema]) => [name, strip(schema)]))
        : strip(value);
  }
  return out;
}

/** A schema as hosts receive it: plain JSON, without `$schema` or sanity size bounds. */
export function listedSchema(schema: unknown): Tool['inputSchema'] {
  return strip(JSON.parse(JSON.stringify(schema))) as Tool['inputSchema'];
}

/** The unlisted bounds of a schema by parameter path (`text.maxLength: 2000`), for the resource. */
export function unlistedLimits(schema: unknown): Record<string, number> {
  const limits: Record<string, number> = {};
  const walk = (node: unknown, path: string): void => {
    if (typeof node !== 'object' || node === null || Array.isArray(node)) return;
    const record = node as Record<string, unknown>;
    for (const keyword of UNLISTED_KEYWORDS) {
      if (typeof record[keyword] === 'number') limits[path ? `${path}.${keyword}` : keyword] = record[keyword] as number;
    }
    const props = record.properties as Record<string, unknown> | undefined;
    if (props && typeof props === 'object') for (const [name, child] of Object.entries(props)) walk(child, path ? `${path}.${name}` : name);
    if (record.items) walk(record.items, `${path}[]`);
    if (typeof record.additionalProperties === 'object') walk(record.additionalProperties, `${path}.*`);
    const patterns = record.patternProperties as Record<string, unknown> | undefined;
    if (patterns && typeof patterns === 'object') for (const child of Object.values(patterns)) walk(child, `${path}.*`);
    for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
      if (Array.isArray(record[key])) for (const child of record[key] as unknown[]) walk(child, path);
    }
  };
  walk(schema, '');
  return limits;
}
