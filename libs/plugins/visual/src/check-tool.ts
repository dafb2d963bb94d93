import { ToolError, Type, defineElementTool } from '@stagewright/sdk';
import { captureOrThrow, MAX_MASK_RECTS, type MaskRect } from './capture.js';
import { comparePngs } from './compare.js';
import { captureEnvironment, environmentDifferences } from './environment.js';
import type { VisualFolders } from './folders.js';
import { pngSizeOrThrow } from './image-store.js';
import { sha256, type BaselineSidecar, type PendingCapture, type PendingCaptures } from './pending.js';
import { nameOrThrow, VISUAL_NAME } from './names.js';
import { CAPTURE_NOTES, CAPTURE_OPTIONS, fullPageTargetOrThrow, settling } from './settle.js';

const DEFAULT_THRESHOLD = 0.1;

/** A sidecar is a file anyone may edit: only well-formed rectangles are taken from it. */
const isRect = (value: unknown): value is MaskRect =>
  Array.isArray(value) && value.length === 4 && value.every((n) => Number.isInteger(n) && n >= -1e5 && n <= 1e5);

const CHECK_INPUT = {
  name: VISUAL_NAME,
  ...CAPTURE_OPTIONS,
  threshold: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
  maxDiffPixels: Type.Optional(Type.Integer({ minimum: 0 })),
  maxDiffRatio: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
};

const CHECK_DETAIL = {
  notes:
    'Captures the active window (viewport) or the ref/selector element as PNG, with mask elements (Playwright selectors) painted magenta, and compares it with baseline `name` (pixelmatch; threshold: per-pixel colour distance 0-1, default 0.1). ' +
    'Masked boxes of the baseline and of this capture are ignored in both. Passes when the differing pixels are within maxDiffPixels (default 0) and maxDiffRatio (when given): { name, match: true, diffPixels, diffRatio, width, height, baseline }. ' +
    'A baseline whose sidecar environment (platform, electron, chrome, viewport, deviceScaleFactor, colorScheme) differs answers visual.INCOMPARABLE with the differences, before any pixel is compared. ' +
    'NO_BASELINE, INCOMPARABLE and MISMATCH keep the capture as <name>.actual.png (MISMATCH also <name>.diff.png) in the artifact folder and name the files; visual_approve with confirm: true makes it the baseline. ' +
    CAPTURE_NOTES +
    'Folders: plugin config baselineDir / artifactDir (default under the screenshot folder). name: letters, digits, - and _.',
  errors: [
    'visual.NO_BASELINE',
    'visual.INCOMPARABLE',
    'visual.MISMATCH',
    'visual.PATH_OUTSIDE_ROOT',
    'visual.IMAGE_TOO_LARGE',
    'visual.BAD_IMAGE',
    'visual.UNSTABLE',
    'ELEMENT_NOT_VISIBLE',
  ],
  example: { name: 'settings-preview', selector: '#preview', maxDiffRatio: 0.001 },
};

