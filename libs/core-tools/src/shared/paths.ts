import { existsSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import { ToolError, isInsideRoot } from '@stagewright/sdk';

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
  if (!isInsideRoot(root, real)) {
    throw new ToolError('PATH_OUTSIDE_ROOT', `${param} resolves outside the app root.`, { details: { param } });
  }
  return real;
}

/** What a relative launch path was resolved against: the call's cwd, --app-root, or the server's working directory. */
export type ResolvedAgainst = 'absolute' | 'cwd' | 'app-root' | 'server-cwd';

export interface LaunchPath {
  path: string;
  resolvedAgainst: ResolvedAgainst;
}

/**
 * A launch path made absolute (relative ones against the call's cwd, else --app-root, else the
 * server's working directory) that must exist: LAUNCH_FAILED names the resolved path and the base.
 */
export function existingLaunchPath(path: string, param: string, bases: { cwd?: string; appRoot?: string }): LaunchPath {
  const [base, resolvedAgainst]: [string, ResolvedAgainst] = isAbsolute(path)
    ? ['', 'absolute']
    : bases.cwd !== undefined
      ? [bases.cwd, 'cwd']
      : bases.appRoot !== undefined
        ? [bases.appRoot, 'app-root']
        : [process.cwd(), 'server-cwd'];
  const absolute = isAbsolute(path) ? path : resolve(base, path);
  if (!existsSync(absolute)) {
    const against = {
      absolute: '',
      cwd: ` (resolved against cwd ${base})`,
      'app-root': ` (relative paths resolve against --app-root ${base})`,
      'server-cwd': ` (resolved against the server's working directory ${base}; pass an absolute path or start the server with --app-root)`,
    }[resolvedAgainst];
    throw new ToolError('LAUNCH_FAILED', `${param} does not exist: ${absolute}${against}.`, {
      details: { param, path: absolute, resolvedAgainst },
    });
  }
  return { path: absolute, resolvedAgainst };
}
