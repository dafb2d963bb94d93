// The packed `stagewright` package installed the way npm lays it out, in a folder of its own:
// `node_modules/stagewright/main.mjs` with the shipped `plugins/<name>.mjs` beside it, and no Nx
// workspace above it. Its runtime dependencies are linked from the workspace install (the
// registry is not reachable here).
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, installTarball } from '@stagewright/harness';

const version = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const PACKED_SERVER = join(REPO_ROOT, `dist/packages/stagewright-${version}.tgz`);

export function installPackedServer(parent: string): { main: string; remove(): void } {
  if (!existsSync(PACKED_SERVER)) throw new Error(`${PACKED_SERVER} is missing: run \`npx nx run mcp-server:pack\` first.`);
  const dir = join(parent, 'install');
  installTarball(dir, PACKED_SERVER, 'stagewright');
  const manifest = JSON.parse(readFileSync(join(dir, 'node_modules/stagewright/package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  for (const name of Object.keys(manifest.dependencies)) {
    const link = join(dir, 'node_modules', name);
    mkdirSync(join(link, '..'), { recursive: true });
    symlinkSync(join(REPO_ROOT, 'node_modules', name), link, 'dir');
  }
  return { main: join(dir, 'node_modules/stagewright/main.mjs'), remove: () => rmSync(dir, { recursive: true, force: true }) };
}
