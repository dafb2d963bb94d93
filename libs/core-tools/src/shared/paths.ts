import { realpath } from 'node:fs/promises';
import { isAbsolute, resolve, sep } from 'node:path';
import { ToolError } from '@stagewright/sdk';

/**
 * With `--app-root`, a path must resolve inside it after following symlinks (realpath), so a
 * link inside the root cannot point outside it. Without an app root, paths are only made absolute.
 * Returns the resolved path; throws PATH_OUTSIDE_ROOT, or BAD_ARGUMENT when the path does not exist.
 */
export async function confinePath(path: string, appRoot: string | undefined, param: string, base = process.cwd()): Promise<string> {
  const absolute = isAbsolute(path) ? path : resolve(base, path);
  if (!appRoot) return absolute;
  const [root, real] = await Promise.all([realpath(appRoot), realpath(absolute).catch(() => undefined)]);
  if (real === undefined) {
    throw new ToolError('BAD_ARGUMENT', `${param} does not exist: ${path}`, { details: { param } });
  }
  if (real !== root && !real.startsWith(root + sep)) {
    throw new ToolError('PATH_OUTSIDE_ROOT', `${param} resolves outside the app root.`, { details: { param } });
  }
  return real;
}
