// The comparison is the whole budget gate: if it misjudges growth, names or ceilings, the listing
// every conversation pays for can grow unreviewed, or honest changes get blocked.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { LISTING_BUDGET } from '@stagewright/listing-budget';

const require = createRequire(import.meta.url);
const { compareManifests, checkCeilings, DEFAULT_LIMITS, UPDATE_COMMAND } = require('./compare.js') as typeof import('./compare.js');

interface Tool {
  name: string;
  bpe: number;
}

function variant(tools: Tool[], bpe?: number) {
  const total = tools.reduce((s, t) => s + t.bpe, 0);
  return {
    toolCount: tools.length,
    codePoints: total * 4,
    bytes: total * 4,
    bpe: bpe ?? total + 10,
    averageBpe: tools.length ? total / tools.length : 0,
    names: tools.map((t) => t.name).sort(),
    largest: [...tools].sort((a, b) => b.bpe - a.bpe).slice(0, 10),
  };
}

const TOOLS: Tool[] = [
  { name: 'electron_click', bpe: 120 },
  { name: 'electron_launch', bpe: 150 },
  { name: 'electron_status', bpe: 90 },
];

const manifest = (variants: Record<string, ReturnType<typeof variant>>) => ({ variants });
const rules = (r: { failures: { rule: string }[] }) => r.failures.map((f) => f.rule);

describe('growth gate', () => {
  const base = manifest({ 'core-safe': variant(TOOLS, 1000) });

  it('passes growth just under 3%', () => {
    expect(rules(compareManifests(base, manifest({ 'core-safe': variant(TOOLS, 1029) })))).toEqual([]);
  });

  it('passes growth of exactly 3%, because only growth over the limit fails', () => {
    expect(rules(compareManifests(base, manifest({ 'core-safe': variant(TOOLS, 1030) })))).toEqual([]);
  });

  it('fails growth just over 3%, naming the variant, the figures and both ways forward', () => {
    const { failures } = compareManifests(base, manifest({ 'core-safe': variant(TOOLS, 1031) }));
    expect(rules({ failures })).toEqual(['growth']);
    expect(failures[0].variant).toBe('core-safe');
    expect(failures[0].message).toContain('1,000 to 1,031 BPE (+3.1%');
    expect(failures[0].message).toContain('stagewright://tools');
    expect(failures[0].message).toContain('--update-manifest-baseline --reason');
  });

  it('honours a configured growth limit', () => {
    const limits = { maxGrowthPercent: 5, maxToolBpe: 200, maxAverageBpe: 160 };
    expect(rules(compareManifests(base, manifest({ 'core-safe': variant(TOOLS, 1049) }), limits))).toEqual([]);
  });

  it('does not fail a shrinking variant but asks for a baseline update', () => {
    const result = compareManifests(base, manifest({ 'core-safe': variant(TOOLS, 900) }));
    expect(result.failures).toEqual([]);
    expect(result.notes).toEqual([expect.stringContaining('core-safe shrank from 1,000 to 900 BPE')]);
  });
});

describe('tool names', () => {
  it('reports a renamed tool as one name removed and one added', () => {
    const renamed = TOOLS.map((t) => (t.name === 'electron_click' ? { ...t, name: 'electron_press' } : t));
    const { failures } = compareManifests(
      manifest({ 'core-safe': variant(TOOLS, 1000) }),
      manifest({ 'core-safe': variant(renamed, 1000) }),
    );
    expect(rules({ failures })).toEqual(['names-changed']);
    expect(failures[0].message).toContain('added electron_press; removed electron_click');
  });

  it('reports a changed order even when the set is the same', () => {
    const before = variant(TOOLS, 1000);
    const after = { ...before, names: [...before.names].reverse() };
    const { failures } = compareManifests(manifest({ v: before }), manifest({ v: after }));
    expect(failures.map((f) => f.message)).toEqual([expect.stringContaining('order changed')]);
  });
});

