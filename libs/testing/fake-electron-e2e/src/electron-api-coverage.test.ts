// Why: docs/electron-coverage.md counts a method as implemented when the stand-in's source does
// something for it. This file checks, on one quick-start launch, that a sample of those methods
// does what Electron's does (https://www.electronjs.org/docs/latest/api/web-contents,
// .../session, .../app, .../navigation-history), and that what the stand-in cannot honour says so
// instead of pretending: a table that counts a method is only as true as the method.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ElectronApplication, Page } from 'playwright-core';
import { quickStartApp } from '@stagewright/fixtures/quick-start';
import { AppScope, onlyOnStandIn } from '@stagewright/fake-electron';

const scope = new AppScope('api-coverage');
let app: ElectronApplication;
let page: Page;
/** Files the page methods write (the scope's own folder must be empty at the end). */
const outDir = mkdtempSync(join(tmpdir(), 'fe-api-coverage-'));

beforeAll(async () => {
  ({ app, page } = await scope.launchWindow(quickStartApp.dir));
});

afterAll(async () => {
  rmSync(outDir, { recursive: true, force: true });
  expect(await scope.finish()).toEqual([]);
});

describe('webContents', () => {
  it('findInPage counts the matches and reports them in found-in-page', async () => {
    const result = await app.evaluate(({ BrowserWindow }) => {
      const contents = BrowserWindow.getAllWindows()[0].webContents;
      return new Promise<{ requestId: number; matches: number; returned: number }>((resolve) => {
        contents.once('found-in-page', (_event: unknown, found: { requestId: number; matches: number }) => resolve({ ...found, returned }));
        const returned = contents.findInPage('electron');
      });
    });
    expect(result.matches).toBeGreaterThanOrEqual(1);
    expect(result.requestId).toBe(result.returned);
  });

  it('printToPDF, savePage and takeHeapSnapshot produce the files Electron produces', async () => {
    const dir = outDir;
    const pdfHead = await app.evaluate(async ({ BrowserWindow }, dir) => {
      const contents = BrowserWindow.getAllWindows()[0].webContents;
      await contents.savePage(`${dir}/page.html`, 'HTMLOnly');
      await contents.savePage(`${dir}/page.mhtml`, 'MHTML');
      await contents.takeHeapSnapshot(`${dir}/page.heapsnapshot`);
      return (await contents.printToPDF({})).subarray(0, 5).toString('latin1');
    }, dir);
    expect(pdfHead).toBe('%PDF-');
    expect(readFileSync(join(dir, 'page.html'), 'utf8')).toContain('Hello from Electron renderer!');
    expect(readFileSync(join(dir, 'page.mhtml'), 'utf8')).toMatch(/^From: <Saved by Blink>/);
    expect(Object.keys(JSON.parse(readFileSync(join(dir, 'page.heapsnapshot'), 'utf8')))).toContain('snapshot');
  });

  it('device emulation resizes the page until it is disabled', async () => {
    const width = () => page.evaluate(() => window.innerWidth);
    const before = await width();
    await app.evaluate(({ BrowserWindow }) =>
      BrowserWindow.getAllWindows()[0].webContents.enableDeviceEmulation({
        screenPosition: 'desktop',
        screenSize: { width: 360, height: 640 },
        viewPosition: { x: 0, y: 0 },
        deviceScaleFactor: 1,
        viewSize: { width: 360, height: 640 },
        scale: 1,
      }),
    );
    await expect.poll(width).toBe(360);
    await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0].webContents.disableDeviceEmulation());
    await expect.poll(width).toBe(before);
  });

  it('navigationHistory lists the current page as its active entry', async () => {
    const history = await app.evaluate(({ BrowserWindow }) => {
      const contents = BrowserWindow.getAllWindows()[0].webContents;
      const nav = contents.navigationHistory;
      return {
        url: contents.getURL(),
        active: nav.getEntryAtIndex(nav.getActiveIndex())?.url,
        all: nav.getAllEntries().length,
        length: nav.length(),
      };
    });
    expect(history.active).toBe(history.url);
    expect(history.all).toBe(history.length);
    expect(history.length).toBeGreaterThanOrEqual(1);
  });
});

