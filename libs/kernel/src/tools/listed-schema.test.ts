// The listing drops sanity bounds to save what every conversation pays; it must drop only those
// keywords, never a property that happens to share their name, and the resource must still say them.
import { describe, expect, it } from 'vitest';
import Type from 'typebox';
import { listedSchema, unlistedLimits } from './listed-schema.js';

const schema = Type.Object(
  {
    maxLength: Type.Optional(Type.Integer({ minimum: 1, maximum: 10 })),
    text: Type.String({ minLength: 1, maxLength: 200 }),
    keys: Type.Array(Type.String({ maxLength: 40 }), { maxItems: 20 }),
    env: Type.Record(Type.String(), Type.String({ maxLength: 8 }), { maxProperties: 4 }),
  },
  { additionalProperties: false },
);

describe('listedSchema', () => {
  it('drops $schema and size bounds but keeps a property named like a keyword and every other rule', () => {
    const listed = listedSchema({ $schema: 'x', ...schema }) as Record<string, any>;
    expect(listed.$schema).toBeUndefined();
    expect(listed.properties.maxLength).toEqual({ type: 'integer', minimum: 1, maximum: 10 });
    expect(listed.properties.text).toEqual({ type: 'string', minLength: 1 });
    expect(listed.properties.keys).toEqual({ type: 'array', items: { type: 'string' } });
    expect(JSON.stringify(listed)).not.toMatch(/"max(Length|Items|Properties)":\d/);
  });

  it('reports every dropped bound by parameter path', () => {
    expect(unlistedLimits(schema)).toEqual({
      'text.maxLength': 200,
      'keys.maxItems': 20,
      'keys[].maxLength': 40,
      'env.maxProperties': 4,
      'env.*.maxLength': 8,
    });
  });
});
