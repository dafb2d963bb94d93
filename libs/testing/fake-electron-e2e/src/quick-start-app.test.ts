// Why: Electron's current samples import from 'electron/main', 'electron/renderer' and
// 'electron/common', load ES module scripts and data files next to a file:// page, and send
// links to the system browser from will-navigate and setWindowOpenHandler. An app written that way
// must behave on the stand-in as it does on Electron, or every tool test on such apps is void.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ElectronApplication, Page } from 'playwright-core';
import { quickStartApp } from '@stagewright/fixtures/quick-start';
import { AppScope, onlyOnStandIn } from '@stagewright/fake-electron';

const scope = new AppScope('quick-start');
let app: ElectronApplication;
let page: Page;

const navigationLog = () =>
  app.evaluate(() => [...(globalThis as unknown as { quickStart: { navigationLog: string[] } }).quickStart.navigationLog]);
const openedExternal = () => app.evaluate(({ shell }) => [...((shell as unknown as { _openedExternal?: string[] })._openedExternal ?? [])]);

beforeAll(async () => {
  ({ app, page } = await scope.launchWindow(quickStartApp.dir));
});

afterAll(async () => {
  expect(await scope.finish()).toEqual([]);
});

describe('an app written like the Electron quick-start', () => {
  it("runs a preload that requires 'electron/renderer' and 'electron/common'", async () => {
    const ping = await page.evaluate(() => (window as unknown as { versions: { ping(): Promise<string> } }).versions.ping());
    expect(ping).toBe('pong');
    await expect.poll(() => page.locator('#ping').textContent()).toBe('ping: pong');
  });

  it('loads ES module scripts that import other file:// modules', async () => {
    await expect.poll(() => page.locator('#info').textContent()).toMatch(/^This app is using Chrome \(v\d+/);
  });

  it('reads a file next to the page with XMLHttpRequest, as Electron allows file:// pages', async () => {
    await expect.poll(() => page.locator('#notes').textContent()).toBe('notes: first, second');
  });

  it('loads its first page without asking will-navigate (loadFile is not a page navigation)', async () => {
    await expect.poll(navigationLog).toContain(`did-finish-load ${page.url()}`);
    expect((await navigationLog()).filter((entry) => entry.startsWith('will-navigate'))).toEqual([]);
  });

  it(
    'will-navigate with preventDefault sends an external link to the shell and the page stays',
    onlyOnStandIn("reads the stand-in's record of shell.openExternal; a real Electron opens the system browser"),
    async () => {
      const before = page.url();
      await page.locator('#docs').click();
      await expect.poll(openedExternal).toContain('https://www.electronjs.org/docs/latest/');
      expect(await navigationLog()).toContain('will-navigate https://www.electronjs.org/docs/latest/');
      expect(page.url()).toBe(before);
      expect(await page.locator('h1').textContent()).toBe('Hello from Electron renderer!');
    },
  );

  it(
    'a target=_blank link goes to setWindowOpenHandler, which denies it: no window, the shell gets it',
    onlyOnStandIn("reads the stand-in's record of shell.openExternal; a real Electron opens the system browser"),
    async () => {
      await page.locator('#blank').click();
      await expect.poll(openedExternal).toContain('https://github.com/electron/electron');
      expect(await navigationLog()).toContain('window-open https://github.com/electron/electron');
      expect(app.windows()).toHaveLength(1);
    },
  );

  it('an allowed link navigates: will-navigate, did-navigate, did-finish-load in that order', async () => {
    const start = (await navigationLog()).length;
    await page.locator('#about').click();
    await page.waitForURL(/about\.html$/);
    const about = page.url();
    await expect
      .poll(async () => (await navigationLog()).slice(start))
      .toEqual([`will-navigate ${about}`, `did-navigate ${about}`, `did-finish-load ${about}`]);
    await page.locator('#back').click();
    await expect.poll(() => page.locator('#info').textContent()).toMatch(/^This app is using Chrome/);
  });
});
