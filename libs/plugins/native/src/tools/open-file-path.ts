import { lstat, realpath } from 'node:fs/promises';
import { basename, dirname, isAbsolute, parse, resolve } from 'node:path';
import { ToolError, isInsideRoot } from '@stagewright/sdk';

/** Where an agent-chosen file handed to the app may live (ADR-0026). */
export interface FileRoots {
  /** The app's folder (app.getAppPath()); relative paths resolve against it. */
  appPath: string;
  /** --app-root, when the operator set one. */
  appRoot?: string;
  /** The server's screenshot folder (files the server wrote). */
  screenshotDir?: string;
}

const real = (path: string) => realpath(path).catch(() => undefined);

/**
 * The file's real path when it exists and, after symlinks, lies inside one of the roots; otherwise
 * PATH_OUTSIDE_ROOT (also for a missing path outside them: no probing beyond the roots) or
 * BAD_ARGUMENT (missing inside them). A filesystem root never counts as a root. With
 * `mayBeMissing` (a save dialog's answer) a missing file is fine when its folder exists inside
 * them: the answer is the folder's real path and the name.
 */
export async function fileInsideRoots(path: string, roots: FileRoots, mayBeMissing = false): Promise<string> {
  const absolute = isAbsolute(path) ? resolve(path) : resolve(roots.appPath, path);
  const candidates = [roots.appPath, roots.appRoot, roots.screenshotDir].filter(
    (root): root is string => typeof root === 'string' && root.length > 0 && parse(resolve(root)).root !== resolve(root),
  );
  const realRoots = (await Promise.all(candidates.map(real))).filter((root): root is string => root !== undefined);
  let target = await real(absolute);
  // A dangling symlink is not a missing file: writing to it would land wherever it points.
  const dangling =
    target === undefined &&
    mayBeMissing &&
    (await lstat(absolute).then(
      () => true,
      () => false,
    ));
  if (target === undefined && mayBeMissing && !dangling) {
    const folder = await real(dirname(absolute));
    if (folder !== undefined) target = resolve(folder, basename(absolute));
  }
  if (target !== undefined && realRoots.some((root) => isInsideRoot(root, target))) return target;
  const lexicallyInside = [...candidates.map((root) => resolve(root)), ...realRoots].some((root) => isInsideRoot(root, absolute));
  if (target === undefined && lexicallyInside) {
    throw new ToolError('BAD_ARGUMENT', `path does not exist: ${path}`, { details: { param: 'path' } });
  }
  throw new ToolError('PATH_OUTSIDE_ROOT', 'path must be an existing file inside the app folder, --app-root or the screenshot folder.', {
    details: { param: 'path' },
  });
}
