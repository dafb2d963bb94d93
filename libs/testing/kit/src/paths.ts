import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));

/**
 * A file of the kit: where the package keeps it (beside the compiled modules), else where this
 * repository keeps it (running from libs/testing/kit/src).
 */
function kitFile(inPackage: string, inRepo: string): string {
  const packaged = join(HERE, inPackage);
  return existsSync(packaged) ? packaged : join(HERE, inRepo);
}

/**
 * The stand-in Electron runtime (fake-electron): a Node script that honours Electron's launch
 * contract on Node and a headless Chromium (`/usr/bin/chromium`, or `CHROMIUM_PATH`). Pass it as
 * the executable, or let connectServer/connectStdio use it as the fallback runtime.
 */
export const FAKE_ELECTRON: string = kitFile('fake-electron/bin/fake-electron.cjs', '../../fake-electron/bin/fake-electron.cjs');

/** The Chromium the stand-in starts: `CHROMIUM_PATH` when set, else `/usr/bin/chromium`. */
export function chromiumPath(): string {
  return process.env['CHROMIUM_PATH'] || '/usr/bin/chromium';
}

/** An Electron app folder to launch (`electron_launch { main: dir }`). */
export interface FixtureApp {
  readonly name: string;
  readonly dir: string;
}

const fixture = (name: string): FixtureApp => ({ name, dir: kitFile(`fixtures/${name}`, `../../fixtures/apps/${name}`) });

/**
 * Small Electron apps that run unchanged on real Electron and on the stand-in:
 * - `bench`: window "Bench"; a form (`#name`, status `#status`), delayed details,
 *   a long list (`#items`), a second window (Preferences), main-process compute;
 * - `notes`: a document app: titles set from main ("Document — Notes"), a preferences window,
 *   page errors, main-process stderr;
 * - `ipc`: `invoke` (and a failing handler), `send`, `event.reply`, main → renderer pushes.
 */
export const fixtures = {
  bench: fixture('bench'),
  notes: fixture('notes'),
  ipc: fixture('ipc'),
} as const satisfies Record<string, FixtureApp>;
