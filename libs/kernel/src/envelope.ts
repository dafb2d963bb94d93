import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { imagesOf } from '@stagewright/sdk';
import { boundPayload } from './call/bounded-payload.js';

/** The error half of the envelope, before `_meta` is added. */
export interface ErrorBody {
  code: string;
  error: string;
  hint?: string;
  next_actions?: string[];
  similar?: unknown[];
  details?: Record<string, unknown>;
  retryable: boolean;
}

/**
 * Token weights fitted to a BPE tokenizer (o200k, gpt-tokenizer) on envelopes of snapshots, diffs,
 * finds, launches, errors and on prose: within 10% on each (ADR-0017), where characters/4
 * undercounted the JSON envelopes by 15-25%. A run of letters costs one token per 8 letters
 * begun; digits, whitespace and punctuation cost per character.
 */
const PER_WORD_PIECE = 0.9;
const PIECE_LETTERS = 8;
const PER_DIGIT = 0.26;
const PER_SPACE = 0.25;
const PER_OTHER = 0.53;

/** A calibrated token estimate an agent can budget with, in one pass over the text. */
export function estimateTokens(text: string): number {
  let pieces = 0;
  let run = 0;
  let digits = 0;
  let spaces = 0;
  let other = 0;
  for (let i = 0; i <= text.length; i++) {
    const code = i < text.length ? text.charCodeAt(i) : 0;
    const lower = code | 0x20;
    if (lower >= 0x61 && lower <= 0x7a) {
      run++;
      continue;
    }
    if (run) pieces += Math.ceil(run / PIECE_LETTERS);
    run = 0;
    if (i === text.length) break;
    if (code >= 0x30 && code <= 0x39) digits++;
    else if (code === 0x20 || code === 0x0a || code === 0x09) spaces++;
    else other++;
  }
  return Math.ceil(pieces * PER_WORD_PIECE + digits * PER_DIGIT + spaces * PER_SPACE + other * PER_OTHER);
}

/** Serialize with `_meta`; the token estimate covers the final text, its own digits included. */
function toJson(body: Record<string, unknown>, elapsedMs: number): string {
  const replacer = (_key: string, value: unknown) => (typeof value === 'bigint' ? value.toString() : value);
  let estimate = 0;
  let text = '';
  for (let pass = 0; pass < 3; pass++) {
    text = JSON.stringify({ ...body, _meta: { estimated_tokens: estimate, elapsed_ms: elapsedMs } }, replacer);
    if (estimateTokens(text) === estimate) break;
    estimate = estimateTokens(text);
  }
  return JSON.stringify({ ...body, _meta: { estimated_tokens: estimate, elapsed_ms: elapsedMs } }, replacer);
}

/**
 * A handler's return value as the success payload: plain objects are spread, anything else goes
 * under `result`. `ok` and `_meta` belong to the envelope and are dropped; `code` means "this
 * failed" to every client, so a handler's own `code` field is kept as `result_code` and a
 * success envelope never carries one (ADR-0019).
 */
export function payloadOf(value: unknown): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) return { result: value };
  const { ok: _ok, _meta: _drop, code, ...rest } = value as Record<string, unknown>;
  return code === undefined ? rest : { ...rest, result_code: code };
}

/** A cap on the success envelope's text (plugin tools, ADR-0019), and the tool it names in the note. */
export interface ResultBound {
  maxChars: number;
  tool: string;
}

/** Room left in the cap for `ok`, the truncation note, notices and `_meta`. */
const NOTE_RESERVE = 1_500;

function truncated(value: unknown, bound: ResultBound, originalChars: number, notices: readonly string[]): Record<string, unknown> {
  const budget = Math.max(0, bound.maxChars - NOTE_RESERVE - (notices.length ? JSON.stringify(notices).length + 12 : 0));
  const { payload, cut } = boundPayload(payloadOf(value), budget);
  return {
    ok: true,
    ...payload,
    truncated: true,
    truncation: {
      limit_chars: bound.maxChars,
      original_chars: originalChars,
      cut,
      hint: `The answer was over the ${bound.maxChars}-character limit for plugin tools and was cut. Ask ${bound.tool} for less (a narrower filter, a lower limit, or its cursor): see stagewright://tools/${bound.tool}.`,
    },
  };
}

/**
 * Success: `{ ok: true, ...payload, notices?, _meta }` as ONE compact text block, plus any images
 * the handler attached. No structuredContent: it would double what hosts pay.
 */
export function successResult(value: unknown, elapsedMs: number, notices: readonly string[] = [], bound?: ResultBound): CallToolResult {
  let body: Record<string, unknown> = { ok: true, ...payloadOf(value) };
  if (notices.length) body.notices = [...notices];
  let text = toJson(body, elapsedMs);
  if (bound && text.length > bound.maxChars) {
    body = truncated(value, bound, text.length, notices);
    if (notices.length) body.notices = [...notices];
    text = toJson(body, elapsedMs);
    // Only a pathological answer (thousands of tiny cuts) still overflows: then nothing of it is sent.
    if (text.length > bound.maxChars)
      text = toJson({ ok: true, truncated: true, truncation: { ...(body.truncation as object), cut: ['/: everything'] } }, elapsedMs);
  }
  const content: CallToolResult['content'] = [{ type: 'text', text }];
  for (const image of imagesOf(value)) content.push({ type: 'image', data: image.data, mimeType: image.mimeType });
  return { content };
}

/** Failure: `{ ok: false, code, error, hint?, next_actions, similar?, details?, retryable, _meta }`, isError; next_actions may be empty (ADR-0009). */
export function errorResult(error: ErrorBody, elapsedMs: number, notices: readonly string[] = []): CallToolResult {
  const body: Record<string, unknown> = { ok: false, code: error.code, error: error.error };
  if (error.hint) body.hint = error.hint;
  body.next_actions = error.next_actions ?? [];
  if (error.similar?.length) body.similar = error.similar;
  if (error.details && Object.keys(error.details).length) body.details = error.details;
  body.retryable = error.retryable;
  if (notices.length) body.notices = [...notices];
  return { content: [{ type: 'text', text: toJson(body, elapsedMs) }], isError: true };
}
