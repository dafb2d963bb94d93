import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { freshUserData } from '@stagewright/fake-electron';
import { connectInMemory } from '@stagewright/harness';
import { _electron, type ElectronApplication } from 'playwright-core';
import { createStagewrightServer } from '@stagewright/mcp-server';

/**
 * Paths for the driver benchmarks, found from the repository root rather than `import.meta.url`:
 * once bundled into dist/, the libs' own file-relative paths no longer point at their files.
 */
export function repoRoot(from = process.cwd()): string {
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'nx.json')) && existsSync(join(dir, 'libs'))) return dir;
    if (dirname(dir) === dir) throw new Error('run the benchmark from inside the repository');
  }
}

/** STAGEWRIGHT_ELECTRON when set (real Electron), else the fake-electron stand-in. */
export function electronBin(): string {
  return process.env.STAGEWRIGHT_ELECTRON || join(repoRoot(), 'libs/testing/fake-electron/bin/fake-electron.cjs');
}

export function fixtureDir(name: string): string {
  const dir = join(repoRoot(), 'libs/testing/fixtures/apps', name);
  if (!existsSync(join(dir, 'package.json'))) throw new Error(`no fixture app "${name}" in ${dir}`);
  return dir;
}

/** A real MCP client on the shipped server whose fallback runtime is electronBin(). */
export function connectShipped(): ReturnType<typeof connectInMemory> {
  return connectInMemory({
    create: (options) => createStagewrightServer({ ...options, driverOptions: { fallbackExecutablePath: electronBin() } }),
  });
}

/**
 * Playwright's own `_electron.launch` of `main` with a fresh `--user-data-dir`, removed when the
 * app closes: the stand-in, like Electron, keeps an app's profile in ~/.config/<name> otherwise.
 */
export async function launchRaw(executablePath: string, main: string): Promise<ElectronApplication> {
  const userData = freshUserData();
  try {
    const app = await _electron.launch({ executablePath, args: [userData.arg, main] });
    app.once('close', () => userData.remove());
    return app;
  } catch (error) {
    userData.remove();
    throw error;
  }
}