export const checkTool = (folders: VisualFolders, pending: PendingCaptures) =>
  defineElementTool({
    name: 'check',
    title: 'Visual check',
    description: 'Compare a screenshot of the window or an element with its named baseline.',
    kind: 'assert',
    target: 'optional',
    input: CHECK_INPUT,
    detail: CHECK_DETAIL,
    async handle(args, { session, locator, config, signal }) {
      const name = nameOrThrow(args.name);
      fullPageTargetOrThrow(args);
      const baselines = folders.baselines(config.screenshotDir);
      const artifacts = folders.artifacts(config.screenshotDir);
      const environment = await captureEnvironment(session);
      const { png: actual, masks } = await captureOrThrow(session, locator, args.mask ?? [], environment, {
        fullPage: args.fullPage,
        ...settling(args),
        signal,
      });
      const { width, height } = pngSizeOrThrow(actual, 'The capture');
      const target = args.ref ?? args.selector ?? (args.fullPage ? 'page' : 'window');

      const keep = keeper(artifacts, pending, name, actual, { version: 1, name, target, width, height, masks, environment });

      const sidecarText = await baselines.read(name, '.json');
      const baselinePng = await baselines.read(name, '.png');
      if (!sidecarText || !baselinePng) {
        const kept = await keep();
        throw new ToolError('visual.NO_BASELINE', `There is no baseline "${name}" yet; the capture is kept at ${kept.actual}.`, {
          details: { ...kept, missing: !baselinePng ? 'image' : 'sidecar' },
        });
      }
      const sidecar = parsedSidecar(sidecarText);
      const differences = environmentDifferences(sidecar?.environment, environment);
      if (differences.length > 0) {
        const kept = await keep();
        throw new ToolError(
          'visual.INCOMPARABLE',
          `Baseline "${name}" was taken in another environment (${differences.map((d) => d.field).join(', ')}); no pixels were compared.`,
          { details: { differences, ...kept } },
        );
      }
      pngSizeOrThrow(baselinePng, `Baseline "${name}"`);
      const baselineMasks = Array.isArray(sidecar?.masks) ? sidecar.masks.filter(isRect).slice(0, MAX_MASK_RECTS) : [];
      const result = comparePngs(baselinePng, actual, args.threshold ?? DEFAULT_THRESHOLD, [...baselineMasks, ...masks]);
      const figures = { diffPixels: result.diffPixels, diffRatio: Number(result.diffRatio.toFixed(6)), width, height };
      if (!withinLimits(result, args)) {
        const kept = await keep(result.diff);
        throw new ToolError(
          'visual.MISMATCH',
          `${result.diffPixels} pixels differ from baseline "${name}"; see ${kept.diff ?? kept.actual}.`,
          { details: { ...figures, ...(result.sizeChanged ? { sizeChanged: result.sizeChanged } : {}), ...kept } },
        );
      }
      await dropCapture(pending, artifacts, name);
      return { name, match: true, ...figures, baseline: await baselines.file(name, '.png') };
    },
  });

/** The baseline's sidecar, or undefined when it is not JSON. */
function parsedSidecar(text: Buffer): Partial<BaselineSidecar> | undefined {
  try {
    return JSON.parse(text.toString('utf8')) as Partial<BaselineSidecar>;
  } catch {
    return undefined;
  }
}

/** Keeps the capture (and a diff) as artifacts this server may later approve. */
function keeper(
  artifacts: ReturnType<VisualFolders['artifacts']>,
  pending: PendingCaptures,
  name: string,
  actual: Buffer,
  sidecar: PendingCapture['sidecar'],
) {
  return async (diff?: Buffer) => {
    const actualFile = await artifacts.write(name, '.actual.png', actual);
    if (diff) await artifacts.write(name, '.diff.png', diff);
    else await artifacts.remove(name, '.diff.png');
    pending.keep(name, { actualFile, sha256: sha256(actual), sidecar });
    return { actual: actualFile, ...(diff ? { diff: await artifacts.file(name, '.diff.png') } : {}) };
  };
}

/** Whether the differing pixels are within maxDiffPixels (default 0, or none when only a ratio is given) and maxDiffRatio. */
function withinLimits(result: { diffPixels: number; diffRatio: number }, args: { maxDiffPixels?: number; maxDiffRatio?: number }): boolean {
  const withinPixels = result.diffPixels <= (args.maxDiffPixels ?? (args.maxDiffRatio === undefined ? 0 : Number.POSITIVE_INFINITY));
  const withinRatio = args.maxDiffRatio === undefined || result.diffRatio <= args.maxDiffRatio;
  return withinPixels && withinRatio;
}

/** A check that passed leaves no capture to approve and no artifacts behind. */
async function dropCapture(pending: PendingCaptures, artifacts: ReturnType<VisualFolders['artifacts']>, name: string): Promise<void> {
  pending.forget(name);
  await artifacts.remove(name, '.actual.png');
  await artifacts.remove(name, '.diff.png');
}
