import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

/** The workspace folder the CLI writes answers under (`.stagewright/` inside the workspace). */
export const OUTPUT_FOLDER = '.stagewright';

/** A background-server problem: the CLI prints it and exits with EXIT.DAEMON. */
export class DaemonError extends Error {
  override name = 'DaemonError';
}

/**
 * The workspace a command belongs to: the nearest folder, from `cwd` up, that already has a
 * `.stagewright/` folder, else `cwd` itself (or STAGEWRIGHT_WORKSPACE when set). Each workspace
 * has its own background server.
 */
export function workspaceOf(cwd: string, env: NodeJS.ProcessEnv = process.env): string {
  if (env.STAGEWRIGHT_WORKSPACE) return resolve(cwd, env.STAGEWRIGHT_WORKSPACE);
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    if (existsSync(join(dir, OUTPUT_FOLDER))) return dir;
    if (dirname(dir) === dir) return resolve(cwd);
  }
}

export interface DaemonPaths {
  workspace: string;
  /** This user's folder of background servers (mode 0700). */
  base: string;
  /** This workspace's folder inside it (mode 0700). */
  dir: string;
  socket: string;
  /** The token every request carries (mode 0600). */
  token: string;
  log: string;
  /** pid, flags and start time of the running server. */
  info: string;
}

/**
 * Where the background server of a workspace listens: a Unix socket in a folder only this user
 * may enter, `<runtime dir>/stagewright-<uid>/cli-<hash of the workspace path>/`. The runtime dir is
 * XDG_RUNTIME_DIR when set, else the temporary folder.
 */
export function daemonPaths(workspace: string, env: NodeJS.ProcessEnv = process.env): DaemonPaths {
  const root = env.XDG_RUNTIME_DIR && existsSync(env.XDG_RUNTIME_DIR) ? env.XDG_RUNTIME_DIR : tmpdir();
  const base = join(root, `stagewright-${process.getuid?.() ?? 'user'}`);
  const dir = join(base, `cli-${createHash('sha256').update(workspace).digest('hex').slice(0, 16)}`);
  return {
    workspace,
    base,
    dir,
    socket: join(dir, 'daemon.sock'),
    token: join(dir, 'token'),
    log: join(dir, 'daemon.log'),
    info: join(dir, 'daemon.json'),
  };
}

/**
 * Make (or check) a folder only this user may use. A folder that exists must be a real folder (not
 * a link), owned by this user, with no group or other permission: another user who created it
 * first, or loosened it, would otherwise see or replace the socket and the token.
 */
export function privateDir(path: string): void {
  mkdirSync(path, { recursive: true, mode: 0o700 });
  const stat = lstatSync(path);
  const uid = process.getuid?.();
  if (!stat.isDirectory()) throw new DaemonError(`${path} is not a folder; remove it.`);
  if (uid !== undefined && stat.uid !== uid) throw new DaemonError(`${path} belongs to another user; refusing to use it.`);
  if ((stat.mode & 0o077) !== 0)
    throw new DaemonError(`${path} is open to other users (mode ${(stat.mode & 0o777).toString(8)}); it must be 0700.`);
}

/** The folders of a workspace's server, checked; call before reading or writing anything in them. */
export function ensureDaemonDirs(paths: DaemonPaths): void {
  privateDir(paths.base);
  privateDir(paths.dir);
}

export function newToken(): string {
  return randomBytes(32).toString('hex');
}

/** Write the token mode 0600, in one step (a temporary file renamed), so no reader sees half of it. */
export function writeToken(path: string, token: string): void {
  const temporary = `${path}.${process.pid}`;
  writeFileSync(temporary, token, { mode: 0o600 });
  renameSync(temporary, path);
}

/** The token of the running server, from a file that must be this user's and 0600. */
export function readToken(path: string): string {
  const stat = statSync(path);
  const uid = process.getuid?.();
  if ((uid !== undefined && stat.uid !== uid) || (stat.mode & 0o077) !== 0)
    throw new DaemonError(`${path} is readable by others or not yours; stop the background server and start it again.`);
  return readFileSync(path, 'utf8').trim();
}

export function sameToken(given: unknown, expected: string): boolean {
  if (typeof given !== 'string' || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}
