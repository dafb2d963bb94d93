// Why: apps decide in the main process where their pages may go: will-navigate keeps foreign
// links out (to the system browser), a server redirect shows as will-redirect, and windows a page
// opens go through setWindowOpenHandler and close with their opener unless told otherwise. Tools
// that click links on such apps are only tested if the stand-in emits these as Electron does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ElectronApplication, Page } from 'playwright-core';
import { docsViewerApp } from '@stagewright/fixtures/docs-viewer';
import { AppScope, onlyOnStandIn } from '@stagewright/fake-electron';
import type { WindowShape } from './electron-shapes.js';

const scope = new AppScope('docs-viewer');
let app: ElectronApplication;
let page: Page;

const events = () => app.evaluate(() => [...(globalThis as unknown as { docsViewer: { events: string[] } }).docsViewer.events]);
const since = async (start: number) => (await events()).slice(start);

beforeAll(async () => {
  ({ app, page } = await scope.launchWindow(docsViewerApp.dir));
  await page.waitForLoadState('load');
});

afterAll(async () => {
  expect(await scope.finish()).toEqual([]);
});

describe('navigation of an app served over HTTP', () => {
  it('a link to a moved page: will-navigate, will-redirect, did-navigate, did-finish-load', async () => {
    const origin = new URL(page.url()).origin;
    await expect.poll(events).toContain(`did-finish-load ${origin}/`);
    const start = (await events()).length;
    await page.locator('#moved').click();
    await page.waitForURL(`${origin}/guide`);
    await expect
      .poll(() => since(start))
      .toEqual([
        `will-navigate ${origin}/old-guide`,
        `will-redirect ${origin}/guide`,
        `did-navigate ${origin}/guide`,
        `did-finish-load ${origin}/guide`,
      ]);
    await page.locator('#home').click();
    await page.waitForURL(`${origin}/`);
  });

  it(
    'a foreign link is prevented in will-navigate and handed to the shell',
    onlyOnStandIn("reads the stand-in's record of shell.openExternal; a real Electron opens the system browser"),
    async () => {
      const before = page.url();
      const start = (await events()).length;
      await page.locator('#external').click();
      await expect
        .poll(() => app.evaluate(({ shell }) => [...((shell as unknown as { _openedExternal?: string[] })._openedExternal ?? [])]))
        .toContain('https://example.com/help');
      // Handed over from will-navigate (not from the window open handler, which also uses the shell).
      expect(await since(start)).toContain('will-navigate https://example.com/help');
      expect(page.url()).toBe(before);
      expect(await page.locator('h1').textContent()).toBe('Docs home');
    },
  );

  it('window.open of a same-site page: did-create-window with the options, closed with its opener', async () => {
    const origin = new URL(page.url()).origin;
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.locator('#popup').click()]);
    await popup.waitForLoadState('load');
    expect(await popup.locator('h1').textContent()).toBe('Glossary');
    await expect.poll(events).toContain(`did-create-window ${origin}/glossary 500x400`);
    expect(await (await app.browserWindow(popup)).evaluate((win) => win.getTitle())).toBe('Glossary');
    const exited = new Promise<number | null>((resolve) => app.process().once('exit', (code) => resolve(code)));
    await app.evaluate(({ BrowserWindow }) =>
      BrowserWindow.getAllWindows()
        .find((w: WindowShape) => !w.webContents.getURL().endsWith('/glossary'))
        ?.close(),
    );
    // The popup closes with its opener, so the last window is gone and the app quits.
    expect(await exited).toBe(0);
  });
});