describe('session', () => {
  it("network emulation takes the page offline and back; the session's user agent reaches the page", async () => {
    const onLine = () => page.evaluate(() => navigator.onLine);
    await app.evaluate(({ session }) => session.defaultSession.enableNetworkEmulation({ offline: true }));
    await expect.poll(onLine).toBe(false);
    await app.evaluate(({ session }) => session.defaultSession.disableNetworkEmulation());
    await expect.poll(onLine).toBe(true);

    const original = await app.evaluate(({ session }) => session.defaultSession.getUserAgent());
    await app.evaluate(({ session }) => session.defaultSession.setUserAgent('CoverageAgent/1.0'));
    await expect.poll(() => page.evaluate(() => navigator.userAgent)).toBe('CoverageAgent/1.0');
    await app.evaluate(({ session }, ua) => session.defaultSession.setUserAgent(ua), original);
    await expect.poll(() => page.evaluate(() => navigator.userAgent)).toBe(original);
  });

  it('resolves hosts, keeps spell-checker words, and refuses a proxy it cannot apply', async () => {
    const answers = await app.evaluate(async ({ session }) => {
      const s = session.defaultSession;
      const { endpoints } = await s.resolveHost('localhost');
      const added = s.addWordToSpellCheckerDictionary('stagewright');
      const words = await s.listWordsInSpellCheckerDictionary();
      const removed = s.removeWordFromSpellCheckerDictionary('stagewright');
      const proxy = await s.setProxy({ proxyRules: 'http=proxy.invalid:80' }).then(
        () => 'applied',
        (error: Error) => error.message,
      );
      return { addresses: endpoints.map((e: { address: string }) => e.address), added, words, removed, proxy };
    });
    expect(answers.addresses.some((a: string) => a === '127.0.0.1' || a === '::1')).toBe(true);
    expect(answers).toMatchObject({ added: true, words: ['stagewright'], removed: true });
    expect(answers.proxy).toMatch(/not supported by the Electron stand-in/);
  });
});

describe('protocol', () => {
  it('protocol.handle serves https navigations and requests with the handler Response until unhandle', async () => {
    const served = await app.evaluate(async ({ protocol, BrowserWindow }) => {
      protocol.handle('https', async (request: Request) => {
        const body = `${request.method} ${new URL(request.url).pathname} ${await request.text()}`;
        return new Response(body, { headers: { 'content-type': 'text/plain' } });
      });
      const handled = protocol.isProtocolHandled('https');
      const win = new BrowserWindow({ show: false });
      try {
        await win.loadURL('https://coverage.invalid/page');
        const page = await win.webContents.executeJavaScript('document.body.textContent');
        const post = await win.webContents.executeJavaScript("fetch('/echo', { method: 'POST', body: 'ping' }).then((r) => r.text())");
        protocol.unhandle('https');
        const after = await win.webContents.executeJavaScript("fetch('/echo').then((r) => r.text(), (e) => 'failed')");
        return { handled, page, post, stillHandled: protocol.isProtocolHandled('https'), after };
      } finally {
        win.destroy();
      }
    });
    expect(served).toEqual({ handled: true, page: 'GET /page ', post: 'POST /echo ping', stillHandled: false, after: 'failed' });
  });

  it('a custom scheme loads (getURL says it), the deprecated register*Protocol serve through their callbacks, webRequest hooks are enforced', async () => {
    const served = await app.evaluate(async ({ protocol, session, BrowserWindow }) => {
      const registered = protocol.registerStringProtocol(
        'legacy',
        (request: { url: string; headers: Record<string, string> }, callback: (r: unknown) => void) =>
          callback({
            data: `legacy ${new URL(request.url).pathname} ${request.headers['x-hooked'] ?? request.headers['X-Hooked'] ?? '-'}`,
            mimeType: 'text/html',
          }),
      );
      const hooks = session.defaultSession.webRequest;
      hooks.onBeforeRequest({ urls: ['legacy://*/*'] }, (details: { url: string }, callback: (r: unknown) => void) =>
        callback({ cancel: details.url.endsWith('/blocked') }),
      );
      hooks.onBeforeSendHeaders((details: { requestHeaders: Record<string, string> }, callback: (r: unknown) => void) =>
        callback({ requestHeaders: { ...details.requestHeaders, 'X-Hooked': 'yes' } }),
      );
      const win = new BrowserWindow({ show: false });
      try {
        await win.loadURL('legacy://app/page');
        const page = await win.webContents.executeJavaScript('document.body.textContent');
        const relative = await win.webContents.executeJavaScript("fetch('sub').then((r) => r.text())");
        const blocked = await win.webContents.executeJavaScript("fetch('blocked').then((r) => r.text(), () => 'failed')");
        return {
          registered,
          url: win.webContents.getURL(),
          page,
          relative,
          blocked,
          isRegistered: protocol.isProtocolRegistered('legacy'),
        };
      } finally {
        hooks.onBeforeRequest(null);
        hooks.onBeforeSendHeaders(null);
        protocol.unregisterProtocol('legacy');
        win.destroy();
      }
    });
    expect(served).toEqual({
      registered: true,
      url: 'legacy://app/page',
      page: 'legacy /page yes',
      relative: 'legacy /sub yes',
      blocked: 'failed',
      isRegistered: true,
    });
  });
});

