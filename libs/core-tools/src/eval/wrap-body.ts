import { ToolError } from '@stagewright/sdk';

/** Longest JSON a result may serialise to. */
export const MAX_RESULT_CHARS = 20_000;

/** What the wrapped body returns: JSON text, undefined, too large, or not serialisable. */
export type Wrapped = { j: string } | { u: true } | { big: number } | { e: string };

/**
 * Wrap a user function body so the app's own process serialises the result and measures it:
 * a huge value is refused before it crosses the wire. The body keeps its scope (`arg`, and in
 * the main process `electron` and `require`), may `await` and `return`.
 */
export function wrapBody(code: string): string {
  return [
    'const __stagewrightValue = await (async () => {',
    code,
    '})();',
    'if (__stagewrightValue === undefined) return { u: true };',
    'let __stagewrightJson;',
    'try { __stagewrightJson = JSON.stringify(__stagewrightValue); } catch (e) { return { e: "The result is not JSON-serialisable: " + (e && e.message) }; }',
    'if (__stagewrightJson === undefined) return { u: true };',
    `if (__stagewrightJson.length > ${MAX_RESULT_CHARS}) return { big: __stagewrightJson.length };`,
    'return { j: __stagewrightJson };',
  ].join('\n');
}

/** The result value, or RESULT_TOO_LARGE / EVAL_ERROR from what the wrapper reported. */
export function unwrapResult(raw: unknown): { result: unknown } {
  const wrapped = raw as Wrapped | null | undefined;
  if (!wrapped || typeof wrapped !== 'object') return { result: raw ?? null };
  if ('u' in wrapped) return { result: null };
  if ('big' in wrapped) {
    throw new ToolError('RESULT_TOO_LARGE', `The result serialises to ${wrapped.big} characters; the limit is ${MAX_RESULT_CHARS}.`, {
      details: { chars: wrapped.big, limit: MAX_RESULT_CHARS },
    });
  }
  if ('e' in wrapped) throw new ToolError('EVAL_ERROR', wrapped.e);
  return { result: JSON.parse(wrapped.j) };
}

/** The thrown message without Playwright's call prefix or stack, bounded. */
export function evalMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message
    .replace(/^[a-zA-Z]+\.evaluate: /, '')
    .split('\n')[0]
    .slice(0, 500);
}
