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
