import { realpath, stat } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import { ToolError, isInsideRoot } from '@stagewright/sdk';

/** The path made absolute, confined to --app-root (after symlinks) when one is set, and present. */
export async function existingPath(path: string, appRoot: string | undefined): Promise<string> {
  const absolute = isAbsolute(path) ? path : resolve(process.cwd(), path);
  const real = await realpath(absolute).catch(() => undefined);
  if (appRoot) {
    const root = await realpath(appRoot);
    if (real === undefined || !isInsideRoot(root, real)) {
      // A missing path outside the root is refused the same way: no probing beyond it.
      throw new ToolError('PATH_OUTSIDE_ROOT', 'path resolves outside the app root.', { details: { param: 'path' } });
    }
  }
  if (real === undefined || !(await stat(real).catch(() => undefined))) {
    throw new ToolError('production.NOT_FOUND', `Nothing at ${path}.`, { details: { param: 'path' } });
  }
  return real;
}
