// The installable package as `nx run mcp-server:pack` writes it, started the way a user or a
// host config does: npx from a folder that knows nothing of this workspace, or `npm install` of
// the tarball into an empty folder and its `stagewright` bin. Shared by the test projects that
// test the package (mcp-server-e2e, package-e2e); the harness imports no product, so the version
// comes from the workspace manifest, the one pack.mjs stamps on the package.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './stdio.js';

// Read only where the workspace is: a benchmark bundle that imports the harness from dist/ has
// another REPO_ROOT and never packs, and must not fail on import (bench:real-apps did).
const MANIFEST = join(REPO_ROOT, 'package.json');
const WORKSPACE_VERSION: string = existsSync(MANIFEST) ? JSON.parse(readFileSync(MANIFEST, 'utf8')).version : 'unknown';

export const PACKED_SERVER = join(REPO_ROOT, `dist/packages/stagewright-${WORKSPACE_VERSION}.tgz`);

export function assertPacked(): void {
  if (!existsSync(PACKED_SERVER)) throw new Error(`${PACKED_SERVER} is missing: run \`npx nx run mcp-server:pack\` first.`);
}

export function emptyFolder(): string {
  return mkdtempSync(join(tmpdir(), 'sw-npx-'));
}

/**
 * npx arguments that run the packed tarball where a published package name stands: the user
 * types `npx -y stagewright ...`; here the tarball takes the registry's place. --prefer-offline
 * lets npm reuse its cache for the runtime dependencies.
 */
export function npxArgs(rest: readonly string[]): string[] {
  return ['-y', '--prefer-offline', `--package=${PACKED_SERVER}`, 'stagewright', ...rest];
}

/** A host snippet's `npx -y stagewright ...` arguments, pointed at the tarball. */
export function snippetArgsForTarball(args: readonly string[]): string[] {
  const at = args.indexOf('stagewright');
  if (args[0] !== '-y' || at !== 1) throw new Error(`expected ["-y", "stagewright", ...], got ${JSON.stringify(args)}`);
  return npxArgs(args.slice(2));
}

export interface InstalledServer {
  /** The folder the package was installed into (also a good working directory for the server). */
  dir: string;
  /** The installed `stagewright` bin (node_modules/.bin/stagewright, a link to the package's main.mjs). */
  bin: string;
  remove(): void;
}

/**
 * `npm install <tarball>` into a fresh empty folder, as npx does into its cache before it runs the
 * bin: the package with its runtime dependencies from the registry (or npm's cache), nothing
 * linked from this workspace.
 */
export function installPackedServer(prefix = 'sw-installed-'): InstalledServer {
  assertPacked();
  const dir = mkdtempSync(join(tmpdir(), prefix));
  execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error', PACKED_SERVER], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'pipe'],
    timeout: 300_000,
  });
  const bin = join(dir, 'node_modules', '.bin', 'stagewright');
  if (!existsSync(bin)) throw new Error(`npm install of ${PACKED_SERVER} left no ${bin}`);
  return { dir, bin, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
