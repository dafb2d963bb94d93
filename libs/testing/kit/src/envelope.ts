import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** A tool result as the dispatcher sends it: one JSON text block (plus optional image blocks). */
export interface Envelope {
  ok: boolean;
  code?: string;
  error?: string;
  hint?: string;
  next_actions?: string[];
  similar?: unknown[];
  details?: Record<string, unknown>;
  retryable?: boolean;
  notices?: string[];
  _meta: { estimated_tokens: number; elapsed_ms: number; blocks?: string[] };
  [key: string]: unknown;
}

/**
 * Parse a tools/call result into its envelope, checking the wire contract on the way: the first
 * block is the JSON text; the text blocks after it are exactly the fields `_meta.blocks` names,
 * in order (ADR-0032), and are put back under those names; any others are images; isError
 * matches ok; and there is no structuredContent.
 */
export function parseEnvelope(result: CallToolResult | Record<string, unknown>): Envelope {
  const content = (result as CallToolResult).content;
  if (!Array.isArray(content) || content.length === 0) throw new Error(`tool result has no content: ${JSON.stringify(result)}`);
  const [first, ...rest] = content;
  if (first.type !== 'text') throw new Error(`first content block is ${first.type}, expected text`);
  if ('structuredContent' in result && result.structuredContent !== undefined) throw new Error('structuredContent must not be sent');
  const envelope = JSON.parse(first.text) as Envelope;
  const names = envelope._meta?.blocks ?? [];
  const texts = rest.slice(0, names.length);
  if (texts.length !== names.length || texts.some((block) => block.type !== 'text')) {
    throw new Error(`_meta.blocks names ${names.length} text block(s) (${names.join(', ')}) but they do not follow the envelope`);
  }
  if (rest.slice(names.length).some((block) => block.type !== 'image')) {
    throw new Error('only the text blocks _meta.blocks names, then image blocks, may follow the envelope text block');
  }
  names.forEach((name, i) => {
    if (name in envelope) throw new Error(`_meta.blocks names "${name}", which the envelope also carries`);
    envelope[name] = (texts[i] as { text: string }).text;
  });
  if (Boolean((result as CallToolResult).isError) !== !envelope.ok) {
    throw new Error(`isError (${String((result as CallToolResult).isError)}) disagrees with ok (${String(envelope.ok)})`);
  }
  return envelope;
}

/** The image blocks after the envelope. */
export function imagesOfResult(result: CallToolResult): { data: string; mimeType: string }[] {
  return result.content.filter((block) => block.type === 'image') as { data: string; mimeType: string }[];
}