/** The DownloadItem methods these tests call (the app.evaluate electron argument is untyped). */
type DownloadItemLike = {
  setSavePath(path: string): void;
  getSavePath(): string;
  /** Electron's property form of setSavePath / getSavePath. */
  savePath: string;
  once(event: 'done', listener: (event: unknown, state: string) => void): void;
  getFilename(): string;
  getReceivedBytes(): number;
  getTotalBytes(): number;
  getURL(): string;
};

describe('downloads', () => {
  it('webContents.downloadURL announces a DownloadItem; the file lands at the save path set in will-download (savePath)', async () => {
    const savePath = join(outDir, 'downloaded.txt');
    const done = await app.evaluate(({ BrowserWindow }, savePath) => {
      const contents = BrowserWindow.getAllWindows()[0].webContents;
      return new Promise<{ state: string; filename: string; received: number; total: number; url: string; saved: string }>((resolve) => {
        contents.session.once('will-download', (_event: unknown, item: DownloadItemLike) => {
          item.savePath = savePath;
          item.once('done', (_e: unknown, state: string) =>
            resolve({
              state,
              filename: item.getFilename(),
              received: item.getReceivedBytes(),
              total: item.getTotalBytes(),
              url: item.getURL(),
              saved: item.getSavePath(),
            }),
          );
        });
        contents.downloadURL(new URL('data/notes.json', contents.getURL()).href);
      });
    }, savePath);
    const source = readFileSync(join(quickStartApp.dir, 'data', 'notes.json'));
    expect(done).toMatchObject({ state: 'completed', filename: 'notes.json', received: source.length, saved: savePath });
    expect(readFileSync(savePath)).toEqual(source);
  });

  it("without a save path Electron asks with a save dialog; the stand-in's is canceled, so is the download", async () => {
    const state = await app.evaluate(({ BrowserWindow }) => {
      const contents = BrowserWindow.getAllWindows()[0].webContents;
      return new Promise<string>((resolve) => {
        contents.session.once('will-download', (_event: unknown, item: DownloadItemLike) =>
          item.once('done', (_e: unknown, state: string) => resolve(state)),
        );
        contents.downloadURL(new URL('data/notes.json', contents.getURL()).href);
      });
    });
    expect(state).toBe('cancelled');
  });
});

