// Option handling decides whether a run may rewrite the committed baseline: a silent update
// without a stored reason would defeat the review the gate exists for.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const { normaliseOptions } = require('./options.js') as typeof import('./options.js');

const ROOT = '/repo';

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
