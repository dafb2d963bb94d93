import { ToolError, defineElementTool } from '@stagewright/sdk';
import { ACTION_ERRORS, act } from '../shared/act.js';
import { hostFiles, pathsParam } from './file-paths.js';

export const setFilesTool = defineElementTool({
  name: 'electron_set_files',
  title: 'Set files',
  description: 'Set the files of a file input.',
  kind: 'action',
  input: { paths: pathsParam() },
  detail: {
    notes: 'paths are files on the host running the app; with --app-root they must resolve inside it. Fires input and change like a file picker would.',
    errors: [...ACTION_ERRORS, 'PATH_OUTSIDE_ROOT'],
    example: { selector: 'input[type=file]', paths: ['./fixtures/a.txt'] },
  },
  async handle(args, ctx) {
    const files = await hostFiles(args.paths, ctx);
    const isFileInput = await ctx.locator
      .evaluate((el) => el instanceof HTMLInputElement && el.type === 'file', undefined, { timeout: 2_000 })
      .catch(() => undefined);
    if (isFileInput === false) throw new ToolError('BAD_ARGUMENT', 'The element is not an <input type=file>; use electron_drop_file for drop zones.');
    await act(ctx, args, (locator, timeout) => locator.setInputFiles(files, { timeout }), { needsEnabled: false });
    return { files: files.length };
  },
});
