import { isToolError } from '@stagewright/sdk';
import type { ErrorCatalog } from './error-catalog.js';
import type { ErrorBody } from './envelope.js';

const MAX_MESSAGE = 2_000;

function bounded(text: string): string {
  return text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE)}… (truncated)` : text;
}

/**
 * The one place a thrown value becomes the error half of the envelope. ToolErrors keep their code
 * (plugin bare codes gain their `<plugin>.` prefix) and fall back to the catalog's hint and
 * retryable flag; anything else becomes INTERNAL_ERROR with its message.
 */
export function normalizeError(thrown: unknown, catalog: ErrorCatalog, pluginName?: string): ErrorBody {
  if (isToolError(thrown)) {
    const code = catalog.qualify(thrown.code, pluginName);
    const spec = catalog.spec(code);
    const { similar, ...details } = thrown.details ?? {};
    return {
      code,
      error: bounded(thrown.message),
      hint: thrown.hint ?? spec?.hint,
      next_actions: thrown.next,
      similar: Array.isArray(similar) ? similar : undefined,
      details: Object.keys(details).length ? details : undefined,
      retryable: thrown.retryable ?? spec?.retryable ?? false,
    };
  }
  const message = thrown instanceof Error ? thrown.message : String(thrown);
  const spec = catalog.spec('INTERNAL_ERROR');
  return { code: 'INTERNAL_ERROR', error: bounded(message || 'Unknown error'), hint: spec?.hint, retryable: spec?.retryable ?? false };
}
