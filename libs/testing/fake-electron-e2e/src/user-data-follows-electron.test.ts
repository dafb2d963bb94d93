// Why: Electron keeps an app's profile (cookies, localStorage, IndexedDB) in userData, which is
// <appData>/<app name> ($XDG_CONFIG_HOME or ~/.config on Linux) unless --user-data-dir says
// otherwise (https://www.electronjs.org/docs/latest/api/app#appgetpathname). The stand-in does the
// same, so a launcher that forgets --user-data-dir writes into the developer's real profile: this
// file shows where a launch with and without the switch writes, under a temporary HOME.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import type { ElectronApplication } from 'playwright-core';
import { AppScope } from '@stagewright/fake-electron';
import { fixturePath } from './fixtures.js';

const scope = new AppScope('userdata');
const home = join(scope.userDataRoot, 'home');
const configHome = join(home, 'xdg-config');
const env = { HOME: home, XDG_CONFIG_HOME: configHome };
mkdirSync(home, { recursive: true });

afterAll(async () => {
  expect(await scope.finish()).toEqual([]);
});

/** True when some file under `dir` contains `text` (LevelDB keeps a fresh value as plain bytes in its log). */
function holds(dir: string, text: string): boolean {
  if (!existsSync(dir)) return false;
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const file = join(dir, entry);
    if (statSync(file).isFile() && readFileSync(file).includes(Buffer.from(text, 'utf16le'))) return true;
    if (statSync(file).isFile() && readFileSync(file).includes(text)) return true;
  }
  return false;
}

/** Launches the ipc fixture (productName "IPC"), stores `sentinel` in its localStorage, quits; returns getPath('userData'). */
async function storeSentinel(sentinel: string, args: string[]): Promise<string> {
  const app: ElectronApplication = await scope.launch(fixturePath('ipc'), { args, env, freshUserData: false });
  const page = await app.firstWindow();
  await page.waitForLoadState('load');
  await page.evaluate((value) => localStorage.setItem('sentinel', value), sentinel);
  const userData = await app.evaluate(({ app: electronApp }) => electronApp.getPath('userData'));
  await scope.close(app);
  return userData;
}

it('a launch with --user-data-dir keeps its profile there; without it, in <XDG_CONFIG_HOME>/<productName>', async () => {
  const chosen = join(scope.userDataRoot, 'chosen');
  expect(await storeSentinel('sentinel-in-chosen-dir', [`--user-data-dir=${chosen}`])).toBe(chosen);
  expect(holds(chosen, 'sentinel-in-chosen-dir')).toBe(true);
  expect(existsSync(join(configHome, 'IPC'))).toBe(false);

  expect(await storeSentinel('sentinel-in-default-dir', [])).toBe(join(configHome, 'IPC'));
  expect(holds(join(configHome, 'IPC'), 'sentinel-in-default-dir')).toBe(true);
  expect(holds(chosen, 'sentinel-in-default-dir')).toBe(false);
});

it('a second instance on the userData another instance holds starts too, as in Electron', async () => {
  const shared = join(scope.userDataRoot, 'shared');
  const launch = () => scope.launchWindow(fixturePath('ipc'), { args: [`--user-data-dir=${shared}`], env });
  const first = await launch();
  const second = await launch();
  const paths = await Promise.all(
    [first, second].map(({ app }) => app.evaluate(({ app: electronApp }) => electronApp.getPath('userData'))),
  );
  expect(paths).toEqual([shared, shared]);
  expect(await second.page.title()).toBe('IPC');
  await Promise.all([scope.close(second.app), scope.close(first.app)]);
});
