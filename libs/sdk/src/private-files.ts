import { randomBytes } from 'node:crypto';
import { chmod, link, lstat, mkdir, realpath, rename, unlink, writeFile } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { ToolError } from './errors.js';

/**
 * Output folders of ours, and files created in them without following anyone else's link.
 *
 * The server writes traces, screenshots and images into folders an agent can name files in, on
 * machines other users share (`/tmp`). Another user who plants a symlink, or creates the folder
 * first, must not get the server to write where they choose. So a folder we write into is a real
 * directory (not a symlink) owned by this user, and a file appears in it only by exclusive
 * create or by renaming a fresh temporary file over the final name: neither follows a link there.
 */

const uid = (): number | undefined => (typeof process.getuid === 'function' ? process.getuid() : undefined);

/** `<tmp>/stagewright-<uid>`: the per-user parent of every default output folder (mode 0700). */
export function defaultOutputBase(): string {
  return join(tmpdir(), `stagewright-${uid() ?? userInfo().username}`);
}

/** `<tmp>/stagewright-<uid>/<kind>`, e.g. `traces`, `screenshots`: a default output folder. */
export function defaultOutputDir(kind: string): string {
  return join(defaultOutputBase(), kind);
}

const within = (root: string, path: string) => {
  const rel = relative(root, path);
  return rel !== '' && !isAbsolute(rel) && rel.split(sep)[0] !== '..';
};

function unsafe(folder: string, label: string, why: string): ToolError {
  return new ToolError('UNSAFE_FOLDER', `The ${label} ${folder} ${why}; nothing was written.`, { details: { folder } });
}

/**
 * Creates (mode 0700) and checks the folder `dir`; returns its real path. Each component below
 * `below` is created one at a time and must be a real directory, not a symlink, owned by this
 * user; nothing is created through a link. In the default layout (`defaultOutputBase()`) the
 * check always starts at the system temp folder and the folders are narrowed to mode 0700.
 * Elsewhere `below` defaults to the folder's parent: a folder the operator named is checked
 * itself, its ancestors are the operator's choice.
 * Throws ToolError UNSAFE_FOLDER naming the refused folder.
 */
export async function privateFolder(dir: string, label: string, below?: string): Promise<string> {
  const target = resolve(dir);
  const base = defaultOutputBase();
  const ours = target === base || within(base, target);
  const top = ours ? dirname(base) : resolve(below ?? dirname(target));
  if (target !== top && !within(top, target)) throw unsafe(target, label, `is not inside ${top}`);
  await mkdir(top, { recursive: true });
  let current = top;
  for (const part of relative(top, target).split(sep)) {
    current = join(current, part);
    await mkdir(current, { mode: 0o700 }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
    const stat = await lstat(current);
    if (stat.isSymbolicLink()) throw unsafe(current, label, 'is a symbolic link');
    if (!stat.isDirectory()) throw unsafe(current, label, 'is not a directory');
    const me = uid();
    if (me !== undefined && stat.uid !== me) throw unsafe(current, label, `belongs to another user (uid ${stat.uid})`);
    if (ours && (stat.mode & 0o077) !== 0) await chmod(current, 0o700);
  }
  return realpath(target);
}

/** A fresh, unguessable name for a temporary file next to `name` in `folder`. */
export function tempFileIn(folder: string, name: string): string {
  return join(folder, `.${basename(name)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
}

/**
 * Moves a finished temporary file to `final` in the same folder. `exclusive`: only if nothing
 * (not even a dangling link) is there, else the error has code EEXIST and `final` is untouched;
 * otherwise whatever is at `final` is replaced (a link there is replaced, never written through).
 * The temporary file is removed either way.
 */
export async function moveIntoPlace(temp: string, final: string, exclusive: boolean): Promise<void> {
  try {
    if (exclusive) await link(temp, final);
    else await rename(temp, final);
  } finally {
    await unlink(temp).catch(() => undefined);
  }
}

/** Writes `bytes` as `final` through a temporary file in its folder (see moveIntoPlace). */
export async function writeFileSafely(final: string, bytes: string | Uint8Array, exclusive: boolean): Promise<void> {
  const temp = tempFileIn(dirname(final), final);
  try {
    await writeFile(temp, bytes, { flag: 'wx' });
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  await moveIntoPlace(temp, final, exclusive);
}
