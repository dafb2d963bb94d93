// Why: fixture apps, plugins and tests call the electron module's smaller APIs from the main
// process (paths, webContents lookups and events, notifications, clipboard, shell, theme, screen,
// tray, shortcuts, cookies); each must answer with Electron's documented shape and effect.
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { homedir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ElectronApplication, Page } from 'playwright-core';
import { fixturePath } from './fixtures.js';
import type { CookieShape } from './electron-shapes.js';
import { AppScope } from '@stagewright/fake-electron';

const scope = new AppScope('api');
let app: ElectronApplication;
let page: Page;

beforeAll(async () => {
  ({ app, page } = await scope.launchWindow(fixturePath('ipc')));
});

afterAll(async () => {
  expect(await scope.finish()).toEqual([]);
});

describe('app', () => {
  it('reports paths, command line and lock like Electron', async () => {
    const info = await app.evaluate(({ app: electronApp }) => ({
      userData: electronApp.getPath('userData'),
      home: electronApp.getPath('home'),
      appPath: electronApp.getAppPath(),
      hasPort: electronApp.commandLine.hasSwitch('remote-debugging-port'),
      port: electronApp.commandLine.getSwitchValue('remote-debugging-port'),
      lock: electronApp.requestSingleInstanceLock(),
      locale: electronApp.getLocale(),
      badPath: (() => {
        try {
          electronApp.getPath('nonsense' as 'home');
          return 'no error';
        } catch (error) {
          return (error as Error).message;
        }
      })(),
    }));
    expect(existsSync(info.userData)).toBe(true);
    expect(info).toMatchObject({ home: homedir(), appPath: fixturePath('ipc'), hasPort: true, port: '0', lock: true, locale: 'en-US' });
    expect(info.badPath).toBe("Failed to get 'nonsense' path");
  });
});

describe('net', () => {
  it('fetches a bare URL, a URL object and a Request, with and without init', async () => {
    // Apps most often call net.fetch(url) with no init at all.
    const server = createServer((req, res) => res.end(`${req.method} ${req.url} ${req.headers['x-probe'] ?? '-'}`));
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    try {
      const answers = await app.evaluate(async ({ net }, url) => {
        const text = async (response: Promise<Response>) => (await response).text();
        return [
          await text(net.fetch(`${url}/bare`)),
          await text(net.fetch(new URL(`${url}/url`))),
          await text(net.fetch(new Request(`${url}/request`, { method: 'PUT', headers: { 'x-probe': 'r' } }))),
          await text(net.fetch(`${url}/init`, { method: 'POST', headers: { 'x-probe': 'i' } })),
        ];
      }, base);
      expect(answers).toEqual(['GET /bare -', 'GET /url -', 'PUT /request r', 'POST /init i']);
    } finally {
      server.close();
    }
  });
});

describe('webContents', () => {
  it("is found by id and lists every window's contents", async () => {
    const found = await app.evaluate(({ webContents, BrowserWindow }) => {
      const contents = BrowserWindow.getAllWindows()[0]!.webContents;
      return {
        byId: webContents.fromId(contents.id) === contents,
        all: webContents.getAllWebContents().length,
        title: contents.getTitle(),
      };
    });
    expect(found).toEqual({ byId: true, all: 1, title: 'IPC' });
  });

  it('executeJavaScript resolves with the value and rejects with the page error', async () => {
    const results = await app.evaluate(async ({ BrowserWindow }) => {
      const contents = BrowserWindow.getAllWindows()[0]!.webContents;
      const value = await contents.executeJavaScript('Promise.resolve(document.title + "!")');
      const error = await contents.executeJavaScript('nope()').then(
        () => 'resolved',
        (e: Error) => e.message,
      );
      return { value, error };
    });
    expect(results.value).toBe('IPC!');
    expect(results.error).toContain('nope is not defined');
  });

  it("emits console-message with Electron's level names and did-finish-load on reload", async () => {
    const seen = app.evaluate(({ BrowserWindow }) => {
      const contents = BrowserWindow.getAllWindows()[0]!.webContents;
      return new Promise<{ level: string; message: string; legacyLevel: number }>((resolve) => {
        contents.once('console-message', (event: unknown, legacyLevel: number) => {
          const details = event as { level: string; message: string };
          resolve({ level: details.level, message: details.message, legacyLevel });
        });
      });
    });
    await page.evaluate(() => console.warn('careful', 42));
    expect(await seen).toEqual({ level: 'warning', message: 'careful 42', legacyLevel: 2 });

    const reloaded = app.evaluate(({ BrowserWindow }) => {
      const contents = BrowserWindow.getAllWindows()[0]!.webContents;
      const finished = new Promise<string>((resolve) => contents.once('did-finish-load', () => resolve(contents.getURL())));
      contents.reload();
      return finished;
    });
    expect(await reloaded).toBe(page.url());
  });
});

