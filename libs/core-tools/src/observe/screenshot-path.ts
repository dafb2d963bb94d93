import { lstat, mkdir, realpath } from 'node:fs/promises';
import { basename, dirname, extname, isAbsolute, relative, resolve, sep } from 'node:path';
import { privateFolder, ToolError } from '@stagewright/sdk';

export type ImageFormat = 'png' | 'jpeg';

const EXTENSIONS: Record<string, ImageFormat> = { '.png': 'png', '.jpg': 'jpeg', '.jpeg': 'jpeg' };
let counter = 0;

function inside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' ? false : !rel.startsWith('..') && !isAbsolute(rel) && !rel.split(sep).includes('..');
}

function outside(param: string): ToolError {
  return new ToolError('PATH_OUTSIDE_ROOT', `${param} resolves outside the screenshot directory.`, { details: { param } });
}

/**
 * Where a screenshot goes: `path` relative to the screenshot directory (or absolute inside it),
 * else a fresh name. Refused when it leaves the directory, lexically or through a symlink
 * (realpath of its folder, and of the file when it already exists), and with UNSAFE_FOLDER when
 * the directory itself is a symlink or another user's. Write the file with writeFileSafely.
 */
export async function screenshotPath(
  root: string,
  path: string | undefined,
  format: ImageFormat | undefined,
): Promise<{ file: string; format: ImageFormat }> {
  if (path !== undefined && path.trim() === '')
    throw new ToolError('BAD_ARGUMENT', 'path is empty; omit it for a fresh name.', { details: { param: 'path' } });
  const realRoot = await privateFolder(root, 'screenshot folder');
  const fromExt = path === undefined ? undefined : EXTENSIONS[extname(path).toLowerCase()];
  if (path !== undefined && extname(path) !== '' && fromExt === undefined) {
    throw new ToolError('BAD_ARGUMENT', 'path must end in .png, .jpg or .jpeg (or have no extension).', {
      details: { param: 'path', accepted: Object.keys(EXTENSIONS) },
    });
  }
  if (format !== undefined && fromExt !== undefined && format !== fromExt) {
    throw new ToolError('BAD_ARGUMENT', `path ends in ${extname(path!)} but format is ${format}.`, { details: { param: 'format' } });
  }
  const chosen: ImageFormat = format ?? fromExt ?? 'png';
  const name = path ?? `screenshot-${new Date().toISOString().replace(/[:.]/g, '-')}-${++counter}`;
  const withExt = extname(name) === '' ? `${name}.${chosen === 'jpeg' ? 'jpg' : 'png'}` : name;
  const file = isAbsolute(withExt) ? resolve(withExt) : resolve(realRoot, withExt);
  const lexicalRoot = isAbsolute(withExt) && !inside(realRoot, file) ? resolve(root) : realRoot;
  if (!inside(lexicalRoot, file)) throw outside('path');
  const folder = dirname(file);
  let existing = folder;
  while (!(await lstat(existing).catch(() => undefined))) existing = dirname(existing);
  const within = (real: string) => real === realRoot || inside(realRoot, real);
  // Check the deepest folder that exists before creating anything below it, so a symlinked
  // folder inside the root can never make mkdir create directories elsewhere.
  if (!within(await realpath(existing))) throw outside('path');
  await mkdir(folder, { recursive: true });
  const realFolder = await realpath(folder);
  if (!within(realFolder)) throw outside('path');
  const target = resolve(realFolder, basename(file));
  const present = await lstat(target).catch(() => undefined);
  if (present?.isSymbolicLink()) {
    const real = await realpath(target).catch(() => undefined);
    if (real === undefined || !inside(realRoot, real)) throw outside('path');
  }
  if (present && !present.isSymbolicLink() && !present.isFile()) {
    throw new ToolError('BAD_ARGUMENT', 'path names a folder, not a file.', { details: { param: 'path' } });
  }
  return { file: target, format: chosen };
}
