import { CORE_ERROR_CODES, isToolError, type ErrorCodeSpec, type ServerState } from '@stagewright/sdk';
import type { ErrorBody } from '../envelope.js';
import { fitText, type HiddenNote } from '../documents/fit-to-surface.js';

/**
 * The error codes one server instance knows: the core registry plus `<plugin>.CODE` for every
 * loaded plugin. Gives the meaning, default hint and retryable flag of a code, as registered
 * once (the sdk's CORE_ERROR_CODES, a plugin's `errorCodes`).
 */
export class ErrorCatalog {
  private readonly plugin = new Map<string, ErrorCodeSpec>();

  addPluginCodes(pluginName: string, codes: Readonly<Record<string, ErrorCodeSpec>> | undefined): void {
    for (const [key, spec] of Object.entries(codes ?? {})) this.plugin.set(`${pluginName}.${key}`, spec);
  }

  spec(code: string): ErrorCodeSpec | undefined {
    return (CORE_ERROR_CODES as Record<string, ErrorCodeSpec>)[code] ?? this.plugin.get(code);
  }

  /** A plugin's bare code (`NOT_RECORDING`) as it is surfaced (`trace.NOT_RECORDING`); other codes unchanged. */
  qualify(code: string, pluginName: string | undefined): string {
    if (!pluginName || code.includes('.') || code in CORE_ERROR_CODES) return code;
    return this.plugin.has(`${pluginName}.${code}`) ? `${pluginName}.${code}` : code;
  }

  pluginCodes(pluginName: string): string[] {
    return [...this.plugin.keys()].filter((code) => code.startsWith(`${pluginName}.`)).sort();
  }
}

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
 * (plugin bare codes gain their `<plugin>.` prefix), message and details; hint, next actions and
 * retryable come from the code's registry entry alone (ADR-0040), a hint or next actions computed
 * from the details where the entry says so; anything else becomes INTERNAL_ERROR with its message.
 */
export function normalizeError(thrown: unknown, catalog: ErrorCatalog, pluginName?: string): ErrorBody {
  if (isToolError(thrown)) {
    const code = catalog.qualify(thrown.code, pluginName);
    const spec = catalog.spec(code);
    const facts = thrown.details ?? {};
    const { similar, ...details } = facts;
    const next = spec?.nextFor?.(facts) ?? spec?.next;
    return {
      code,
      error: bounded(thrown.message),
      hint: spec?.hintFor?.(facts) ?? spec?.hint,
      next_actions: next ? [...next] : undefined,
      similar: Array.isArray(similar) ? similar : undefined,
      details: Object.keys(details).length ? details : undefined,
      retryable: spec?.retryable ?? false,
    };
  }
  const message = thrown instanceof Error ? thrown.message : String(thrown);
  const spec = catalog.spec('INTERNAL_ERROR');
  return { code: 'INTERNAL_ERROR', error: bounded(message || 'Unknown error'), hint: spec?.hint, retryable: spec?.retryable ?? false };
}

const MAX_FIELD = 64;

/**
 * Server-level facts for electron_status: when the server started and a bounded breadcrumb of
 * the last failure. Only the code, the tool name and the time are kept, never arguments, paths
 * or messages, so the breadcrumb cannot leak app data.
 */
export class ServerStateTracker implements ServerState {
  readonly startedAt: string;
  private last: { code: string; tool: string; at: string } | undefined;
  /** Set by the server once plugins are loaded (PLUGIN_API 1.4). */
  pluginStatus?: () => Record<string, unknown> | undefined;
  /** Set by the server when the operator offered something (ADR-0045). */
  offers?: () => { plugins: string[]; profiles: string[] } | undefined;

  constructor(now: Date = new Date()) {
    this.startedAt = now.toISOString();
  }

  recordError(code: string, tool: string, at: Date = new Date()): void {
    const safeTool = /^[a-z][a-z0-9_]*$/.test(tool) ? tool.slice(0, MAX_FIELD) : '(invalid name)';
    this.last = { code: code.slice(0, MAX_FIELD), tool: safeTool, at: at.toISOString() };
  }

  lastError(): { code: string; tool: string; at: string } | undefined {
    return this.last ? { ...this.last } : undefined;
  }
}
