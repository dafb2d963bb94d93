import type { Locator } from 'playwright-core';
import { ToolError, isToolError, unresponsiveAfter, within, type Session } from '@stagewright/sdk';
import { IMAGE_LIMITS, pngSizeOrThrow } from './image-store.js';
import { settledCaptureOrThrow, type Settling } from './settle.js';

const CAPTURE_TIMEOUT_MS = 15_000;
/** Masked boxes measured per capture (Playwright paints every match; comparisons ignore these). */
export const MAX_MASK_RECTS = 100;

/** A masked area in device pixels of the capture: [x, y, width, height]. */
export type MaskRect = [number, number, number, number];

export interface Capture {
  png: Buffer;
  /** Where masked elements are, so a comparison can ignore them in both images. */
  masks: MaskRect[];
  /** Window coordinates (CSS px of the viewport) of the image's top left pixel: a point of the image is at origin + pixel / scale. */
  origin: [number, number];
}

/** How to capture: the whole scrollable page instead of the viewport, and how to wait for it to settle. */
export interface CaptureOptions extends Settling {
  fullPage?: boolean;
  signal?: AbortSignal;
}

/**
 * A full page has nothing to scroll, so no scrollbar belongs in it. Hidden for the capture, the
 * page is as wide as the window every time: with it, Chromium measured the page 15 px narrower
 * on some captures than on others (whether the bar was laid out at that moment), and baselines
 * of the same page differed in width.
 */
const NO_SCROLLBARS = 'html { scrollbar-width: none; } ::-webkit-scrollbar { display: none; }';

/** The document's full scroll size and scroll offset, read with fixed code. */
const pageExtent = (session: Session) =>
  within(
    session.pageOrThrow().evaluate(() => {
      const root = document.documentElement;
      const body = document.body;
      return {
        width: Math.max(root.scrollWidth, body?.scrollWidth ?? 0, root.clientWidth),
        height: Math.max(root.scrollHeight, body?.scrollHeight ?? 0, root.clientHeight),
        x: window.scrollX,
        y: window.scrollY,
      };
    }),
    CAPTURE_TIMEOUT_MS,
    unresponsiveAfter(CAPTURE_TIMEOUT_MS),
  );

/**
 * A PNG of the active window's viewport, its whole page (`fullPage`), or one element, in device
 * pixels, taken once the screen has settled (settle.ts). Masked elements
 * (Playwright selectors on the active surface) are painted over in a solid colour, so their
 * content never counts; animations are stopped and the caret hidden for the capture. The size
 * is checked before capturing (from the element's box or the viewport) and after (from the PNG header).
 */
export async function captureOrThrow(
  session: Session,
  locator: Locator | undefined,
  masks: readonly string[],
  view: { viewport: { width: number; height: number }; deviceScaleFactor: number },
  how: CaptureOptions = {},
): Promise<Capture> {
  const deviceScaleFactor = view.deviceScaleFactor;
  const surface = session.surfaceOrThrow();
  for (const selector of masks) await maskSelectorOrThrow(surface.locator(selector), selector);
  const options = {
    type: 'png' as const,
    animations: 'disabled' as const,
    caret: 'hide' as const,
    mask: masks.map((selector) => surface.locator(selector)),
    maskColor: '#FF00FF',
    timeout: CAPTURE_TIMEOUT_MS,
  };
  let box: { width: number; height: number } = view.viewport;
  let origin: [number, number] = [0, 0];
  if (how.fullPage && !locator) {
    const extent = await pageExtent(session);
    box = extent;
    origin = [-extent.x, -extent.y];
  }
  if (locator) {
    const found = await elementBoxOrThrow(locator);
    box = found;
    origin = [found.x, found.y];
  }
  const width = Math.ceil(box.width * deviceScaleFactor);
  const height = Math.ceil(box.height * deviceScaleFactor);
  if (width > IMAGE_LIMITS.edge || height > IMAGE_LIMITS.edge || width * height > IMAGE_LIMITS.pixels) {
    throw new ToolError(
      'visual.IMAGE_TOO_LARGE',
      `The ${locator ? 'element' : how.fullPage ? 'page' : 'window'} is ${width}×${height} px; capture something smaller.`,
      {
        details: { width, height, limit: IMAGE_LIMITS },
      },
    );
  }
  const take = () => {
    const capture = locator
      ? locator.screenshot(options)
      : session.pageOrThrow().screenshot(how.fullPage ? { ...options, fullPage: true, style: NO_SCROLLBARS } : options);
    return within(capture, CAPTURE_TIMEOUT_MS + 1_000, unresponsiveAfter(CAPTURE_TIMEOUT_MS));
  };
  const bytes = await settledCaptureOrThrow(take, how, how.signal);
  pngSizeOrThrow(bytes, 'The capture');
  return {
    png: bytes,
    masks: await maskRects(session, locator, masks, deviceScaleFactor, how.fullPage === true),
    origin: [Math.round(origin[0]), Math.round(origin[1])],
  };
}

