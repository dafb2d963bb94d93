import { cp, lstat, mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import { rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { ToolError, defaultOutputDir, privateFolder, type AppStateInfo, type DriverOptions } from '@stagewright/sdk';

/**
 * The app's userData of one launch (ADR-0033). By default a fresh temporary folder under
 * `<tmp>/stagewright-<uid>/user-data`, passed to the app as `--user-data-dir` (Electron then uses
 * it for app.getPath('userData') and its Chromium profile) and removed when the session ends or
 * the server exits; the operator's `--user-data-dir` instead names one persistent folder, never
 * removed. A saved state is a copy of a userData folder in the state folder, copied in at launch.
 */
export interface UserData {
  path: string;
  info: AppStateInfo;
  /** Removes a temporary folder (idempotent); a persistent one stays. */
  release(): Promise<void>;
}

/** Temporary folders still on disk, removed synchronously if the server exits before their session ends. */
const live = new Set<string>();
let exitHook = false;

function removeOnExit(path: string): void {
  live.add(path);
  if (exitHook) return;
  exitHook = true;
  process.once('exit', () => {
    for (const dir of live) rmSync(dir, { recursive: true, force: true });
  });
}

const STATE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** A state name is one folder name: letters, digits, `.`, `_`, `-`, not starting with a dot, at most 64. */
export function assertStateName(name: string, param: string): void {
  if (!STATE_NAME.test(name) || name.includes('..')) {
    throw new ToolError(
      'BAD_ARGUMENT',
      `${param} ${JSON.stringify(name.slice(0, 80))} is not a state name: use 1-64 letters, digits, ".", "_" or "-", starting with a letter or digit.`,
      { details: { param } },
    );
  }
}

export function stateRoot(driver: DriverOptions): string {
  return driver.stateDir ?? defaultOutputDir('states');
}

/** The saved states' names, sorted. */
export async function savedStates(driver: DriverOptions): Promise<string[]> {
  const entries = await readdir(stateRoot(driver), { withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isDirectory() && STATE_NAME.test(e.name))
    .map((e) => e.name)
    .sort();
}

/** Prepares the userData of a launch, with the saved state `state` copied in when given. */
export async function prepareUserData(driver: DriverOptions, sessionId: string, state: string | undefined): Promise<UserData> {
  if (driver.userDataDir) {
    if (state !== undefined) {
      throw new ToolError(
        'BAD_ARGUMENT',
        'state cannot be used here: the operator pinned the app to one persistent userData folder (--user-data-dir), which a saved state would overwrite.',
        { details: { param: 'state' } },
      );
    }
    return { path: driver.userDataDir, info: { userData: 'persistent' }, release: async () => undefined };
  }
  let source: string | undefined;
  if (state !== undefined) {
    assertStateName(state, 'state');
    source = join(await privateFolder(stateRoot(driver), 'state folder'), state);
    const found = await lstat(source).catch(() => undefined);
    if (!found?.isDirectory()) {
      throw new ToolError('STATE_NOT_FOUND', `No saved state "${state}".`, { details: { states: await savedStates(driver) } });
    }
  }
  const base = await privateFolder(defaultOutputDir('user-data'), 'userData folder');
  const path = await mkdtemp(join(base, `${sessionId}-`));
  removeOnExit(path);
  let released = false;
  const release = async () => {
    if (released) return;
    released = true;
    await rm(path, { recursive: true, force: true }).catch(() => undefined);
    live.delete(path);
  };
  if (source) {
    try {
      await copyState(source, path);
    } catch (error) {
      await release();
      throw error;
    }
  }
  return { path, info: { userData: 'temporary', ...(state !== undefined ? { state } : {}) }, release };
}

/**
 * Fails with STATE_EXISTS when `name` is saved and `overwrite` is not set. Called before the app
 * is stopped, so a refused save changes nothing.
 */
export async function assertCanSave(driver: DriverOptions, name: string, overwrite: boolean | undefined): Promise<void> {
  assertStateName(name, 'saveState');
  if (overwrite) return;
  const existing = await lstat(join(stateRoot(driver), name)).catch(() => undefined);
  if (existing) throw new ToolError('STATE_EXISTS', `A saved state "${name}" exists.`, { details: { saveState: name } });
}

/**
 * Copies a userData folder (its app has exited, so everything is on disk) into the state folder
 * as `name`: into a fresh hidden folder first, then renamed into place, so a state is whole or absent.
 */
export async function saveState(driver: DriverOptions, from: string, name: string, overwrite: boolean | undefined): Promise<void> {
  await assertCanSave(driver, name, overwrite);
  const root = await privateFolder(stateRoot(driver), 'state folder');
  const final = join(root, name);
  const temp = join(root, `.${name}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await copyState(from, temp);
    const existing = await lstat(final).catch(() => undefined);
    if (existing && !overwrite) throw new ToolError('STATE_EXISTS', `A saved state "${name}" exists.`, { details: { saveState: name } });
    if (existing) {
      const old = `${temp}.old`;
      await rename(final, old);
      await rename(temp, final);
      await rm(old, { recursive: true, force: true });
    } else {
      await rename(temp, final);
    }
  } finally {
    await rm(temp, { recursive: true, force: true }).catch(() => undefined);
  }
}

/** Chromium's single-instance locks: links and sockets naming the process that held the profile. */
const LOCKS = new Set(['SingletonLock', 'SingletonSocket', 'SingletonCookie', 'lockfile', 'LOCK']);

/** Copies regular files and folders only: links (Chromium's locks, anything pointing out) and sockets are left behind. */
async function copyState(from: string, to: string): Promise<void> {
  await cp(from, to, {
    recursive: true,
    errorOnExist: false,
    filter: async (source) => {
      const name = basename(source);
      if (source !== from && LOCKS.has(name)) return false;
      const stat = await lstat(source);
      return stat.isDirectory() || stat.isFile();
    },
  });
}
