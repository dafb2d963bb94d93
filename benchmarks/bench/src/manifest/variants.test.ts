// The baseline must cover every surface a host can be given (ADR-0035); a variant silently
// missing from the list would let that surface grow without review.
import { describe, expect, it } from 'vitest';
import { manifestVariants, selectVariants } from './variants.js';

describe('manifest variants', () => {
  it('covers the full core and every named profile, each safe and with eval, when no plugin exists', () => {
    expect(manifestVariants([])).toEqual([
      { name: 'core-safe', options: { toolProfile: 'full', allowEval: false } },
      { name: 'core-eval', options: { toolProfile: 'full', allowEval: true, allowImpersonation: true } },
      { name: 'essential-safe', options: { toolProfile: 'essential', allowEval: false } },
      { name: 'essential-eval', options: { toolProfile: 'essential', allowEval: true, allowImpersonation: true } },
      { name: 'testing-safe', options: { toolProfile: 'testing', allowEval: false } },
      { name: 'testing-eval', options: { toolProfile: 'testing', allowEval: true, allowImpersonation: true } },
      { name: 'debug-safe', options: { toolProfile: 'debug', allowEval: false } },
      { name: 'debug-eval', options: { toolProfile: 'debug', allowEval: true, allowImpersonation: true } },
    ]);
  });

  it('adds each plugin on the full core and all plugins together', () => {
    const plugins = [
      { name: 'trace', spec: '/w/dist/libs/plugins/trace/index.mjs' },
      { name: 'ipc', spec: '/w/dist/libs/plugins/ipc/index.mjs' },
    ];
    const names = manifestVariants(plugins)
      .map((v) => v.name)
      .slice(8);
    expect(names).toEqual([
      'plugin-trace-safe',
      'plugin-trace-eval',
      'plugin-ipc-safe',
      'plugin-ipc-eval',
      'all-plugins-safe',
      'all-plugins-eval',
    ]);
    expect(manifestVariants(plugins).find((v) => v.name === 'plugin-ipc-safe')?.options).toEqual({
      toolProfile: 'full',
      allowEval: false,
      plugins: ['/w/dist/libs/plugins/ipc/index.mjs'],
    });
    const all = manifestVariants(plugins).find((v) => v.name === 'all-plugins-eval');
    expect(all?.options).toEqual({ toolProfile: 'full', allowEval: true, allowImpersonation: true, plugins: plugins.map((p) => p.spec) });
  });

  it('selects variants by name and names the known ones for a typo', () => {
    const all = manifestVariants([]);
    expect(selectVariants(all, ['essential-safe']).map((v) => v.name)).toEqual(['essential-safe']);
    expect(selectVariants(all, [])).toHaveLength(8);
    expect(() => selectVariants(all, ['core'])).toThrow('Unknown variant core; known: core-safe, core-eval,');
  });
});
