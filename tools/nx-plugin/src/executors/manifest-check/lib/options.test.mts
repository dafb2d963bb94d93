// Option handling decides whether a run may rewrite the committed baseline: a silent update
// without a stored reason would defeat the review the gate exists for.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const { normaliseOptions } = require('./options.js') as typeof import('./options.js');
const { DEFAULT_LIMITS } = require('./compare.js') as typeof import('./compare.js');

const ROOT = '/repo';

describe('the limits', () => {
  // Nx fills in the schema's defaults before the executor runs, so they, not DEFAULT_LIMITS, are
  // what CI applies: a default drifting from the ADR's numbers would loosen the gate unnoticed.
  const WORKSPACE = resolve(import.meta.dirname, '../../../../../..');
  const schema = JSON.parse(readFileSync(resolve(import.meta.dirname, '../schema.json'), 'utf8')) as {
    properties: Record<string, { default?: unknown }>;
  };

  it('are the ADR figures in code: +3% growth, 200 BPE per tool, 160 on average (ADR-0035, ADR-0037)', () => {
    expect(DEFAULT_LIMITS).toEqual({ maxGrowthPercent: 3, maxToolBpe: 200, maxAverageBpe: 160 });
  });

  it("are the executor schema's defaults, limit by limit", () => {
    for (const [name, limit] of Object.entries(DEFAULT_LIMITS)) expect(schema.properties[name]?.default, name).toBe(limit);
  });

  it('are not overridden by the workspace target CI runs', () => {
    const project = JSON.parse(readFileSync(resolve(WORKSPACE, 'benchmarks/bench/project.json'), 'utf8'));
    const options = project.targets['manifest-check'].options ?? {};
    for (const name of Object.keys(DEFAULT_LIMITS)) expect(options[name], name).toBeUndefined();
  });
});

describe('normaliseOptions', () => {
  it('resolves the defaults against the workspace root in check mode', () => {
    expect(normaliseOptions({}, ROOT)).toEqual({
      ok: true,
      value: {
        baselinePath: '/repo/manifest-baseline.json',
        measureScript: '/repo/dist/benchmarks/bench/manifest.mjs',
        reportPath: '/repo/dist/benchmarks/manifest.json',
        update: false,
        reason: undefined,
        limits: { maxGrowthPercent: 3, maxToolBpe: 200, maxAverageBpe: 160 },
      },
    });
  });

  it('keeps a trimmed reason in update mode', () => {
    const r = normaliseOptions({ updateManifestBaseline: true, reason: '  Add electron_drag  ' }, ROOT);
    expect(r.ok && r.value).toMatchObject({ update: true, reason: 'Add electron_drag' });
  });

  it('refuses an update without a reason and shows the full command', () => {
    const r = normaliseOptions({ updateManifestBaseline: true }, ROOT);
    expect(r).toEqual({ ok: false, error: expect.stringContaining('--update-manifest-baseline --reason "<why') });
  });

  it('refuses an update whose reason is only whitespace', () => {
    expect(normaliseOptions({ updateManifestBaseline: true, reason: '   ' }, ROOT).ok).toBe(false);
  });

  it('refuses a reason without the update flag, even an empty one', () => {
    for (const reason of ['Add a tool', '']) {
      const r = normaliseOptions({ reason }, ROOT);
      expect(r).toEqual({ ok: false, error: expect.stringContaining('--reason is only used together with --update-manifest-baseline') });
    }
  });

  it('refuses an overlong reason', () => {
    const r = normaliseOptions({ updateManifestBaseline: true, reason: 'x'.repeat(501) }, ROOT);
    expect(r).toEqual({ ok: false, error: expect.stringContaining('keep it under 500') });
  });

  it('takes configured limits and paths, absolute paths as they are', () => {
    const r = normaliseOptions({ maxToolBpe: 180, baseline: 'tmp/b.json', measureScript: '/abs/m.mjs' }, ROOT);
    expect(r.ok && r.value).toMatchObject({
      baselinePath: '/repo/tmp/b.json',
      measureScript: '/abs/m.mjs',
      limits: { maxGrowthPercent: 3, maxToolBpe: 180, maxAverageBpe: 160 },
    });
  });

  it('rejects a limit that is not a positive number', () => {
    expect(normaliseOptions({ maxAverageBpe: 0 }, ROOT)).toEqual({ ok: false, error: 'maxAverageBpe must be a positive number, got 0.' });
  });
});
