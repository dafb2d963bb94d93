// Every app a test launches gets a profile of its own. Electron (and the stand-in, modelled on
// it) keeps an app's userData in <appData>/<app name> (~/.config/<name> on Linux) unless
// `--user-data-dir` says otherwise; a test that launched without it would read and write the
// developer's real profile, and two tests launching the same app would share one.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The switch that chooses an app's userData folder (Electron's `--user-data-dir`). */
export const USER_DATA_SWITCH = '--user-data-dir';

/** True when `args` already choose a userData folder. */
export function choosesUserData(args: readonly string[]): boolean {
  return args.some((arg) => arg === USER_DATA_SWITCH || arg.startsWith(`${USER_DATA_SWITCH}=`));
}

/** A fresh, empty userData folder under `parent` (os.tmpdir() by default) with its switch; `remove()` deletes it. */
export function freshUserData(parent: string = tmpdir()): { dir: string; arg: string; remove(): void } {
  const dir = mkdtempSync(join(parent, 'fe-userdata-'));
  return { dir, arg: `${USER_DATA_SWITCH}=${dir}`, remove: () => rmSync(dir, { recursive: true, force: true, maxRetries: 3 }) };
}