/** The element's box in the page (CSS px); an element without a visible box is an error. */
async function elementBoxOrThrow(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  // Playwright's own timeout first (an element that never appears is the translator's to name), then the hung-page bound.
  const found = await within(
    locator.boundingBox({ timeout: CAPTURE_TIMEOUT_MS }),
    CAPTURE_TIMEOUT_MS + 1_000,
    unresponsiveAfter(CAPTURE_TIMEOUT_MS),
  );
  if (!found || found.width < 1 || found.height < 1) {
    // What that means (hidden, detached, covered...) is the definer's translator's to say: session.explainFailure.
    throw new Error('The element has no visible box to capture.');
  }
  return found;
}

/** A mask selector Playwright cannot parse is the caller's mistake, named as such before any capture. */
async function maskSelectorOrThrow(locator: Locator, selector: string): Promise<void> {
  try {
    await within(locator.count(), CAPTURE_TIMEOUT_MS, unresponsiveAfter(CAPTURE_TIMEOUT_MS));
  } catch (error) {
    if (isToolError(error)) throw error;
    throw new ToolError('BAD_ARGUMENT', `mask selector "${selector}" is not a valid Playwright selector.`, {
      details: { param: 'mask', reason: String((error as Error)?.message ?? error).split('\n')[0] },
    });
  }
}

/**
 * Boxes of the masked elements relative to the captured area, measured after the capture (an
 * element capture may have scrolled; offsets between the element and its masks do not change).
 */
async function maskRects(
  session: Session,
  locator: Locator | undefined,
  masks: readonly string[],
  scale: number,
  fullPage: boolean,
): Promise<MaskRect[]> {
  if (!masks.length) return [];
  const bounded = <T>(promise: Promise<T>) => within(promise, CAPTURE_TIMEOUT_MS, unresponsiveAfter(CAPTURE_TIMEOUT_MS));
  // A full-page capture starts at the document's top left; boxes are measured from the viewport's.
  const scrolled = fullPage && !locator ? await pageExtent(session) : undefined;
  const origin = locator
    ? await bounded(locator.boundingBox({ timeout: CAPTURE_TIMEOUT_MS }))
    : scrolled
      ? { x: -scrolled.x, y: -scrolled.y }
      : { x: 0, y: 0 };
  if (!origin) return [];
  const rects: MaskRect[] = [];
  for (const selector of masks) {
    const matches = (await bounded(session.surfaceOrThrow().locator(selector).all())).slice(0, MAX_MASK_RECTS - rects.length);
    for (const match of matches) {
      const box = await bounded(match.boundingBox({ timeout: CAPTURE_TIMEOUT_MS }));
      if (!box || box.width <= 0 || box.height <= 0) continue;
      const x = Math.floor((box.x - origin.x) * scale);
      const y = Math.floor((box.y - origin.y) * scale);
      rects.push([x, y, Math.ceil((box.x - origin.x + box.width) * scale) - x, Math.ceil((box.y - origin.y + box.height) * scale) - y]);
    }
  }
  return rects;
}
