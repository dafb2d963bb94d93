import { readFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { defineElementTool } from '@stagewright/sdk';
import { ACTION_ERRORS, act } from '../shared/act.js';
import { hostFiles, pathsParam } from './file-paths.js';

const MAX_DROP_BYTES = 20 * 1_048_576;
const TYPES: Record<string, string> = {
  '.txt': 'text/plain', '.md': 'text/markdown', '.json': 'application/json', '.csv': 'text/csv', '.html': 'text/html',
  '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.svg': 'image/svg+xml', '.pdf': 'application/pdf',
};

export const dropFileTool = defineElementTool({
  name: 'electron_drop_file',
  title: 'Drop files',
  description: 'Drop host files onto an element, as a drag from the file manager would.',
  kind: 'action',
  input: { paths: pathsParam() },
  detail: {
    notes: 'Dispatches dragenter, dragover and drop with a DataTransfer holding the files (20 MB in total at most). With --app-root paths must resolve inside it.',
    errors: [...ACTION_ERRORS, 'PATH_OUTSIDE_ROOT'],
    example: { ref: 'e15', paths: ['./report.csv'] },
  },
  async handle(args, ctx) {
    const paths = await hostFiles(args.paths, ctx, MAX_DROP_BYTES);
    const files = await Promise.all(
      paths.map(async (p) => ({ name: basename(p), type: TYPES[extname(p).toLowerCase()] ?? 'application/octet-stream', data: (await readFile(p)).toString('base64') })),
    );
    await act(ctx, args, async (locator, timeout) => {
      const dataTransfer = await locator.evaluateHandle((_el, list) => {
        const dt = new DataTransfer();
        for (const f of list) {
          const bytes = Uint8Array.from(atob(f.data), (c) => c.charCodeAt(0));
          dt.items.add(new File([bytes], f.name, { type: f.type }));
        }
        return dt;
      }, files, { timeout });
      for (const type of ['dragenter', 'dragover', 'drop']) await locator.dispatchEvent(type, { dataTransfer }, { timeout });
      await dataTransfer.dispose();
    }, { needsEnabled: false });
    return { files: files.length };
  },
});
