// The baseline is a reviewed file: it must round-trip exactly, keep one line per largest tool
// for readable diffs, and a malformed one must be named instead of silently passing the gate.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const { toBaseline, serialiseBaseline, validateManifest } = require('./baseline.js') as typeof import('./baseline.js');

const report = {
  schemaVersion: 1,
  tokenizer: 'o200k_base',
  variants: {
    'essential-safe': {
      toolCount: 1,
      codePoints: 9,
      bytes: 9,
      bpe: 3,
      averageBpe: 3,
      names: ['electron_a"b'],
      largest: [{ name: 'electron_a"b', bpe: 3 }],
      perTool: [{ name: 'electron_a"b', bpe: 3 }],
    },
    'core-safe': {
      toolCount: 1,
      codePoints: 9,
      bytes: 9,
      bpe: 3,
      averageBpe: 3,
      names: ['electron_x'],
      largest: [{ name: 'electron_x', bpe: 3 }],
      perTool: [{ name: 'electron_x', bpe: 3 }],
    },
  },
};

describe('baseline file', () => {
  const baseline = toBaseline(report, 'First measurement', new Date('2026-01-02T03:04:05Z'));

  it('keeps schema version, time, reason and tokenizer, sorts variants and drops the per-tool list', () => {
    expect(baseline).toMatchObject({
      schemaVersion: 1,
      updatedAt: '2026-01-02T03:04:05.000Z',
      reason: 'First measurement',
      tokenizer: 'o200k_base',
    });
    expect(Object.keys(baseline.variants)).toEqual(['core-safe', 'essential-safe']);
    expect(baseline.variants['core-safe']).not.toHaveProperty('perTool');
  });

  it('serialises each largest tool on one line and parses back to the same object', () => {
    const text = serialiseBaseline(baseline);
    expect(text).toContain('{ "name": "electron_a\\"b", "bpe": 3 }');
    expect(JSON.parse(text)).toEqual(baseline);
    expect(validateManifest(JSON.parse(text), 'manifest-baseline.json')).toBeUndefined();
  });

  it('names what is wrong with a malformed file', () => {
    expect(validateManifest({ schemaVersion: 2, variants: {} }, 'b.json')).toContain('b.json has schemaVersion 2; this executor reads 1');
    expect(validateManifest({ schemaVersion: 1, variants: { 'core-safe': { bpe: 1 } } }, 'b.json')).toBe(
      'b.json: variant core-safe lacks toolCount, codePoints, bytes, averageBpe, names, largest.',
    );
    expect(validateManifest([], 'b.json')).toBe(
      'b.json has schemaVersion undefined; this executor reads 1. Regenerate it with --update-manifest-baseline --reason "<why>".',
    );
  });
});
