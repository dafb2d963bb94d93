import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A file of this repository: next to this module when run from source, else found by walking up
 * from the working directory (bundled scripts in dist/ no longer sit next to the libs).
 */
export function repoFile(relativeToRepo: string, relativeToHere: string): string {
  const besideSource = resolve(dirname(fileURLToPath(import.meta.url)), relativeToHere);
  if (existsSync(besideSource)) return besideSource;
  for (let dir = process.cwd(); ; dir = dirname(dir)) {
    const candidate = join(dir, relativeToRepo);
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) return besideSource;
  }
}

/**
 * Absolute path of the `fake-electron` executable: a Node script with a shebang that honours
 * Electron's launch contract (`fake-electron [switches] <app dir | main.js> [app args]`).
 * Pass it as `executablePath` to Playwright's `_electron.launch` or to the driver.
 */
export const FAKE_ELECTRON_BIN: string = repoFile('libs/testing/fake-electron/bin/fake-electron.cjs', '../bin/fake-electron.cjs');

/** The Chromium the stand-in starts: `CHROMIUM_PATH` when set, else Debian's `/usr/bin/chromium`. */
export function chromiumPath(): string {
  return process.env['CHROMIUM_PATH'] || '/usr/bin/chromium';
}

/** True when the Chromium the stand-in needs is installed. */
export function hasChromium(): boolean {
  return existsSync(chromiumPath());
}

/** Prefix of the temporary directory the stand-in gives Chromium as its TMPDIR (and removes) under os.tmpdir(). */
export const CHROMIUM_TMP_PREFIX = 'fe-tmp-';
