import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './stdio.js';

/** The publishable sdk package `nx run sdk:build` writes. */
export const SDK_PACKAGE_DIR = join(REPO_ROOT, 'dist/libs/sdk');

/**
 * What the packed sdk needs besides itself: its dependency (typebox) and its peer (playwright-core,
 * for the Session types). Only the npm registry is reachable here, and slowly, so these are linked
 * from the workspace install instead of downloaded; the sdk itself comes from its real tarball.
 */
const LINKED_PACKAGES = ['typebox', 'playwright-core', '@types/node'];

export function assertSdkBuilt(): void {
  if (!existsSync(join(SDK_PACKAGE_DIR, 'package.json')))
    throw new Error(`${SDK_PACKAGE_DIR} is missing: run \`npx nx run sdk:build\` first.`);
}

/** `npm pack` of the built sdk into `dir`; returns the tarball path. */
export function packSdk(dir: string): string {
  assertSdkBuilt();
  const out = execFileSync('npm', ['pack', SDK_PACKAGE_DIR, '--pack-destination', dir, '--json', '--silent'], { encoding: 'utf8' });
  const [{ filename }] = JSON.parse(out) as { filename: string }[];
  return join(dir, filename);
}

/** Unpacks an npm tarball as `dir/node_modules/<name>`, the layout `npm install <tarball>` gives. */
export function installTarball(dir: string, tarball: string, name: string): void {
  const target = join(dir, 'node_modules', name);
  mkdirSync(target, { recursive: true });
  execFileSync('tar', ['-xzf', tarball, '-C', target, '--strip-components=1']);
}

/**
 * A fresh folder outside the workspace holding `node_modules/@stagewright/sdk` from the packed
 * tarball, plus the packages it depends on. Nothing in it resolves to workspace sources.
 */
export function createSdkConsumer(prefix = 'sw-sdk-consumer-'): { dir: string; tarball: string; remove(): void } {
  const dir = mkdtempSync(join(process.env.TMPDIR ?? '/tmp', prefix));
  const tarball = packSdk(dir);
  installTarball(dir, tarball, '@stagewright/sdk');
  for (const name of LINKED_PACKAGES) {
    const link = join(dir, 'node_modules', name);
    mkdirSync(join(link, '..'), { recursive: true });
    symlinkSync(join(REPO_ROOT, 'node_modules', name), link, 'dir');
  }
  return { dir, tarball, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
