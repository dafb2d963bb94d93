/**
 * Extras a handler may attach to its plain-object result. The dispatcher sends the payload as the
 * one JSON text block and each attached image as an MCP image block after it.
 */
export interface ToolImage {
  /** Base64-encoded bytes. */
  data: string;
  mimeType: string;
}

/** Symbol-keyed so the images never appear in the JSON payload. */
export const TOOL_IMAGES = Symbol.for('stagewright.toolImages');

/** Attach image blocks to a result object (e.g. an inline screenshot). Returns the same object. */
export function withImages<T extends object>(payload: T, images: readonly ToolImage[]): T {
  Object.defineProperty(payload, TOOL_IMAGES, { value: [...images], enumerable: false, configurable: true });
  return payload;
}

/** The images attached with withImages, or none. */
export function imagesOf(payload: unknown): readonly ToolImage[] {
  if (typeof payload !== 'object' || payload === null) return [];
  const images = (payload as { [TOOL_IMAGES]?: unknown })[TOOL_IMAGES];
  return Array.isArray(images) ? (images as ToolImage[]) : [];
}

/** Symbol-keyed, like the images: the names of the fields that travel as text blocks of their own. */
export const TOOL_TEXT_BLOCKS = Symbol.for('stagewright.toolTextBlocks');

/**
 * Send these string fields of a result object as text blocks of their own after the JSON block,
 * rather than JSON-escaped inside it (ADR-0032): a multi-line text such as a snapshot costs about
 * 10% fewer tokens raw. The envelope names them, in order, in `_meta.blocks`, and a client's
 * parser puts them back under their names. An empty or missing field stays in the JSON. Returns
 * the same object.
 */
export function withTextBlocks<T extends object>(payload: T, keys: readonly (keyof T & string)[]): T {
  Object.defineProperty(payload, TOOL_TEXT_BLOCKS, { value: [...keys], enumerable: false, configurable: true });
  return payload;
}

/** The field names marked with withTextBlocks, or none. */
export function textBlockKeysOf(payload: unknown): readonly string[] {
  if (typeof payload !== 'object' || payload === null) return [];
  const keys = (payload as { [TOOL_TEXT_BLOCKS]?: unknown })[TOOL_TEXT_BLOCKS];
  return Array.isArray(keys) ? (keys as string[]) : [];
}

/** A content block as a tools/call result carries it. */
export interface ResultBlock {
  type: string;
  text?: string;
}

/**
 * A tools/call result's JSON envelope, with the text blocks its `_meta.blocks` names put back
 * under their names (ADR-0032): what every reader of answers (the trace, replay, the benchmarks,
 * the test kit) sees. Undefined when the first block is not JSON text.
 */
export function readEnvelope(content: readonly ResultBlock[] | undefined): Record<string, unknown> | undefined {
  const [first, ...rest] = content ?? [];
  if (first?.type !== 'text' || typeof first.text !== 'string') return undefined;
  let envelope: Record<string, unknown>;
  try {
    envelope = JSON.parse(first.text) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  const names = (envelope._meta as { blocks?: unknown } | undefined)?.blocks;
  if (!Array.isArray(names)) return envelope;
  names.forEach((name, i) => {
    const block = rest[i];
    if (typeof name === 'string' && block?.type === 'text' && typeof block.text === 'string' && !(name in envelope))
      envelope[name] = block.text;
  });
  return envelope;
}
