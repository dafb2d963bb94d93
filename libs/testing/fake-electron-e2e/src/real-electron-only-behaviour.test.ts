// Why: the stand-in's known differences (libs/testing/fake-electron/README.md) are behaviour a team
// meets on a real Electron. These tests state that behaviour and run only there (ADR-0023): here
// they are skipped with their reason, under `npm run test:electron -- --electron <binary>` they run.
import { realpathSync } from 'node:fs';
import { legacyNotesApp } from '@stagewright/fixtures/legacy-notes';
import type { ElectronApplication, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppScope, onlyOnRealElectron, testElectron } from '@stagewright/fake-electron';

describe(
  'what only a real Electron does',
  onlyOnRealElectron('the stand-in models none of this (its README, "Known differences from Electron")'),
  () => {
    let scope: AppScope;
    let app: ElectronApplication;
    let page: Page;

    beforeAll(async () => {
      scope = new AppScope('real-electron');
      ({ app, page } = await scope.launchWindow(legacyNotesApp.dir));
    });

    afterAll(async () => {
      expect(await scope.finish()).toEqual([]);
    });

    it('process.execPath of the main process is the Electron binary (the stand-in keeps Node’s)', async () => {
      const execPath = await app.evaluate(() => process.execPath);
      expect(realpathSync(execPath)).toBe(realpathSync(testElectron().path));
    });

    it('ipcRenderer.sendSync from a nodeIntegration page returns what the main process set as event.returnValue', async () => {
      await app.evaluate(({ ipcMain }) => {
        ipcMain.on('real-electron:sync', (event: { returnValue: unknown }, n: number) => {
          event.returnValue = n * 2;
        });
      });
      const answer = await page.evaluate(() => {
        const electron = (
          window as unknown as { require(name: string): { ipcRenderer: { sendSync(c: string, n: number): number } } }
        ).require('electron');
        return electron.ipcRenderer.sendSync('real-electron:sync', 21);
      });
      expect(answer).toBe(42);
    });

    it('a window.open that setWindowOpenHandler denies returns null (the stand-in returns a closed window)', async () => {
      await app.evaluate(({ BrowserWindow }) => {
        for (const win of BrowserWindow.getAllWindows() as { webContents: { setWindowOpenHandler(h: () => { action: 'deny' }): void } }[])
          win.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
      });
      expect(await page.evaluate(() => window.open('about:blank') === null)).toBe(true);
    });
  },
);
