import type { EvalGate, EvalTarget } from '@stagewright/sdk';

export const EVAL_TARGETS: readonly EvalTarget[] = ['main', 'renderer'];

/** `true` grants both targets, `false`/undefined none, a list exactly those (deduplicated, ordered). */
export function normalizeAllowEval(value: boolean | readonly EvalTarget[] | undefined): EvalTarget[] {
  if (value === undefined || value === false) return [];
  if (value === true) return [...EVAL_TARGETS];
  if (!Array.isArray(value)) throw new TypeError('allowEval must be a boolean or a list of "main" | "renderer".');
  for (const target of value) {
    if (!EVAL_TARGETS.includes(target))
      throw new TypeError(`allowEval: unknown eval target "${String(target)}"; accepted: main, renderer.`);
  }
  return EVAL_TARGETS.filter((target) => value.includes(target));
}

export function gateTarget(gate: EvalGate): EvalTarget {
  return gate === 'eval:main' ? 'main' : 'renderer';
}

/** Ungated tools are always granted; gated ones need their target. */
export function isGranted(gate: EvalGate | undefined, grants: readonly EvalTarget[]): boolean {
  return gate === undefined || grants.includes(gateTarget(gate));
}

/** The narrowest flag that makes a gated tool visible and callable. */
export function flagForGate(gate: EvalGate): string {
  return `--allow-eval=${gateTarget(gate)}`;
}
