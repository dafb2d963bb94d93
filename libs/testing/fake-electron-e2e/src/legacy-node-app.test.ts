// Why: many existing Electron apps still run with nodeIntegration: true and contextIsolation:
// false, their page scripts calling require('electron'), Node built-ins and their own modules. On
// the stand-in such an app must work: the page's Node built-ins it cannot rebuild are the main
// process's own (renderer-node-host.cjs), on the same machine, as Electron's renderer Node is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ElectronApplication, Page } from 'playwright-core';
import { legacyNotesApp } from '@stagewright/fixtures/legacy-notes';
import { AppScope } from '@stagewright/fake-electron';

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

  it("the built-ins the page does not rebuild are the main process's own: fs writes, crypto objects, callbacks and promises", async () => {
    const file = join(scope.userDataRoot, 'written-by-the-page.txt');
    const results = await page.evaluate(async (target) => {
      const req = (window as unknown as { require(name: string): any }).require;
      const fs = req('fs');
      fs.writeFileSync(target, 'from the page');
      const hash = req('crypto').createHash('sha256').update('abc').digest('hex');
      const viaCallback = await new Promise((resolve) =>
        fs.readFile(target, 'utf8', (error: Error | null, text: string) => resolve(error ? error.message : text)),
      );
      const viaPromise = await fs.promises.readFile(target, 'utf8');
      const missing = await fs.promises.readFile(`${target}.missing`).then(
        () => 'read',
        (error: { code: string }) => error.code,
      );
      return { hash, viaCallback, viaPromise, missing, isFile: fs.statSync(target).isFile() };
    }, file);
    expect(results).toEqual({
      hash: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
      viaCallback: 'from the page',
      viaPromise: 'from the page',
      missing: 'ENOENT',
      isFile: true,
    });
    expect(readFileSync(file, 'utf8')).toBe('from the page');
  });
});
