import { readFile, stat } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { ToolError, Type, defineElementTool, type AnyToolDefinition, type ToolContext } from '@stagewright/sdk';
import { ACTION_ERRORS, act } from '../shared/act.js';
import { confinePath } from '../shared/paths.js';

const MAX_DROP_BYTES = 20 * 1_048_576;
const TYPES: Record<string, string> = {
  '.txt': 'text/plain',
  '.md': 'text/markdown',
  '.json': 'application/json',
  '.csv': 'text/csv',
  '.html': 'text/html',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.pdf': 'application/pdf',
};

const pathsParam = () => Type.Array(Type.String({ maxLength: 4096 }), { minItems: 1, maxItems: 20 });

/** Host paths checked to exist as files and, with --app-root, to resolve inside it. */
async function hostFiles(paths: readonly string[], ctx: ToolContext, maxBytes?: number): Promise<string[]> {
  const out: string[] = [];
  let total = 0;
  for (const [i, path] of paths.entries()) {
    const resolved = await confinePath(path, ctx.server.appRoot, `paths[${i}]`);
    const info = await stat(resolved).catch(() => undefined);
    if (!info?.isFile()) throw new ToolError('BAD_ARGUMENT', `paths[${i}] is not a file: ${path}`, { details: { param: `paths[${i}]` } });
    total += info.size;
    if (maxBytes !== undefined && total > maxBytes) {
      throw new ToolError('BAD_ARGUMENT', `The files exceed ${Math.round(maxBytes / 1_048_576)} MB together.`, {
        details: { param: 'paths' },
      });
    }
    out.push(resolved);
  }
  return out;
}

const setFiles = defineElementTool({
  name: 'electron_set_files',
  title: 'Set files',
  description: 'Set the files of a file input.',
  kind: 'action',
  input: { paths: pathsParam() },
  detail: {
    notes:
      'paths are files on the host running the app; with --app-root they must resolve inside it. Fires input and change like a file picker would.',
    errors: [...ACTION_ERRORS, 'PATH_OUTSIDE_ROOT'],
    example: { selector: 'input[type=file]', paths: ['./fixtures/a.txt'] },
  },
  async handle(args, ctx) {
    const files = await hostFiles(args.paths, ctx);
    const isFileInput = await ctx.locator
      .evaluate((el) => el instanceof HTMLInputElement && el.type === 'file', undefined, { timeout: 2_000 })
      .catch(() => undefined);
    if (isFileInput === false)
      throw new ToolError('BAD_ARGUMENT', 'The element is not an <input type=file>; use electron_drop_file for drop zones.');
    await act(ctx, (locator, timeout) => locator.setInputFiles(files, { timeout }));
    return { files: files.length };
  },
});

const dropFile = defineElementTool({
  name: 'electron_drop_file',
  title: 'Drop files',
  description: 'Drop host files onto an element, as a drag from the file manager would.',
  kind: 'action',
  input: { paths: pathsParam() },
  detail: {
    notes:
      'Dispatches dragenter, dragover and drop with a DataTransfer holding the files (20 MB in total at most). With --app-root paths must resolve inside it.',
    errors: [...ACTION_ERRORS, 'PATH_OUTSIDE_ROOT'],
    example: { ref: 'e15', paths: ['./report.csv'] },
  },
  async handle(args, ctx) {
    const paths = await hostFiles(args.paths, ctx, MAX_DROP_BYTES);
    const files = await Promise.all(
      paths.map(async (p) => ({
        name: basename(p),
        type: TYPES[extname(p).toLowerCase()] ?? 'application/octet-stream',
        data: (await readFile(p)).toString('base64'),
      })),
    );
    await act(ctx, async (locator, timeout) => {
      const dataTransfer = await locator.evaluateHandle(
        (_el, list) => {
          const dt = new DataTransfer();
          for (const f of list) {
            const bytes = Uint8Array.from(atob(f.data), (c) => c.charCodeAt(0));
            dt.items.add(new File([bytes], f.name, { type: f.type }));
          }
          return dt;
        },
        files,
        { timeout },
      );
      for (const type of ['dragenter', 'dragover', 'drop']) await locator.dispatchEvent(type, { dataTransfer }, { timeout });
      await dataTransfer.dispose();
    });
    return { files: files.length };
  },
});

/** Handing host files to the app: file inputs and drop zones. */
export const FILE_TOOLS: readonly AnyToolDefinition[] = [setFiles, dropFile];
