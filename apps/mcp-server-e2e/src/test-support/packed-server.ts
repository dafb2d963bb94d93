// The installable package as `nx run mcp-server:pack` writes it, started the way a user or a
// host config does: npx from a folder that knows nothing of this workspace.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '@stagewright/harness';
import { STAGEWRIGHT_VERSION } from '@stagewright/mcp-server';

export const PACKED_SERVER = join(REPO_ROOT, `dist/packages/stagewright-${STAGEWRIGHT_VERSION}.tgz`);

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
