import { defineElementTool } from '@stagewright/sdk';
import { captureOrThrow } from './capture.js';
import { captureEnvironment } from './environment.js';
import type { VisualFolders } from './folders.js';
import { pngSizeOrThrow } from './image-store.js';
import { nameOrThrow, VISUAL_NAME } from './names.js';
import { CAPTURE_NOTES, CAPTURE_OPTIONS, fullPageTargetOrThrow, settling } from './settle.js';

/** The suffix of capture-only files: never `.actual.png`, so visual_approve can never take one. */
export const CAPTURE_SUFFIX = '.capture.png';

/**
 * visual_capture: the same capture visual_check takes (masks, full page, settling), written as an
 * artifact and nothing else. It reads no baseline, writes none, and leaves nothing for
 * visual_approve: a capture for a person or a report, never a step toward moving a baseline.
 */
export const captureTool = (folders: VisualFolders) =>
  defineElementTool({
    name: 'capture',
    title: 'Visual capture',
    description: 'Save a screenshot as an artifact; never a baseline.',
    kind: 'action',
    target: 'optional',
    input: { name: VISUAL_NAME, ...CAPTURE_OPTIONS },
    detail: {
      notes:
        'Writes <name>.capture.png into the artifact folder (plugin config artifactDir), atomically, replacing an earlier capture of that name; mask elements (Playwright selectors) are painted magenta. ' +
        CAPTURE_NOTES +
        'Never reads or writes a baseline and cannot be approved (visual_approve takes only a failed visual_check). Returns { name, file, width, height, bytes, origin, scale }: a pixel (px, py) is at window point origin + p / scale (visual_mouse).',
      errors: ['visual.UNSTABLE', 'visual.PATH_OUTSIDE_ROOT', 'visual.IMAGE_TOO_LARGE', 'ELEMENT_NOT_VISIBLE'],
      example: { name: 'settings-full', fullPage: true, stableMs: 2000 },
    },
    async handle(args, { session, locator, config, signal }) {
      const name = nameOrThrow(args.name);
      fullPageTargetOrThrow(args);
      const artifacts = folders.artifacts(config.screenshotDir);
      // Refuse a link out of the folder before spending the capture.
      await artifacts.file(name, CAPTURE_SUFFIX);
      const environment = await captureEnvironment(session);
      const { png, origin } = await captureOrThrow(session, locator, args.mask ?? [], environment, {
        fullPage: args.fullPage,
        ...settling(args),
        signal,
      });
      const { width, height } = pngSizeOrThrow(png, 'The capture');
      const file = await artifacts.write(name, CAPTURE_SUFFIX, png);
      return { name, file, width, height, bytes: png.length, origin, scale: environment.deviceScaleFactor };
    },
  });
