import { isToolError } from '@stagewright/sdk';
import type { ErrorCatalog } from './error-catalog.js';
import type { ErrorBody } from '../envelope.js';
import { fitText, type HiddenNote } from '../documents/fit-to-surface.js';

/** ANSI escape sequences (colours, cursor moves): Playwright and child processes print them. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching the escape character is the point
const ANSI = /\u001b\[[0-9;?]*[ -/]*[@-~]|\u001b\][^\u0007]*\u0007/g;
export function stripAnsi(text: string): string {
  return text.replace(ANSI, '');
}

/**
 * The guidance of an error fitted to the server that answers it: plain text, `next_actions`
 * always present (possibly empty, as the envelope contract says), and never a tool the active
 * profile hides (fitText: the sentence or parenthesis naming it goes, or it says where the tool
 * is); the tool that was called may still be named (it is the subject).
 */
export function fitGuidance(body: ErrorBody, noteFor: HiddenNote, calledTool: string): ErrorBody {
  const hint = body.hint === undefined ? undefined : fitText(stripAnsi(body.hint), noteFor, calledTool) || undefined;
  return {
    ...body,
    error: stripAnsi(body.error),
    hint,
    next_actions: (body.next_actions ?? []).filter((tool) => noteFor(tool) === undefined),
  };
}

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
