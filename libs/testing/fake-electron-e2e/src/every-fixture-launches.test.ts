// Why: the driver and every tool test launch fixture apps through Playwright's own
// `_electron.launch({ executablePath })`; if any fixture fails to start, or the Electron handle,
// windows or browserWindow() break on the stand-in, nothing above it can be tested.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXTURE_NAMES, fixturePath } from './fixtures.js';
import { AppScope, onStandIn } from '@stagewright/fake-electron';

const scope = new AppScope('launch');
const onFake = onStandIn();

afterAll(async () => {
  expect(await scope.finish()).toEqual([]);
});

describe('every fixture on Playwright _electron.launch', () => {
  it.each(FIXTURE_NAMES)('%s: first window, main-process evaluate, browserWindow and close work', async (name) => {
    const appDir = fixturePath(name);
    const manifest = JSON.parse(readFileSync(join(appDir, 'package.json'), 'utf8')) as { productName: string; version: string };
    const app = await scope.launch(appDir);
    const page = await app.firstWindow();
    // Like Electron, a window shows no document before the app's first one: no about:blank race.
    expect(await page.evaluate(() => location.protocol)).toMatch(/^(file|http):$/);
    await page.waitForLoadState('load');
    await expect.poll(() => page.title()).not.toBe('');
    expect(await page.locator('h1').first().isVisible()).toBe(true);

    const info = await app.evaluate(({ app: electronApp, BrowserWindow }) => ({
      name: electronApp.getName(),
      version: electronApp.getVersion(),
      ready: electronApp.isReady(),
      packaged: electronApp.isPackaged,
      electron: process.versions.electron,
      type: (process as NodeJS.Process & { type?: string }).type,
      windows: BrowserWindow.getAllWindows().length,
    }));
    expect(info).toMatchObject({ name: manifest.productName, version: manifest.version, ready: true, packaged: false, type: 'browser' });
    if (onFake) expect(info.electron).toMatch(/-fake$/);
    expect(info.windows).toBeGreaterThanOrEqual(app.windows().length);

    const handle = await app.browserWindow(page);
    const fromWindow = await handle.evaluate((win) => ({
      title: win.getTitle(),
      url: win.webContents.getURL(),
      destroyed: win.isDestroyed(),
    }));
    expect(fromWindow).toEqual({ title: await page.title(), url: page.url(), destroyed: false });

    const exited = new Promise<number | null>((resolve) => app.process().once('exit', (code) => resolve(code)));
    await scope.close(app);
    expect(await exited).toBe(0);
  });
});
