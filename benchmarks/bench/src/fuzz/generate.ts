/**
 * Malformed arguments for a tool, derived from its listed JSON Schema and a seeded generator, so
 * a failing run is replayed exactly by its seed. Every value is *meant* to be refused or to fail
 * harmlessly: integers are never drawn from inside a schema's range for fields that name a
 * process or a port (a fuzzer must not signal a real pid).
 */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  enum?: Json[];
  anyOf?: Schema[];
  items?: Schema;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  maxItems?: number;
}

/** mulberry32: small, fast, and the same sequence for the same seed on every machine. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Rng = () => number;
const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)];

const UNICODE = ['', ' ', 'é', '𝔘𝔫𝔦', '\u202eRTL', 'a\u0000b', '\ud800', '\udfff x', 'e\u0301', '🧪'.repeat(50), '\n\t', '"quoted"'];
const BAD_REFS = ['e999999', 'E1', '4', 'e', ' e1', 'e1; drop', 'ref=e1', '-1', 'e1e1'];
const BAD_SELECTORS = ['xpath=//[', '>>', 'css=', 'internal:role=', 'text="open', '::-p-text(', '#', 'role=button[name=', '*'.repeat(3000)];
/** Well-formed selectors that match nothing on the fixture: the caller's mistake, never the app's (issue 42 item 6). */
export const NOTHING_SELECTORS = ['#nope', '__proto__', 'constructor', 'text=/(a+)+$/', 'prototype'];
const BAD_PATTERNS = ['(a+)+$', '[', '(?<x', '\\', '(?=a)*', '((((((((((a))))))))))*b'];
const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'];
/** Fields whose in-range integers would touch a real process or endpoint. */
const DANGEROUS_INTEGERS = /pid|port/i;

function types(schema: Schema): string[] {
  if (schema.anyOf) return schema.anyOf.flatMap(types);
  if (schema.enum) return ['enum'];
  return [schema.type ?? 'any'].flat();
}

function wrongTypeValue(schema: Schema, rng: Rng): Json {
  const have = new Set(types(schema));
  const candidates: Json[] = [7, 'seven', true, null, [1, 'two'], { nested: { x: 1 } }, -1.5];
  const kinds = ['integer', 'string', 'boolean', 'null', 'array', 'object', 'number'];
  const wrong = candidates.filter((_, i) => !have.has(kinds[i]) && !(kinds[i] === 'integer' && have.has('number')));
  return pick(rng, wrong.length ? wrong : candidates);
}

function boundaryValue(name: string, schema: Schema, rng: Rng): Json {
  const [type] = types(schema);
  switch (type) {
    case 'integer':
    case 'number': {
      const options: number[] = [1e308, -1e308, 2 ** 53 + 1, 1.5, -0.5];
      if (schema.minimum !== undefined) options.push(schema.minimum - 1);
      if (schema.maximum !== undefined) options.push(schema.maximum + 1);
      if (!DANGEROUS_INTEGERS.test(name)) options.push(0, -1);
      return pick(rng, options);
    }
    case 'string': {
      if (/ref$/i.test(name)) return pick(rng, BAD_REFS);
      if (/selector/i.test(name)) return pick(rng, [...BAD_SELECTORS, ...NOTHING_SELECTORS]);
      if (/match|pattern|regex/i.test(name)) return pick(rng, BAD_PATTERNS);
      const long = 'x'.repeat((schema.maxLength ?? 4096) + 1 + Math.floor(rng() * 100));
      return pick(rng, [...UNICODE, long, 'x'.repeat(200_000)]);
    }
    case 'enum':
      return pick(rng, ['NOT_AN_OPTION', String(schema.enum?.[0] ?? '').toUpperCase() + '!', 12]);
    case 'array': {
      const count = (schema.maxItems ?? 64) + 1;
      return pick(rng, [Array.from({ length: count }, () => 'x'), [], [null], [[[]]]]);
    }
    case 'boolean':
      return pick(rng, ['true', 1, 0]);
    default:
      return pick(rng, [deep(48), { ['\u0000key']: 1 }, 'x'.repeat(100_000)]);
  }
}

/** The candidates short enough for the schema's maxLength. */
function within(schema: Schema, values: readonly string[]): string[] {
  return values.filter((value) => value.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY));
}

function deep(levels: number): Json {
  let value: Json = 'bottom';
  for (let i = 0; i < levels; i++) value = i % 2 ? [value] : { d: value };
  return value;
}

