import Type from 'typebox';

/**
 * Shared parameter wording, kept terse: every byte here is paid once per element tool in every
 * conversation (ADR-0050). Bounds stay in the schema because validation is the authority.
 * Every tool that takes these uses exactly these schemas, so the
 * listing pays for one phrasing and models learn it once.
 */
export const Params = {
  sessionId: () => Type.Optional(Type.String({ description: 'Omit when one session is live', maxLength: 64 })),
  ref: () => Type.Optional(Type.String({ description: 'Ref from the latest snapshot, e.g. e12', maxLength: 32 })),
  selector: () => Type.Optional(Type.String({ description: 'Playwright selector, if no ref', maxLength: 1000 })),
  timeoutMs: (max = 60_000) => Type.Optional(Type.Integer({ minimum: 0, maximum: max })),
};

/** Default and ceiling for waits, expects and actions. */
export const TIMEOUTS = { defaultMs: 5_000, maxMs: 60_000 } as const;

export function clampTimeout(value: number | undefined, fallback: number = TIMEOUTS.defaultMs, max: number = TIMEOUTS.maxMs): number {
  if (value === undefined) return fallback;
  return Math.max(0, Math.min(value, max));
}
