import pixelmatch from 'pixelmatch';
import pngjs from 'pngjs';
import type { MaskRect } from './capture.js';

const { PNG } = pngjs;

export interface Comparison {
  diffPixels: number;
  /** diffPixels over all pixels of the image. */
  diffRatio: number;
  /** The diff image (differing pixels in red over a faded copy), or undefined when sizes differ. */
  diff?: Buffer;
  sizeChanged?: { baseline: [number, number]; actual: [number, number] };
}

/** Paints the rectangles opaque magenta (the colour masks are captured in), clipped to the image. */
function paint(image: { width: number; height: number; data: Buffer }, rects: readonly MaskRect[]): void {
  for (const [x, y, width, height] of rects) {
    for (let row = Math.max(0, y); row < Math.min(image.height, y + height); row++) {
      for (let column = Math.max(0, x); column < Math.min(image.width, x + width); column++) {
        image.data.set([255, 0, 255, 255], (row * image.width + column) * 4);
      }
    }
  }
}

/**
 * Compares two PNGs with pixelmatch. `threshold` is pixelmatch's per-pixel colour distance
 * (0 exact, 1 anything); anti-aliased pixels are not counted. `masks` (the baseline's and the
 * capture's together) are painted over in both images first, so a masked element that moved or
 * changed size between the two never counts. Images of different sizes count every pixel of the
 * larger one as different.
 */
export function comparePngs(baseline: Buffer, actual: Buffer, threshold: number, masks: readonly MaskRect[] = []): Comparison {
  const a = PNG.sync.read(baseline);
  const b = PNG.sync.read(actual);
  paint(a, masks);
  paint(b, masks);
  if (a.width !== b.width || a.height !== b.height) {
    const pixels = Math.max(a.width * a.height, b.width * b.height);
    return { diffPixels: pixels, diffRatio: 1, sizeChanged: { baseline: [a.width, a.height], actual: [b.width, b.height] } };
  }
  const diff = new PNG({ width: a.width, height: a.height });
  const diffPixels = pixelmatch(a.data, b.data, diff.data, a.width, a.height, { threshold });
  return { diffPixels, diffRatio: diffPixels / (a.width * a.height), diff: PNG.sync.write(diff) };
}
