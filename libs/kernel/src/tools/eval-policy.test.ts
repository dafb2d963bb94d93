// Eval runs arbitrary code in the app: the grant must mean exactly what the flag says, and a
// refused call must tell the operator the narrowest flag that enables it.
import { describe, expect, it } from 'vitest';
import { flagForGate, isGranted, normalizeAllowEval } from './surface.js';

describe('eval policy', () => {
  it('grants both targets for true, none for false or absent, and exactly the listed ones', () => {
    expect(normalizeAllowEval(true)).toEqual(['main', 'renderer']);
    expect(normalizeAllowEval(false)).toEqual([]);
    expect(normalizeAllowEval(undefined)).toEqual([]);
    expect(normalizeAllowEval(['renderer', 'renderer'])).toEqual(['renderer']);
    expect(normalizeAllowEval(['renderer', 'main'])).toEqual(['main', 'renderer']);
  });

  it('refuses an unknown target', () => {
    expect(() => normalizeAllowEval(['preload' as never])).toThrow(/unknown eval target "preload"; accepted: main, renderer/);
  });

  it('admits ungated tools always and gated ones only with their target', () => {
    expect(isGranted(undefined, [])).toBe(true);
    expect(isGranted('eval:main', ['renderer'])).toBe(false);
    expect(isGranted('eval:main', ['main'])).toBe(true);
    expect(isGranted('eval:renderer', ['main', 'renderer'])).toBe(true);
  });

  it('names the flag of each gate', () => {
    expect(flagForGate('eval:main')).toBe('--allow-eval=main');
    expect(flagForGate('eval:renderer')).toBe('--allow-eval=renderer');
  });
});
