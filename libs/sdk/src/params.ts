import Type from 'typebox';

/**
 * Shared parameter wording, kept terse: every byte here is paid once per element tool in every
 * conversation (ADR-0050). Their rules (one of ref or selector; sessionId optional with one live
 * session) are taught once, in the server instructions and stagewright://tools. Every tool that
 * takes these uses exactly these schemas, so models learn one phrasing.
 */
export const Params = {
  sessionId: () => Type.Optional(Type.String({ description: 'Session id', maxLength: 64 })),
  ref: () => Type.Optional(Type.String({ description: 'Snapshot ref', maxLength: 32 })),
  selector: () => Type.Optional(Type.String({ description: 'Playwright selector', maxLength: 1000 })),
  timeoutMs: (max = 60_000) => Type.Optional(Type.Integer({ minimum: 0, maximum: max })),
};

/** Default and ceiling for waits, expects and actions. */
export const TIMEOUTS = { defaultMs: 5_000, maxMs: 60_000 } as const;

export function clampTimeout(value: number | undefined, fallback: number = TIMEOUTS.defaultMs, max: number = TIMEOUTS.maxMs): number {
  if (value === undefined) return fallback;
  return Math.max(0, Math.min(value, max));
}