/** A plausible value for a required field: enough to get past "missing" and reach the next check. */
function plausible(name: string, schema: Schema): Json {
  const [type] = types(schema);
  if (/ref$/i.test(name)) return 'e1';
  if (/selector/i.test(name)) return '#sw-fuzz-nothing-here';
  if (/timeoutMs$/.test(name)) return 200;
  if (type === 'enum') return schema.enum?.[0] ?? 'x';
  if (type === 'integer' || type === 'number')
    return DANGEROUS_INTEGERS.test(name) ? 2 ** 31 + 7 : Math.max(schema.minimum ?? 1, Math.min(50, schema.maximum ?? 50));
  if (type === 'boolean') return false;
  if (type === 'array') return [];
  if (type === 'object') return {};
  return /path|main|file|dir/i.test(name) ? 'sw-fuzz/none.txt' : 'x';
}

/** The mutation kinds, each a way an agent (or an attacker) gets a call wrong. */
export const MUTATIONS = [
  'not-an-object',
  'unknown-field',
  'prototype-key',
  'missing-required',
  'wrong-type',
  'boundary',
  'deep',
  'hostile-values',
  'hostile-values',
] as const;
export type Mutation = (typeof MUTATIONS)[number];

export interface FuzzCall {
  tool: string;
  mutation: Mutation;
  /** The arguments as JSON text: prototype keys survive only as text. */
  argumentsJson: string;
}

/** One malformed call for `tool`, chosen by `rng`. */
export function malformedCall(tool: string, schema: Schema, rng: Rng): FuzzCall {
  const props = Object.entries(schema.properties ?? {});
  const required = schema.required ?? [];
  const base: Record<string, Json> = Object.fromEntries(required.map((name) => [name, plausible(name, schema.properties?.[name] ?? {})]));
  if (schema.properties?.timeoutMs && !('timeoutMs' in base)) base.timeoutMs = 200;
  const mutation = pick(rng, MUTATIONS);
  const json = (value: Json) => ({ tool, mutation, argumentsJson: JSON.stringify(value) });
  switch (mutation) {
    case 'not-an-object':
      return json(pick(rng, [5, 'args', [], null, true, [base]]));
    case 'unknown-field':
      return json({ ...base, [pick(rng, ['zz_unknown', 'Ref', 'session_id', ''])]: 1 });
    case 'prototype-key': {
      const key = pick(rng, PROTO_KEYS);
      const inner = JSON.stringify(base).slice(1, -1);
      return { tool, mutation, argumentsJson: `{${inner}${inner ? ',' : ''}${JSON.stringify(key)}:{"polluted":true}}` };
    }
    case 'missing-required': {
      if (!required.length) return json({ ...base, zz_unknown: true });
      const { [pick(rng, required)]: _dropped, ...rest } = base;
      return json(rest);
    }
    case 'wrong-type': {
      if (!props.length) return json({ zz_unknown: 'x' });
      const [name, prop] = pick(rng, props);
      return json({ ...base, [name]: wrongTypeValue(prop, rng) });
    }
    case 'boundary': {
      if (!props.length) return json(pick<Json>(rng, [{ '': 1 }, { '\ud800': 1 }]));
      const [name, prop] = pick(rng, props);
      return json({ ...base, [name]: boundaryValue(name, prop, rng) });
    }
    case 'hostile-values': {
      // Values that pass the schema and must then be refused or fail cleanly in the handler.
      const hostile: Record<string, Json> = { ...base };
      for (const [name, prop] of props) {
        if (rng() < 0.4 || name === 'sessionId' || DANGEROUS_INTEGERS.test(name)) continue;
        const [type] = types(prop);
        if (type === 'string')
          hostile[name] = pick(rng, [
            ...within(prop, [...BAD_REFS, ...BAD_SELECTORS, ...NOTHING_SELECTORS, ...BAD_PATTERNS]),
            'é',
            '\u202eRTL',
            'a\u0000b',
            '\ud800',
            '../../etc/passwd',
            '/dev/zero',
          ]);
        else if (type === 'enum') hostile[name] = pick(rng, prop.enum ?? ['x']);
        else if (type === 'integer' || type === 'number') hostile[name] = pick(rng, [prop.minimum ?? 0, prop.maximum ?? 1]);
        else if (type === 'boolean') hostile[name] = rng() < 0.5;
      }
      return json(hostile);
    }
    case 'deep': {
      const open = props.filter(([, prop]) => types(prop).some((type) => type === 'any' || type === 'object' || type === 'array'));
      const name = open.length ? pick(rng, open)[0] : props.length ? pick(rng, props)[0] : 'zz';
      return json({ ...base, [name]: deep(40 + Math.floor(rng() * 40)) });
    }
  }
}