describe('app and the modules that were missing', () => {
  it("getAppMetrics reports the main process and Chromium's processes with real memory", async () => {
    type Metric = { pid: number; type: string; memory: { workingSetSize: number } };
    const { metrics, pid } = await app.evaluate(({ app }) => ({ metrics: app.getAppMetrics() as Metric[], pid: process.pid }));
    const main = metrics.find((m) => m.pid === pid);
    expect(main?.type).toBe('Browser');
    expect(main?.memory.workingSetSize).toBeGreaterThan(1000);
    expect(metrics.some((m) => m.type === 'Tab')).toBe(true);
    const gpu = await app.evaluate(({ app }) => app.getGPUInfo('basic') as Promise<{ gpuDevice: unknown[] }>);
    expect(Array.isArray(gpu.gpuDevice)).toBe(true);
  });

  it('ClipboardItem holds typed data; disableHardwareAcceleration after ready throws as in Electron', async () => {
    const answers = await app.evaluate(async ({ app, ClipboardItem }) => {
      const item = new ClipboardItem({ 'text/plain': 'hello' });
      const text = await (await item.getType('text/plain')).text();
      let late = '';
      try {
        app.disableHardwareAcceleration();
      } catch (error) {
        late = (error as Error).message;
      }
      return {
        types: item.types,
        text,
        late,
        enabled: app.isHardwareAccelerationEnabled(),
      };
    });
    expect(answers).toEqual({
      types: ['text/plain'],
      text: 'hello',
      late: expect.stringMatching(/before app is ready/),
      enabled: true,
    });
  });

  it("the main process's WebSocket (Node's own) reports a refused connection with error, then close", async () => {
    const events = await app.evaluate(({ WebSocket }) => {
      const socket = new WebSocket('ws://127.0.0.1:9/');
      const seen: string[] = [];
      return new Promise<string[]>((resolve) => {
        socket.addEventListener('error', () => seen.push('error'));
        socket.addEventListener('close', () => {
          seen.push(`close ${socket.readyState}`);
          resolve(seen);
        });
      });
    });
    expect(events).toEqual(['error', 'close 3']);
  });

  it('a suspended global shortcut does not fire until it is resumed', async () => {
    const fired = () => app.evaluate(() => (globalThis as unknown as { shortcutFired?: number }).shortcutFired ?? 0);
    const suspended = await app.evaluate(({ globalShortcut }) => {
      globalShortcut.register('CommandOrControl+Shift+Y', () => {
        const g = globalThis as unknown as { shortcutFired?: number };
        g.shortcutFired = (g.shortcutFired ?? 0) + 1;
      });
      globalShortcut.setSuspended(true);
      return globalShortcut.isSuspended();
    });
    expect(suspended).toBe(true);
    await page.keyboard.press('Control+Shift+Y');
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(await fired()).toBe(0);
    await app.evaluate(({ globalShortcut }) => globalShortcut.setSuspended(false));
    await page.keyboard.press('Control+Shift+Y');
    await expect.poll(fired).toBe(1);
    await app.evaluate(({ globalShortcut }) => globalShortcut.unregisterAll());
  });

  it(
    'what the stand-in cannot honour throws a clear error instead of pretending',
    onlyOnStandIn('the messages name the stand-in'),
    async () => {
      const messages = await app.evaluate(async ({ protocol, sharedTexture, BrowserWindow }) => {
        const attempt = async (f: () => unknown) => {
          try {
            await f();
            return 'no error';
          } catch (error) {
            return (error as Error).message;
          }
        };
        const contents = BrowserWindow.getAllWindows()[0].webContents;
        return [
          await attempt(() => protocol.registerSource('app', {})),
          await attempt(() => sharedTexture.setSharedTextureReceiver(async () => {})),
          await attempt(() => contents.savePage('/tmp/never.html', 'HTMLComplete')),
          await attempt(() => contents.setWebRTCIPHandlingPolicy('disable_non_proxied_udp')),
        ];
      });
      for (const message of messages) expect(message).toMatch(/is not supported by the Electron stand-in \(fake-electron\)$/);
      expect(existsSync('/tmp/never.html')).toBe(false);
    },
  );
});
