import Type from 'typebox';

/**
 * Shared parameter wording. Every tool that takes these uses exactly these schemas, so the
 * listing pays for one phrasing and models learn it once.
 */
export const Params = {
  sessionId: () => Type.Optional(Type.String({ description: 'Session id; omit when one session is live.', maxLength: 64 })),
  ref: () => Type.Optional(Type.String({ description: 'Element ref from the latest snapshot, e.g. e12.', pattern: '^[a-zA-Z0-9_-]{1,32}$' })),
  selector: () => Type.Optional(Type.String({ description: 'Playwright selector, when no ref.', minLength: 1, maxLength: 1000 })),
  timeoutMs: (max = 60_000) => Type.Optional(Type.Integer({ description: `Timeout in ms (max ${max}).`, minimum: 0, maximum: max })),
};

/** Default and ceiling for waits, expects and actions. */
export const TIMEOUTS = { defaultMs: 5_000, maxMs: 60_000 } as const;

export function clampTimeout(value: number | undefined, fallback: number = TIMEOUTS.defaultMs, max: number = TIMEOUTS.maxMs): number {
  if (value === undefined) return fallback;
  return Math.max(0, Math.min(value, max));
}
