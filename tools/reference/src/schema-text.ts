/**
 * Plain-text summaries of JSON Schema (as typebox emits it) for the generated reference: a type
 * and its constraints in one short cell.
 */
export interface JsonSchema {
  type?: string | string[];
  description?: string;
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  default?: unknown;
}

/** typebox schemas carry symbol-keyed metadata; JSON round-tripping leaves what a host sees. */
export function toJsonSchema(schema: unknown): JsonSchema {
  return JSON.parse(JSON.stringify(schema ?? {})) as JsonSchema;
}

function range(min: number | undefined, max: number | undefined, unit: string): string | undefined {
  if (min === undefined && max === undefined) return undefined;
  if (min !== undefined && max !== undefined) return `${min}–${max}${unit}`;
  return min !== undefined ? `≥ ${min}${unit}` : `≤ ${max}${unit}`;
}

export function describeType(schema: JsonSchema): string {
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' \\| ');
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return union.map(describeType).join(' \\| ');
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const base = types.length === 0 ? 'any' : types.map((t) => (t === 'array' ? `${describeType(schema.items ?? {})}[]` : t)).join(' \\| ');
  const limits = [
    range(schema.minimum, schema.maximum, ''),
    range(schema.minLength, schema.maxLength, ' chars'),
    range(schema.minItems, schema.maxItems, ' items'),
    schema.pattern === undefined ? undefined : `pattern \`${schema.pattern}\``,
  ].filter((x): x is string => x !== undefined);
  return limits.length > 0 ? `${base} (${limits.join(', ')})` : base;
}

/** A markdown table cell: one line, pipes escaped. */
export function cell(text: string | undefined): string {
  return (text ?? '').replace(/\r?\n/g, ' ').replace(/(?<!\\)\|/g, '\\|');
}
