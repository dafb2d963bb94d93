import { stat } from 'node:fs/promises';
import { Type, ToolError, type ToolContext } from '@stagewright/sdk';
import { confinePath } from '../shared/paths.js';

export const pathsParam = () => Type.Array(Type.String({ maxLength: 4096 }), { minItems: 1, maxItems: 20 });

/** Host paths checked to exist as files and, with --app-root, to resolve inside it. */
export async function hostFiles(paths: readonly string[], ctx: ToolContext, maxBytes?: number): Promise<string[]> {
  const out: string[] = [];
  let total = 0;
  for (const [i, path] of paths.entries()) {
    const resolved = await confinePath(path, ctx.config.appRoot, `paths[${i}]`);
    const info = await stat(resolved).catch(() => undefined);
    if (!info?.isFile()) throw new ToolError('BAD_ARGUMENT', `paths[${i}] is not a file: ${path}`, { details: { param: `paths[${i}]` } });
    total += info.size;
    if (maxBytes !== undefined && total > maxBytes) {
      throw new ToolError('BAD_ARGUMENT', `The files exceed ${Math.round(maxBytes / 1_048_576)} MB together.`, { details: { param: 'paths' } });
    }
    out.push(resolved);
  }
  return out;
}