describe('variants', () => {
  it('fails a variant that the baseline has and the measurement lacks', () => {
    const base = manifest({ 'core-safe': variant(TOOLS), 'debug-eval': variant(TOOLS) });
    const { failures } = compareManifests(base, manifest({ 'core-safe': variant(TOOLS) }));
    expect(failures.map((f) => [f.rule, f.variant])).toEqual([['missing-variant', 'debug-eval']]);
  });

  it('fails a measured variant that the baseline does not know', () => {
    const { failures } = compareManifests(
      manifest({ 'core-safe': variant(TOOLS) }),
      manifest({ 'core-safe': variant(TOOLS), 'plugin-trace-safe': variant(TOOLS) }),
    );
    expect(failures.map((f) => [f.rule, f.variant])).toEqual([['unexpected-variant', 'plugin-trace-safe']]);
    expect(failures[0].message).toContain('--update-manifest-baseline');
  });

  it('names the exact command that records every new variant of a scaffolded plugin', () => {
    const core = { 'core-safe': variant(TOOLS) };
    const { failures } = compareManifests(
      manifest(core),
      manifest({ ...core, 'plugin-hello-safe': variant(TOOLS), 'plugin-hello-eval': variant(TOOLS) }),
    );
    expect(failures.map((f) => f.message.slice(f.message.indexOf('Record')))).toEqual([
      'Record the new variants with: npx nx run bench:manifest-check --update-manifest-baseline --reason "record variants plugin-hello-safe, plugin-hello-eval"',
      'Record the new variants with: npx nx run bench:manifest-check --update-manifest-baseline --reason "record variants plugin-hello-safe, plugin-hello-eval"',
    ]);
  });
});

describe('ADR-0037 ceilings', () => {
  it('fails a tool over 200 BPE once, naming every variant that lists it', () => {
    const big = [...TOOLS, { name: 'electron_launch_big', bpe: 201 }];
    const current = manifest({ 'core-safe': variant(big), 'core-eval': variant(big) });
    const { failures } = compareManifests(current, current);
    expect(failures.map((f) => [f.rule, f.tool])).toEqual([['tool-ceiling', 'electron_launch_big']]);
    expect(failures[0].message).toContain('201 BPE (limit 200) in core-safe, core-eval');
  });

  it('accepts a tool of exactly 200 BPE', () => {
    const current = manifest({
      'core-safe': variant([
        { name: 'a', bpe: 200 },
        { name: 'b', bpe: 10 },
      ]),
    });
    expect(checkCeilings(current)).toEqual([]);
  });

  it('finds an oversized tool in the full per-tool list beyond the ten largest', () => {
    const v = { ...variant(TOOLS), perTool: [...TOOLS, { name: 'hidden', bpe: 250 }] };
    expect(checkCeilings(manifest({ v })).map((f) => f.tool)).toEqual(['hidden']);
  });

  it('fails an average over 160 BPE per tool even when every tool is under 200', () => {
    const heavy = [
      { name: 'a', bpe: 170 },
      { name: 'b', bpe: 160 },
      { name: 'c', bpe: 155 },
    ];
    const current = manifest({ 'essential-safe': variant(heavy) });
    const { failures } = compareManifests(current, current);
    expect(failures.map((f) => [f.rule, f.variant])).toEqual([['average-ceiling', 'essential-safe']]);
    expect(failures[0].message).toContain('average 161.7 BPE per tool over 3 tools (limit 160)');
    expect(failures[0].message).toContain('a (170)');
  });

  it('accepts an average of exactly 160', () => {
    const current = manifest({
      v: variant([
        { name: 'a', bpe: 150 },
        { name: 'b', bpe: 170 },
      ]),
    });
    expect(checkCeilings(current)).toEqual([]);
  });
});

describe('what the gate shares with stagewright plugin check', () => {
  it('holds the listing to the same ADR-0037 ceilings as libs/listing-budget', () => {
    expect({ maxToolBpe: DEFAULT_LIMITS.maxToolBpe, maxAverageBpe: DEFAULT_LIMITS.maxAverageBpe }).toEqual(LISTING_BUDGET);
  });

  it('prints a fix command that runs as printed (npx, from the workspace root)', () => {
    expect(UPDATE_COMMAND).toMatch(/^npx nx run bench:manifest-check /);
  });
});
