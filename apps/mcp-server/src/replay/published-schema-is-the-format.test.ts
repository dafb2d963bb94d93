// Editors validate and complete specs from the published schema file: it must be exactly the
// schema the runner checks with, or an author is told "valid" by one and "invalid" by the other.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { publishedSchema } from './spec-schema.js';

const FILE = join(import.meta.dirname, '../../../../schemas/replay-spec.v1.json');

describe('schemas/replay-spec.v1.json', () => {
  it('is the runner’s schema (regenerate with UPDATE_REPLAY_SCHEMA=1 npx vitest run <this file>)', () => {
    const text = `${JSON.stringify(publishedSchema(), null, 2)}\n`;
    if (process.env.UPDATE_REPLAY_SCHEMA === '1') writeFileSync(FILE, text);
    expect(readFileSync(FILE, 'utf8')).toBe(text);
  });

  it('describes every field an author writes, so editors can complete them', () => {
    const schema = publishedSchema() as any;
    expect(schema.$id).toBe('https://stagewright.dev/schemas/replay-spec.v1.json');
    const parameter = schema.properties.parameters.patternProperties['^[a-z][A-Za-z0-9_]{0,47}$'];
    expect(Object.keys(parameter.properties)).toEqual(['type', 'default', 'description', 'secret']);
    for (const key of ['type', 'default', 'description', 'secret']) expect(parameter.properties[key].description).toBeTruthy();
    expect(schema.additionalProperties).toBe(false);
    expect(schema.properties.steps.items.additionalProperties).toBe(false);
  });
});
