import { definePlugin } from '@stagewright/sdk';
import { approveTool } from './approve-tool.js';
import { captureTool } from './capture-tool.js';
import { checkTool } from './check-tool.js';
import { mouseTool } from './mouse-tool.js';
import { VisualConfig, VisualFolders } from './folders.js';
import { PendingCaptures } from './pending.js';

/**
 * The visual plugin: named screenshots compared with baselines (pixelmatch), an explicit,
 * confirmed approval that turns a kept capture into the baseline, and the mouse at window
 * coordinates for what has no accessibility tree. Not gated: it runs no agent code, only
 * screenshots, mouse input and a fixed read of the viewport. A factory, so each server keeps its
 * own folders and its own captures awaiting approval.
 */
export const createVisualPlugin = () => {
  const folders = new VisualFolders();
  const pending = new PendingCaptures();
  return definePlugin({
    name: 'visual',
    version: '0.1.0',
    sdkRange: '^1.4.0',
    tools: [checkTool(folders, pending), approveTool(folders, pending), captureTool(folders), mouseTool()],
    configSchema: VisualConfig,
    safeConfigFields: ['baselineDir', 'artifactDir'],
    errorCodes: {
      NO_BASELINE: {
        retryable: false,
        hint: 'Review the kept capture, then visual_approve with confirm: true to make it the baseline.',
        next: ['visual_approve'],
      },
      INCOMPARABLE: {
        retryable: false,
        hint: 'Restore the window size, scale and colour scheme of the baseline, or approve the kept capture as a new baseline.',
        next: ['visual_approve'],
      },
      MISMATCH: {
        retryable: true,
        hint: 'Open the diff image; if the change is intended, visual_approve with confirm: true.',
        next: ['visual_approve'],
      },
      CONFIRM_REQUIRED: { retryable: false, hint: 'Review the named images, then repeat the call with confirm: true.' },
      NOTHING_TO_APPROVE: {
        retryable: false,
        hint: 'Run visual_check for this name first; only its kept capture can be approved.',
        next: ['visual_check'],
      },
      PATH_OUTSIDE_ROOT: {
        retryable: false,
        hint: 'Replace the symlink in the baseline/artifact folder by a plain file, or use another name.',
      },
      IMAGE_TOO_LARGE: { retryable: false, hint: 'Capture a smaller window or element.' },
      BAD_IMAGE: { retryable: false, hint: 'The baseline file is not a PNG; approve a new capture to replace it.' },
      UNSTABLE: {
        retryable: true,
        hint: 'Mask what keeps moving (mask), wait for the app to finish (electron_wait_for_selector, settleMs), or allow longer (stableMs).',
      },
    },
    setup(ctx) {
      folders.configure(ctx.config);
    },
  });
};

export default createVisualPlugin;