describe('desktop modules', () => {
  it('Notification shows (emitting show), clipboard keeps text, shell.openExternal resolves', async () => {
    const result = await app.evaluate(async ({ Notification, clipboard, shell }) => {
      const notification = new Notification({ title: 'Done', body: 'All good' });
      const shown = new Promise<string>((resolve) => notification.once('show', () => resolve('show')));
      notification.show();
      clipboard.writeText('copied text');
      return {
        supported: Notification.isSupported(),
        shown: await shown,
        clipboard: clipboard.readText(),
        opened: await shell.openExternal('https://example.org/docs'),
      };
    });
    expect(result).toEqual({ supported: true, shown: 'show', clipboard: 'copied text', opened: undefined });
  });

  it('nativeTheme.themeSource drives prefers-color-scheme in the window', async () => {
    const dark = await app.evaluate(({ nativeTheme }) => {
      nativeTheme.themeSource = 'dark';
      return nativeTheme.shouldUseDarkColors;
    });
    expect(dark).toBe(true);
    await expect.poll(() => page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(true);
    await app.evaluate(({ nativeTheme }) => {
      nativeTheme.themeSource = 'light';
    });
    await expect.poll(() => page.evaluate(() => matchMedia('(prefers-color-scheme: light)').matches)).toBe(true);
  });

  it('screen.getPrimaryDisplay matches the screen the page sees', async () => {
    const display = await app.evaluate(({ screen }) => screen.getPrimaryDisplay());
    expect(display).toMatchObject({ bounds: { x: 0, y: 0 }, scaleFactor: 1, rotation: 0 });
    expect(await page.evaluate(() => [screen.width, screen.height])).toEqual([display.bounds.width, display.bounds.height]);
  });

  it('Tray keeps its context menu and runs click listeners', async () => {
    const result = await app.evaluate(({ Tray, Menu, nativeImage }) => {
      const tray = new Tray(nativeImage.createEmpty());
      tray.setToolTip('Fixture tray');
      tray.setContextMenu(Menu.buildFromTemplate([{ id: 'tray-open', label: 'Open' }]));
      let clicks = 0;
      tray.on('click', () => clicks++);
      tray.emit('click');
      tray.destroy();
      return { clicks, destroyed: tray.isDestroyed() };
    });
    expect(result).toEqual({ clicks: 1, destroyed: true });
  });

  it('a globalShortcut fires when its keys are pressed in a window', async () => {
    const registered = await app.evaluate(({ globalShortcut }) => {
      (globalThis as unknown as { shortcutHits: number }).shortcutHits = 0;
      return globalShortcut.register('CommandOrControl+Shift+K', () => {
        (globalThis as unknown as { shortcutHits: number }).shortcutHits++;
      });
    });
    expect(registered).toBe(true);
    await page.keyboard.press('Control+Shift+K');
    await expect.poll(() => app.evaluate(() => (globalThis as unknown as { shortcutHits: number }).shortcutHits)).toBe(1);
    await app.evaluate(({ globalShortcut }) => globalShortcut.unregisterAll());
  });

  it("session cookies are Chromium's cookies", async () => {
    const cookies = await app.evaluate(async ({ session }) => {
      await session.defaultSession.cookies.set({ url: 'http://127.0.0.1:9/', name: 'flavour', value: 'mint' });
      const found = await session.defaultSession.cookies.get({ name: 'flavour' });
      await session.defaultSession.cookies.remove('http://127.0.0.1:9/', 'flavour');
      const after = await session.defaultSession.cookies.get({ name: 'flavour' });
      return { found: found.map((c: CookieShape) => [c.name, c.value, c.domain, c.session]), after: after.length };
    });
    expect(cookies).toEqual({ found: [['flavour', 'mint', '127.0.0.1', true]], after: 0 });
  });
});
