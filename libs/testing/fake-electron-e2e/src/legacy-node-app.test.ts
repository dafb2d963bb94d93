// Why: many existing Electron apps still run with nodeIntegration: true and contextIsolation:
// false, their page scripts calling require('electron'), Node built-ins and their own modules. On
// the stand-in such an app must work where it honestly can, and where it cannot (no Node.js in
// the page) fail with an error that names the limitation in the console, never silently.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleMessage, ElectronApplication, Page } from 'playwright-core';
import { legacyNotesApp } from '@stagewright/fixtures/legacy-notes';
import { AppScope, onlyOnStandIn } from '@stagewright/fake-electron';

const scope = new AppScope('legacy-notes');
let app: ElectronApplication;
let page: Page;

beforeAll(async () => {
  ({ app, page } = await scope.launchWindow(legacyNotesApp.dir));
});

afterAll(async () => {
  expect(await scope.finish()).toEqual([]);
});

describe('an app with nodeIntegration and without contextIsolation', () => {
  it('gives page scripts require, module, process and __dirname', async () => {
    const globals = await page.evaluate(() => {
      const w = window as unknown as Record<string, unknown> & { process: { type: string; versions: Record<string, string> } };
      return [typeof w['require'], typeof w['module'], w.process.type, typeof w.process.versions['electron'], String(w['__dirname'])];
    });
    expect(globals).toEqual(['function', 'object', 'renderer', 'string', legacyNotesApp.dir]);
  });

  it("runs the app's own modules, JSON and files read with fs, path and os", async () => {
    await expect.poll(() => page.locator('#about').textContent()).toBe(`Legacy Notes 2.3.0 on ${process.platform} (renderer)`);
    await expect.poll(() => page.locator('#tip').textContent()).toBe('Tip: Press Save to keep a note.');
  });

  it("require('electron') gives ipcRenderer, both ways", async () => {
    await page.locator('#note').fill('  buy milk ');
    await page.locator('#save').click();
    await expect.poll(() => page.locator('#status').textContent()).toBe('Saved 1 note');
    expect(
      await page.evaluate(() =>
        (window as unknown as { require(name: string): { ipcRenderer: { invoke(c: string): Promise<string[]> } } })
          .require('electron')
          .ipcRenderer.invoke('notes:list'),
      ),
    ).toEqual(['[1970-01-01] buy milk']);
  });

  it(
    'a Node built-in the page cannot have throws an error naming the limitation, and the console shows it',
    onlyOnStandIn(
      "the stand-in's renderers have no real Node.js (a known difference); Electron's nodeIntegration pages have every built-in",
    ),
    async () => {
      const messages: string[] = [];
      const onConsole = (message: ConsoleMessage) => messages.push(message.text());
      page.on('console', onConsole);
      await page.locator('#export').click();
      await expect.poll(() => messages.join('\n')).toMatch(/fake-electron: require\('child_process'\) is not supported in renderers/);
      page.off('console', onConsole);
      expect(await page.locator('#status').textContent()).toBe('Saved 1 note');
      const thrown = await page.evaluate(() => {
        try {
          (window as unknown as { require(name: string): { writeFileSync(file: string, data: string): void } })
            .require('fs')
            .writeFileSync('/tmp/x', 'y');
          return 'no error';
        } catch (error) {
          return (error as Error).message;
        }
      });
      expect(thrown).toMatch(/^fake-electron: fs\.writeFileSync is not supported .*main process over IPC/);
    },
  );
});
