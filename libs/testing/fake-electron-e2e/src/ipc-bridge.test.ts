// Why: preload scripts with contextBridge and ipcRenderer are how Electron apps talk to their main
// process; the stand-in bridges them over CDP, and tools (ipc plugin, eval) rely on every
// direction behaving like Electron: invoke, send, event.reply, main -> renderer pushes, errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ElectronApplication, Page } from 'playwright-core';
import { fixturePath } from './fixtures.js';
import { AppScope } from '@stagewright/fake-electron';

const scope = new AppScope('ipc');
let app: ElectronApplication;
let page: Page;

beforeAll(async () => {
  ({ app, page } = await scope.launchWindow(fixturePath('ipc')));
});

afterAll(async () => {
  expect(await scope.finish()).toEqual([]);
});

describe('IPC between the renderer and the main process', () => {
  it('invoke returns the main-process handler result to the page', async () => {
    await page.getByLabel('First number').fill('20');
    await page.getByLabel('Second number').fill('22');
    await page.getByRole('button', { name: 'Add in main' }).click();
    await expect.poll(() => page.locator('#sum').textContent()).toBe('Sum: 42');
  });

  it("a throwing handler rejects invoke with Electron's error message", async () => {
    await page.getByRole('button', { name: 'Add with bad input' }).click();
    await expect
      .poll(() => page.locator('#sum').textContent())
      .toBe("Error: Error invoking remote method 'math:add': Error: add expects two numbers");
  });

  it('send reaches ipcMain listeners', async () => {
    await page.getByLabel('Message').fill('logged from the page');
    await page.getByRole('button', { name: 'Send to main' }).click();
    await expect
      .poll(() => app.evaluate(() => (globalThis as unknown as { ipcFixture: { received: string[] } }).ipcFixture.received))
      .toContain('logged from the page');
  });

  it('event.reply answers the sending page', async () => {
    await page.getByLabel('Message').fill('marco');
    await page.getByRole('button', { name: 'Ping' }).click();
    await expect.poll(() => page.locator('#pong').textContent()).toBe('Pong from main: marco');
  });

  it('webContents.send pushes from main to ipcRenderer.on listeners', async () => {
    await page.getByRole('button', { name: 'Request push' }).click();
    await expect.poll(() => page.locator('#push').textContent()).toBe('Push: pushed after 50 ms');
    await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]!.webContents.send('push', 'sent by a test'));
    await expect.poll(() => page.locator('#push').textContent()).toBe('Push: sent by a test');
  });

  it('event.sender is the calling webContents', async () => {
    const who = await page.evaluate(() =>
      (window as unknown as { ipc: { whoami(): Promise<{ webContentsId: number; windowTitle: string }> } }).ipc.whoami(),
    );
    const expected = await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]!.webContents.id);
    expect(who).toEqual({ webContentsId: expected, windowTitle: 'IPC' });
  });

  it('values survive the trip like structured clone: undefined, Date, Map, Set, bytes, nested objects', async () => {
    const echoed = await page.evaluate(async () => {
      const api = (window as unknown as { ipc: { echo(v: unknown): Promise<any> } }).ipc;
      const value = await api.echo({
        missing: undefined,
        when: new Date(0),
        map: new Map([['a', 1]]),
        set: new Set([1, 2]),
        bytes: new Uint8Array([1, 2, 255]),
        nested: { list: [1, 'two', null, NaN] },
      });
      return {
        hasMissing: 'missing' in value && value.missing === undefined,
        when: value.when instanceof Date ? value.when.toISOString() : null,
        map: value.map instanceof Map ? [...value.map] : null,
        set: value.set instanceof Set ? [...value.set] : null,
        bytes: value.bytes instanceof Uint8Array ? [...value.bytes] : null,
        nested: JSON.stringify(value.nested),
        nan: Number.isNaN(value.nested.list[3]),
      };
    });
    expect(echoed).toEqual({
      hasMissing: true,
      when: '1970-01-01T00:00:00.000Z',
      map: [['a', 1]],
      set: [1, 2],
      bytes: [1, 2, 255],
      nested: '{"list":[1,"two",null,null]}',
      nan: true,
    });
  });

  it('functions cannot be sent, as with Electron', async () => {
    const message = await page.evaluate(async () => {
      const api = (window as unknown as { ipc: { echo(v: unknown): Promise<unknown> } }).ipc;
      return api.echo({ fn: () => 1 }).then(
        () => 'sent',
        (error: Error) => error.message,
      );
    });
    expect(message).toBe('An object could not be cloned.');
  });

  it('the preload has run before the first script of every new window', async () => {
    const seen = await app.evaluate(async ({ app: electronApp, BrowserWindow }) => {
      const results: string[] = [];
      for (let i = 0; i < 5; i++) {
        const win = new BrowserWindow({ show: false, webPreferences: { preload: `${electronApp.getAppPath()}/preload.js` } });
        await win.loadURL('data:text/html,<script>document.title = typeof window.ipc</script>');
        results.push(win.webContents.getTitle());
        win.destroy();
      }
      return results;
    });
    expect(seen).toEqual(['object', 'object', 'object', 'object', 'object']);
  });

  it('a window the page opens inherits the preload and talks to main', async () => {
    // The page's own popup, not just the next 'window': Playwright reports a window once its first
    // document commits, so one the previous test created (and destroyed) can be reported late.
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.evaluate(() => void window.open('index.html'))]);
    await popup.waitForURL(/index\.html$/, { waitUntil: 'load' });
    // A file:// popup of a file:// opener can first commit without its preload and is then loaded
    // once more (see the stand-in README): wait for the document that has it.
    await popup.waitForFunction(() => typeof (window as unknown as { ipc?: unknown }).ipc === 'object', undefined, { timeout: 15_000 });
    await popup.getByRole('button', { name: 'Add in main' }).click();
    await expect.poll(() => popup.locator('#sum').textContent()).toBe('Sum: 5');
    await popup.close();
  });

  it('the preload bridge leaves no helper globals in the page', async () => {
    const globals = await page.evaluate(() => Object.keys(window).filter((key) => /fakeElectron|__fe/i.test(key)));
    expect(globals).toEqual([]);
    expect(await page.evaluate(() => typeof (window as unknown as { require?: unknown }).require)).toBe('undefined');
  });
});
