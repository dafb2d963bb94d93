import { realpath } from 'node:fs/promises';
import { isAbsolute, parse, resolve } from 'node:path';
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
 * BAD_ARGUMENT (missing inside them). A filesystem root never counts as a root.
 */
export async function fileInsideRoots(path: string, roots: FileRoots): Promise<string> {
  const absolute = isAbsolute(path) ? resolve(path) : resolve(roots.appPath, path);
  const candidates = [roots.appPath, roots.appRoot, roots.screenshotDir].filter(
    (root): root is string => typeof root === 'string' && root.length > 0 && parse(resolve(root)).root !== resolve(root),
  );
  const realRoots = (await Promise.all(candidates.map(real))).filter((root): root is string => root !== undefined);
  const target = await real(absolute);
  if (target !== undefined && realRoots.some((root) => isInsideRoot(root, target))) return target;
  const lexicallyInside = [...candidates.map((root) => resolve(root)), ...realRoots].some((root) => isInsideRoot(root, absolute));
  if (target === undefined && lexicallyInside) {
    throw new ToolError('BAD_ARGUMENT', `path does not exist: ${path}`, { details: { param: 'path' } });
  }
  throw new ToolError('PATH_OUTSIDE_ROOT', 'path must be an existing file inside the app folder, --app-root or the screenshot folder.', {
    details: { param: 'path' },
  });
}
