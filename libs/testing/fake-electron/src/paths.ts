import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Absolute path of the `fake-electron` executable: a Node script with a shebang that honours
 * Electron's launch contract (`fake-electron [switches] <app dir | main.js> [app args]`).
 * Pass it as `executablePath` to Playwright's `_electron.launch` or to the driver.
 */
export const FAKE_ELECTRON_BIN: string = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  'bin',
  'fake-electron.cjs',
);

/** The Chromium the stand-in starts: `CHROMIUM_PATH` when set, else Debian's `/usr/bin/chromium`. */
export function chromiumPath(): string {
  return process.env['CHROMIUM_PATH'] || '/usr/bin/chromium';
}

/** True when the Chromium the stand-in needs is installed. */
export function hasChromium(): boolean {
  return existsSync(chromiumPath());
}

/**
 * The executable tests should launch apps with: `STAGEWRIGHT_ELECTRON` (a real Electron binary)
 * when set, the fake-electron stand-in otherwise.
 */
export function electronExecutable(): string {
  return process.env['STAGEWRIGHT_ELECTRON'] || FAKE_ELECTRON_BIN;
}

/** Prefix of the temporary Chromium profiles the stand-in creates (and removes) under os.tmpdir(). */
export const PROFILE_DIR_PREFIX = 'fake-electron-profile-';
