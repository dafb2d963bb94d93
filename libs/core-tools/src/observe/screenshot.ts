import {
  ToolError,
  Type,
  defineElementTool,
  unresponsiveAfter,
  within,
  withImages,
  writeFileSafely,
  type AnyToolDefinition,
} from '@stagewright/sdk';
import { probeOne, PROBE_TIMEOUT_MS } from '../shared/probe.js';
import { cdpSend } from '../shared/cdp-session.js';
import { screenshotPath, type ImageFormat } from './screenshot-path.js';

/** Longest side of an inline image, in pixels; larger captures are downscaled for the inline copy. */
export const MAX_INLINE_EDGE = 1_280;
/** Largest inline image, in bytes, before re-encoding it smaller. */
export const MAX_INLINE_BYTES = 800_000;
/** Tallest or widest region captured (Chromium's own limit is near 16k). */
const MAX_CAPTURE_EDGE = 16_000;
const CAPTURE_TIMEOUT_MS = 10_000;

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}
interface LayoutMetrics {
  cssVisualViewport: { pageX: number; pageY: number; clientWidth: number; clientHeight: number };
  cssContentSize: Rect;
  contentSize: Rect;
}

const screenshot = defineElementTool({
  name: 'electron_screenshot',
  title: 'Screenshot',
  description: 'Screenshot the window, an element or the full page to a file.',
  kind: 'action',
  // A capture writes a file; it causes nothing in the app worth a settle.
  effects: false,
  target: 'optional',
  input: {
    fullPage: Type.Optional(Type.Boolean()),
    format: Type.Optional(Type.Enum(['png', 'jpeg'])),
    inline: Type.Optional(Type.Boolean()),
    path: Type.Optional(Type.String({ maxLength: 255 })),
  },
  rules: [{ atMostOne: ['fullPage', 'ref'] }, { atMostOne: ['fullPage', 'selector'] }],
  detail: {
    notes: `Captures the active window (or the element, or with fullPage the whole scrollable page) in CSS pixels and writes it under --screenshot-dir; path may name the file (relative, or absolute inside that folder), else a fresh name is chosen. Returns { path, format, width, height, bytes }. inline: true adds an image block, downscaled to ${MAX_INLINE_EDGE} px on its longest side and re-encoded as JPEG when larger than ${MAX_INLINE_BYTES} bytes.`,
    values: { format: ['png', 'jpeg'] },
    errors: ['ELEMENT_NOT_FOUND', 'AMBIGUOUS_SELECTOR', 'PATH_OUTSIDE_ROOT', 'UNSAFE_FOLDER', 'ELEMENT_NOT_VISIBLE'],
    example: { ref: 'e4', inline: true },
  },
  async handle(args, ctx) {
    const { session, locator } = ctx;
    const page = session.pageOrThrow();
    const { file, format } = await screenshotPath(ctx.server.screenshotDir, args.path, args.format as ImageFormat | undefined);
    const metrics = await cdpSend<LayoutMetrics>(page, 'Page.getLayoutMetrics', {}, CAPTURE_TIMEOUT_MS);
    const viewport = metrics.cssVisualViewport;
    const dpr = metrics.contentSize.width / metrics.cssContentSize.width || 1;
    let rect: Rect;
    if (locator) {
      await probeOne(ctx, {});
      const box = await within(locator.boundingBox({ timeout: PROBE_TIMEOUT_MS }), PROBE_TIMEOUT_MS, unresponsiveAfter(PROBE_TIMEOUT_MS));
      if (!box || box.width < 1 || box.height < 1) {
        // What that means (hidden, detached, covered...) is the definer's translator's to say: session.explainFailure.
        throw new Error('The element has no visible box to capture.');
      }
      rect = { x: box.x + viewport.pageX, y: box.y + viewport.pageY, width: box.width, height: box.height };
    } else if (args.fullPage) {
      rect = { x: 0, y: 0, width: metrics.cssContentSize.width, height: metrics.cssContentSize.height };
    } else {
      rect = { x: viewport.pageX, y: viewport.pageY, width: viewport.clientWidth, height: viewport.clientHeight };
    }
    const truncated = rect.width > MAX_CAPTURE_EDGE || rect.height > MAX_CAPTURE_EDGE;
    rect = { ...rect, width: Math.min(rect.width, MAX_CAPTURE_EDGE), height: Math.min(rect.height, MAX_CAPTURE_EDGE) };
    const fits = insideViewport(rect, viewport);
    const capture = async (factor: number, fmt: ImageFormat, quality?: number): Promise<Buffer> => {
      const { data } = await cdpSend<{ data: string }>(
        page,
        'Page.captureScreenshot',
        {
          format: fmt,
          ...(quality === undefined ? {} : { quality }),
          clip: { ...rect, scale: factor / dpr },
          captureBeyondViewport: !fits,
        },
        CAPTURE_TIMEOUT_MS,
      );
      return Buffer.from(data, 'base64');
    };
    const saved = await capture(1, format, format === 'jpeg' ? 85 : undefined);
    // Through a temporary file and rename: a link planted at the name is replaced, never followed.
    await writeFileSafely(file, saved, false);
    const payload: Record<string, unknown> = {
      path: file,
      format,
      width: Math.round(rect.width),
      height: Math.round(rect.height),
      bytes: saved.length,
      // Where the image sits in the window (CSS px, scale 1), for acting on what it shows by coordinates.
      origin: [Math.round(rect.x - viewport.pageX), Math.round(rect.y - viewport.pageY)],
      scale: 1,
      ...(truncated ? { truncated: true } : {}),
    };
    if (!args.inline) return payload;
    const image = await inlineImage(rect, saved, format, capture);
    payload.inline = { width: image.width, height: image.height, mimeType: image.mimeType, scale: image.width / Math.round(rect.width) };
    return withImages(payload, [{ data: image.bytes.toString('base64'), mimeType: image.mimeType }]);
  },
});

/** Whether the clip lies inside the visible viewport (else Chromium must capture beyond it). */
function insideViewport(rect: Rect, viewport: LayoutMetrics['cssVisualViewport']): boolean {
  return (
    rect.x >= viewport.pageX &&
    rect.y >= viewport.pageY &&
    rect.x + rect.width <= viewport.pageX + viewport.clientWidth &&
    rect.y + rect.height <= viewport.pageY + viewport.clientHeight
  );
}

/** The saved image when it is small enough, else smaller JPEG captures until it is. */
async function inlineImage(
  rect: Rect,
  saved: Buffer,
  format: ImageFormat,
  capture: (factor: number, fmt: ImageFormat, quality?: number) => Promise<Buffer>,
) {
  const longest = Math.max(rect.width, rect.height);
  let factor = Math.min(1, MAX_INLINE_EDGE / longest);
  const size = (f: number) => ({ width: Math.max(1, Math.round(rect.width * f)), height: Math.max(1, Math.round(rect.height * f)) });
  if (factor === 1 && saved.length <= MAX_INLINE_BYTES) return { bytes: saved, mimeType: `image/${format}`, ...size(1) };
  let quality = 70;
  for (;;) {
    const bytes = await capture(factor, 'jpeg', quality);
    if (bytes.length <= MAX_INLINE_BYTES || quality <= 30) return { bytes, mimeType: 'image/jpeg', ...size(factor) };
    quality -= 20;
    factor *= 0.7;
  }
}

/** Evidence: pictures of the window, an element or the whole page. */
export const SCREENSHOT_TOOLS: readonly AnyToolDefinition[] = [screenshot];
