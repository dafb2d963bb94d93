import pixelmatch from 'pixelmatch';
import pngjs from 'pngjs';

const { PNG } = pngjs;

export interface Comparison {
  diffPixels: number;
  /** diffPixels over all pixels of the image. */
  diffRatio: number;
  /** The diff image (differing pixels in red over a faded copy), or undefined when sizes differ. */
  diff?: Buffer;
  sizeChanged?: { baseline: [number, number]; actual: [number, number] };
}

/**
 * Compares two PNGs with pixelmatch. `threshold` is pixelmatch's per-pixel colour distance
 * (0 exact, 1 anything); anti-aliased pixels are not counted. Images of different sizes count
 * every pixel of the larger one as different.
 */
export function comparePngs(baseline: Buffer, actual: Buffer, threshold: number): Comparison {
  const a = PNG.sync.read(baseline);
  const b = PNG.sync.read(actual);
  if (a.width !== b.width || a.height !== b.height) {
    const pixels = Math.max(a.width * a.height, b.width * b.height);
    return { diffPixels: pixels, diffRatio: 1, sizeChanged: { baseline: [a.width, a.height], actual: [b.width, b.height] } };
  }
  const diff = new PNG({ width: a.width, height: a.height });
  const diffPixels = pixelmatch(a.data, b.data, diff.data, a.width, a.height, { threshold });
  return { diffPixels, diffRatio: diffPixels / (a.width * a.height), diff: PNG.sync.write(diff) };
}
