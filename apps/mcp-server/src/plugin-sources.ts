import { existsSync, realpathSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PluginLoadError } from '@stagewright/kernel';

/** The folder of the running server code (the bundle and its chunks, or these sources under test). */
const SERVER_DIR = dirname(fileURLToPath(import.meta.url));

/**
 * Where the installed package keeps the first-party plugin bundles: `plugins/<name>.mjs` beside
 * the server bundle (package/pack.mjs puts them there). Run from a workspace, the folder is absent.
 */
export const SHIPPED_PLUGINS_DIR = join(SERVER_DIR, 'plugins');

/** What a plugin name may resolve to, in order (ADR 0011). */
export interface PluginSources {
  /** `<name>.mjs` files the server ships. */
  readonly shippedDir: string;
  /** Workspace roots: the server's own, then those the operator named with --plugin-workspace. */
  readonly workspaces: readonly string[];
}

/**
 * The Nx workspace the server's own code lives in: the nearest folder above `dir` holding
 * `nx.json`, unless a `node_modules` folder comes first (an installed package belongs to no
 * workspace of its own, even if the project it is installed into is one). Never the cwd's.
 */
export function ownWorkspaceOf(dir: string): string | undefined {
  for (let at = existsSync(dir) ? realpathSync(dir) : resolve(dir); ; at = dirname(at)) {
    if (basename(at) === 'node_modules') return undefined;
    if (existsSync(join(at, 'nx.json'))) return at;
    if (dirname(at) === at) return undefined;
  }
}

/** A `--plugin-workspace <dir>` (relative to `cwd`): it must be an Nx workspace root. */
function namedWorkspace(dir: string, cwd: string): string {
  const root = resolve(cwd, dir);
  if (!existsSync(join(root, 'nx.json')))
    throw new PluginLoadError(`--plugin-workspace ${dir}: ${root} is not an Nx workspace root (no nx.json there).`);
  return root;
}

/** The sources of this server: its shipped plugins, its own workspace, then the named ones. */
export function pluginSourcesFor(named: readonly string[], cwd: string): PluginSources {
  const own = ownWorkspaceOf(SERVER_DIR);
  const workspaces = [...(own ? [own] : []), ...named.map((dir) => namedWorkspace(dir, cwd))];
  return { shippedDir: SHIPPED_PLUGINS_DIR, workspaces: [...new Set(workspaces)] };
}
