import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { imagesOf, textBlockKeysOf } from '@stagewright/sdk';
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
 * Token weights fitted to a BPE tokenizer (o200k, gpt-tokenizer) by least squares on relative
 * error, over snapshots (raw and JSON-escaped, six fixture apps), diffs, finds, errors and prose:
 * within 8% on each (ADR-0017, refitted for raw text blocks in ADR-0032). The text is read the
 * way a BPE pre-tokenizer splits it: runs of letters (one piece per 8 letters begun), digits (one
 * per 3), whitespace (a single space before a word joins the word) and punctuation.
 */
const PER_WORD_PIECE = 1.07;
const WORD_PIECE_LETTERS = 8;
const PER_DIGIT_GROUP = 1.8;
const DIGIT_GROUP = 3;
const PER_SPACE_RUN = 0.44;
const PER_PUNCT_RUN = 0.7;
const PER_PUNCT_CHAR = 0.044;

const LETTER = 1;
const DIGIT = 2;
const SPACE = 3;
const PUNCT = 4;

function classOf(code: number): number {
  const lower = code | 0x20;
  if ((lower >= 0x61 && lower <= 0x7a) || code > 0x7f) return LETTER;
  if (code >= 0x30 && code <= 0x39) return DIGIT;
  if (code === 0x20 || code === 0x0a || code === 0x09 || code === 0x0d) return SPACE;
  return PUNCT;
}

/** A calibrated token estimate an agent can budget with, in one pass over the text. */
export function estimateTokens(text: string): number {
  let words = 0;
  let digitGroups = 0;
  let spaceRuns = 0;
  let punctRuns = 0;
  let punctChars = 0;
  for (let i = 0; i < text.length; ) {
    const kind = classOf(text.charCodeAt(i));
    let end = i + 1;
    while (end < text.length && classOf(text.charCodeAt(end)) === kind) end++;
    const length = end - i;
    if (kind === LETTER) words += Math.ceil(length / WORD_PIECE_LETTERS);
    else if (kind === DIGIT) digitGroups += Math.ceil(length / DIGIT_GROUP);
    else if (kind === PUNCT) {
      punctRuns++;
      punctChars += length;
    } else {
      const joinsNext = length === 1 && text.charCodeAt(i) === 0x20 && end < text.length && classOf(text.charCodeAt(end)) !== DIGIT;
      if (!joinsNext) spaceRuns++;
    }
    i = end;
  }
  return Math.ceil(
    words * PER_WORD_PIECE +
      digitGroups * PER_DIGIT_GROUP +
      spaceRuns * PER_SPACE_RUN +
      punctRuns * PER_PUNCT_RUN +
      punctChars * PER_PUNCT_CHAR,
  );
}

/**
 * Serialize with `_meta`; the token estimate covers the final text, its own digits included, and
 * the text blocks sent after it (`blocks`, ADR-0032).
 */
function toJson(body: Record<string, unknown>, elapsedMs: number, blocks: readonly TextBlock[] = []): string {
  const replacer = (_key: string, value: unknown) => (typeof value === 'bigint' ? value.toString() : value);
  const names = blocks.length ? { blocks: blocks.map((block) => block.key) } : {};
  const blockTokens = blocks.reduce((sum, block) => sum + estimateTokens(block.text), 0);
  const serialize = (estimate: number) =>
    JSON.stringify({ ...body, _meta: { estimated_tokens: estimate, elapsed_ms: elapsedMs, ...names } }, replacer);
  let estimate = 0;
  for (let pass = 0; pass < 3; pass++) {
    const next = estimateTokens(serialize(estimate)) + blockTokens;
    if (next === estimate) break;
    estimate = next;
  }
  return serialize(estimate);
}

/** A string field sent as its own text block after the JSON one. */
interface TextBlock {
  key: string;
  text: string;
}

/** The marked fields of `body` that are non-empty strings, taken out of it (ADR-0032). */
function takeTextBlocks(body: Record<string, unknown>, keys: readonly string[]): { body: Record<string, unknown>; blocks: TextBlock[] } {
  const blocks: TextBlock[] = [];
  const rest = { ...body };
  for (const key of keys) {
    const text = rest[key];
    if (typeof text !== 'string' || text === '') continue;
    blocks.push({ key, text });
    delete rest[key];
  }
  return { body: rest, blocks };
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
 * Success: `{ ok: true, ...payload, notices?, _meta }` as ONE compact text block, then the text
 * blocks the handler marked (withTextBlocks, named in `_meta.blocks`), then any images it
 * attached. No structuredContent: it would double what hosts pay. A bounded answer that is over
 * its cap keeps every field in the JSON, where the cut can reach it.
 */
export function successResult(value: unknown, elapsedMs: number, notices: readonly string[] = [], bound?: ResultBound): CallToolResult {
  let body: Record<string, unknown> = { ok: true, ...payloadOf(value) };
  if (notices.length) body.notices = [...notices];
  const split = takeTextBlocks(body, textBlockKeysOf(value));
  let blocks = split.blocks;
  let text = toJson(split.body, elapsedMs, blocks);
  const size = () => text.length + blocks.reduce((sum, block) => sum + block.text.length, 0);
  if (bound && size() > bound.maxChars) {
    blocks = [];
    text = toJson(body, elapsedMs);
  }
  if (bound && text.length > bound.maxChars) {
    body = truncated(value, bound, text.length, notices);
    if (notices.length) body.notices = [...notices];
    text = toJson(body, elapsedMs);
    // Only a pathological answer (thousands of tiny cuts) still overflows: then nothing of it is sent.
    if (text.length > bound.maxChars)
      text = toJson({ ok: true, truncated: true, truncation: { ...(body.truncation as object), cut: ['/: everything'] } }, elapsedMs);
  }
  const content: CallToolResult['content'] = [{ type: 'text', text }];
  for (const block of blocks) content.push({ type: 'text', text: block.text });
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
