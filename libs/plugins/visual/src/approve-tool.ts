import { ToolError, Type, defineTool } from '@stagewright/sdk';
import type { VisualFolders } from './folders.js';
import { sha256, type BaselineSidecar, type PendingCaptures } from './pending.js';
import { nameOrThrow, VISUAL_NAME } from './names.js';

export const approveTool = (folders: VisualFolders, pending: PendingCaptures) =>
  defineTool({
    name: 'approve',
    title: 'Approve visual baseline',
    description: 'Make the last failed visual_check capture of a name its baseline. Needs confirm: true.',
    kind: 'destructive',
    input: { name: VISUAL_NAME, confirm: Type.Optional(Type.Boolean()) },
    detail: {
      notes:
        'Promotes the capture this server kept at the last visual_check of `name` that answered NO_BASELINE, INCOMPARABLE or MISMATCH: the PNG and a sidecar <name>.json (environment, size, target) replace the baseline, each written atomically. ' +
        'Without confirm: true nothing changes and visual.CONFIRM_REQUIRED names the files to review. Returns { name, baseline, sidecar, width, height, replaced }.',
      errors: ['visual.CONFIRM_REQUIRED', 'visual.NOTHING_TO_APPROVE', 'visual.PATH_OUTSIDE_ROOT'],
      example: { name: 'settings-preview', confirm: true },
    },
    async handle(args, { config }) {
      const name = nameOrThrow(args.name);
      const capture = pending.get(name);
      if (!capture) {
        throw new ToolError('visual.NOTHING_TO_APPROVE', `No failed visual_check of "${name}" is waiting for approval on this server.`);
      }
      const artifacts = folders.artifacts(config.screenshotDir);
      const baselines = folders.baselines(config.screenshotDir);
      const actual = await artifacts.read(name, '.actual.png');
      if (!actual || sha256(actual) !== capture.sha256) {
        pending.forget(name);
        throw new ToolError('visual.NOTHING_TO_APPROVE', `The kept capture of "${name}" changed or is gone; run visual_check again.`);
      }
      if (args.confirm !== true) {
        const diff = (await artifacts.exists(name, '.diff.png')) ? await artifacts.file(name, '.diff.png') : undefined;
        throw new ToolError(
          'visual.CONFIRM_REQUIRED',
          `Review ${diff ?? capture.actualFile}, then call visual_approve with confirm: true to replace baseline "${name}".`,
          {
            details: { actual: capture.actualFile, ...(diff ? { diff } : {}), baseline: await baselines.file(name, '.png') },
          },
        );
      }
      const replaced = await baselines.exists(name, '.png');
      const sidecar: BaselineSidecar = { ...capture.sidecar, approvedAt: new Date().toISOString() };
      const baseline = await baselines.write(name, '.png', actual);
      const sidecarFile = await baselines.write(name, '.json', `${JSON.stringify(sidecar, null, 2)}\n`);
      pending.forget(name);
      await artifacts.remove(name, '.actual.png');
      await artifacts.remove(name, '.diff.png');
      return { name, baseline, sidecar: sidecarFile, width: sidecar.width, height: sidecar.height, replaced };
    },
  });
