// Why: apps written for Electron 30+ build windows from BaseWindow + WebContentsView, run work in
// utilityProcess with MessageChannelMain ports, look at frames through webFrameMain, and reach
// modules that act only on macOS (TouchBar...) on every platform. Each must exist on the stand-in
// and behave as Electron 38's does (https://www.electronjs.org/docs/latest/api/base-window,
// .../web-contents-view, .../utility-process, .../message-channel-main, .../web-frame-main), or
// the tools are tested on a model of Electron that today's apps are not written for.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ElectronApplication, Page } from 'playwright-core';
import { AppScope } from '@stagewright/fake-electron';
import { viewsApp } from '@stagewright/fixtures/views';

/** The main-process modules and classes Electron 38's electron.d.ts exports (Electron.Main and Electron.Common). */
const ELECTRON_38_MAIN_EXPORTS = [
  'app',
  'autoUpdater',
  'BaseWindow',
  'BrowserView',
  'BrowserWindow',
  'contentTracing',
  'desktopCapturer',
  'dialog',
  'globalShortcut',
  'ImageView',
  'inAppPurchase',
  'ipcMain',
  'IpcMainServiceWorker',
  'Menu',
  'MenuItem',
  'MessageChannelMain',
  'nativeTheme',
  'net',
  'netLog',
  'Notification',
  'powerMonitor',
  'powerSaveBlocker',
  'protocol',
  'pushNotifications',
  'safeStorage',
  'screen',
  'session',
  'ShareMenu',
  'systemPreferences',
  'TouchBar',
  'Tray',
  'utilityProcess',
  'View',
  'webContents',
  'WebContentsView',
  'webFrameMain',
  'clipboard',
  'crashReporter',
  'nativeImage',
  'shell',
];

const scope = new AppScope('modern');
let app: ElectronApplication;
let toolbar: Page;
let content: Page;

const viewport = (page: Page) => page.evaluate(() => [innerWidth, innerHeight]);

beforeAll(async () => {
  app = await scope.launch(viewsApp.dir);
  while (app.windows().length < 2) await app.waitForEvent('window');
  for (const page of app.windows()) await page.waitForLoadState('load');
  toolbar = app.windows().find((page) => page.url().endsWith('toolbar.html'))!;
  content = app.windows().find((page) => page.url().endsWith('content.html'))!;
});

afterAll(async () => {
  expect(await scope.finish()).toEqual([]);
});

it("every main-process module and class of Electron 38 is on require('electron'), none undefined", async () => {
  const missing = await app.evaluate((electron, names) => names.filter((name) => electron[name] === undefined), ELECTRON_38_MAIN_EXPORTS);
  expect(ELECTRON_38_MAIN_EXPORTS).toHaveLength(40);
  expect(missing).toEqual([]);
});

describe('BaseWindow, View and WebContentsView', () => {
  it('each WebContentsView is a page of its own, sized to its bounds, and follows the window', async () => {
    expect([await viewport(toolbar), await viewport(content)]).toEqual([
      [900, 48],
      [900, 552],
    ]);
    const tree = await app.evaluate(({ BaseWindow, BrowserWindow, View, WebContentsView }) => {
      const { win, toolbar: bar, content: main } = (globalThis as any).viewsFixture;
      return {
        windows: BaseWindow.getAllWindows().length,
        browserWindowIsBaseWindow: Object.getPrototypeOf(BrowserWindow) === BaseWindow,
        rootIsView: win.contentView instanceof View,
        children: win.contentView.children.map((child: any) => child instanceof WebContentsView),
        order: win.contentView.children.indexOf(main),
        bounds: main.getBounds(),
        host: BrowserWindow.fromWebContents(main.webContents) === win,
        type: bar.webContents.getType(),
        ownContents: bar.webContents !== main.webContents,
      };
    });
    expect(tree).toEqual({
      windows: 1,
      browserWindowIsBaseWindow: true,
      rootIsView: true,
      children: [true, true],
      order: 1,
      bounds: { x: 0, y: 48, width: 900, height: 552 },
      host: true,
      type: 'browserView',
      ownContents: true,
    });
    await app.evaluate(() => (globalThis as any).viewsFixture.win.setSize(1000, 700));
    await expect.poll(() => viewport(content)).toEqual([1000, 652]);
    await expect.poll(() => viewport(toolbar)).toEqual([1000, 48]);
  });

  it("a view's preload gets process 'loaded' and sendSync; its IPC drives the other view; a utility process answers", async () => {
    expect(await toolbar.evaluate(() => (window as any).toolbarApi.loadedFired())).toBe(true);
    // ipcRenderer.sendSync blocks the page until main sets event.returnValue (under the page's CSP default-src 'self').
    const echoed = await toolbar.evaluate(() => {
      const answer = (window as any).toolbarApi.syncEcho(new Map([['a', 1]]));
      return { isMap: answer.echo instanceof Map, a: answer.echo.get('a'), from: answer.from };
    });
    expect(echoed).toEqual({ isMap: true, a: 1, from: 'toolbar' });
    await toolbar.getByRole('button', { name: 'Archive' }).click();
    await expect.poll(() => content.textContent('#section')).toBe('Archive');
    await content.getByRole('button', { name: 'Count words' }).click();
    await expect.poll(() => content.textContent('#words')).toBe('3 words');
  });

  it('BrowserView (deprecated) is a WebContentsView in a BrowserWindow: set/add/get, bounds, its own page', async () => {
    const opened = app.waitForEvent('window', (page) => page.url().startsWith('data:text/html,browser-view'));
    const state = await app.evaluate(async ({ BrowserWindow, BrowserView }) => {
      const win = new BrowserWindow({ width: 640, height: 480, show: false });
      const view = new BrowserView();
      win.setBrowserView(view);
      view.setBounds({ x: 0, y: 80, width: 320, height: 200 });
      await view.webContents.loadURL('data:text/html,browser-view<title>BV</title>');
      const second = new BrowserView();
      win.addBrowserView(second);
      const multiple = (() => {
        try {
          win.getBrowserView();
          return 'no error';
        } catch (error) {
          return (error as Error).message;
        }
      })();
      win.removeBrowserView(second);
      second.webContents.close();
      (globalThis as any).browserViewWindow = win;
      return {
        views: win.getBrowserViews().length,
        same: win.getBrowserView() === view,
        fromView: BrowserWindow.fromBrowserView(view) === win,
        inContentView: win.contentView.children.length,
        multiple,
        bounds: view.getBounds(),
      };
    });
    expect(state).toEqual({
      views: 1,
      same: true,
      fromView: true,
      inContentView: 1,
      multiple: 'BrowserWindow have multiple BrowserViews, Use getBrowserViews() instead',
      bounds: { x: 0, y: 80, width: 320, height: 200 },
    });
    const page = await opened;
    await expect.poll(() => viewport(page)).toEqual([320, 200]);
    await app.evaluate(() => (globalThis as any).browserViewWindow.destroy());
  });
});

describe('utilityProcess and MessageChannelMain', () => {
  it('forks a real Node process with parentPort; ports carry structured clones both ways; kill() ends it', async () => {
    const result = await app.evaluate(async ({ utilityProcess, MessageChannelMain }, dir) => {
      const child = utilityProcess.fork(`${dir}/port-echo.js`, ['--mode=echo'], { stdio: 'pipe' });
      await new Promise((resolve) => child.once('spawn', resolve));
      const pid = child.pid;
      const { port1, port2 } = new MessageChannelMain();
      child.postMessage('here is a port', [port2]);
      port1.start();
      const echoed = await new Promise((resolve) => {
        port1.once('message', (event: { data: unknown }) => resolve(event.data));
        port1.postMessage({ n: 1, when: new Date(0) });
      });
      const local = new MessageChannelMain();
      local.port2.start();
      const inProcess = await new Promise((resolve) => {
        local.port2.once('message', (event: { data: Map<number, number> }) => resolve(event.data instanceof Map && event.data.get(1)));
        local.port1.postMessage(new Map([[1, 2]]));
      });
      const exited = new Promise((resolve) => child.once('exit', resolve));
      const killed = child.kill();
      const code = await exited;
      let alive = true;
      try {
        process.kill(pid!, 0);
      } catch {
        alive = false;
      }
      return { pid: typeof pid, echoed, inProcess, killed, code: typeof code, alive, pidAfter: child.pid ?? null };
    }, viewsApp.dir);
    expect(result).toEqual({
      pid: 'number',
      echoed: { echo: { n: 1, when: new Date(0) }, argv: ['--mode=echo'] },
      inProcess: 2,
      killed: true,
      code: 'number',
      alive: false,
      pidAfter: null,
    });
  });
});

describe('webFrameMain', () => {
  it('finds a frame by process and routing id; frames evaluate script and list their children', async () => {
    await content.evaluate(() => {
      const frame = document.createElement('iframe');
      frame.srcdoc = '<p>child</p>';
      document.body.append(frame);
      return new Promise((resolve) => frame.addEventListener('load', resolve));
    });
    const frames = await app.evaluate(async ({ webFrameMain }) => {
      const contents = (globalThis as any).viewsFixture.content.webContents;
      const main = contents.mainFrame;
      const [child] = main.frames;
      return {
        fromId: webFrameMain.fromId(main.processId, main.routingId) === main,
        url: main.url.endsWith('content.html'),
        title: await main.executeJavaScript('document.title'),
        children: main.frames.length,
        childText: await child.executeJavaScript('document.body.textContent'),
        childParent: child.parent === main,
        subtree: main.framesInSubtree.length,
      };
    });
    expect(frames).toEqual({ fromId: true, url: true, title: 'Content', children: 1, childText: 'child', childParent: true, subtree: 2 });
  });
});

describe('modules Electron has on every platform', () => {
  it('platform-only modules are inert as off macOS; what the stand-in cannot honour throws a clear error', async () => {
    const traceFile = join(scope.userDataRoot, 'trace.json');
    const answers = await app.evaluate(
      async ({ TouchBar, ShareMenu, inAppPurchase, netLog, pushNotifications, contentTracing, ImageView }, file) => {
        const message = async (fn: () => Promise<unknown>) =>
          fn().then(
            () => 'no error',
            (error: Error) => error.message,
          );
        const bar = new TouchBar({ items: [new TouchBar.TouchBarButton({ label: 'Go' }), new TouchBar.TouchBarSpacer({ size: 'small' })] });
        new ShareMenu({ texts: ['hi'] }).popup();
        new ImageView().setBounds({ x: 0, y: 0, width: 10, height: 10 });
        return {
          touchBar: bar.items.map((item: { type: string }) => item.type),
          canPay: inAppPurchase.canMakePayments(),
          netLog: await message(() => netLog.startLogging('/tmp/never.json')),
          logging: netLog.currentlyLogging,
          apns: await message(() => pushNotifications.registerForAPNSNotifications()),
          categories: Array.isArray(await contentTracing.getCategories()),
          trace: await contentTracing
            .startRecording({ included_categories: ['devtools.timeline'] })
            .then(() => contentTracing.stopRecording(file)),
        };
      },
      traceFile,
    );
    expect(answers).toMatchObject({ touchBar: ['button', 'spacer'], canPay: false, logging: false, categories: true, trace: traceFile });
    expect(Array.isArray(JSON.parse(readFileSync(traceFile, 'utf8')).traceEvents)).toBe(true);
    expect(answers.netLog).toMatch(/^netLog\.startLogging .*is not supported by the Electron stand-in \(fake-electron\)$/);
    expect(answers.apns).toMatch(/is not supported by the Electron stand-in \(fake-electron\)$/);
  });

  it("@electron/remote's internal bindings: v8_util hidden values, features, getLastWebPreferences", async () => {
    const bindings = await app.evaluate(() => {
      const v8Util = (process as any)._linkedBinding('electron_common_v8_util');
      const features = (process as any)._linkedBinding('electron_common_features');
      const target = {};
      v8Util.setHiddenValue(target, 'simple', true);
      const contents = (globalThis as any).viewsFixture.toolbar.webContents;
      return {
        hidden: v8Util.getHiddenValue(target, 'simple'),
        none: v8Util.getHiddenValue({}, 'simple') ?? null,
        desktopCapturer: features.isDesktopCapturerEnabled(),
        preload: typeof contents.getLastWebPreferences().preload,
        unknown: (() => {
          try {
            (process as any)._linkedBinding('electron_common_nonsense');
            return 'no error';
          } catch (error) {
            return (error as Error).message;
          }
        })(),
      };
    });
    expect(bindings).toEqual({
      hidden: true,
      none: null,
      desktopCapturer: true,
      preload: 'string',
      unknown: expect.stringMatching(/^No such binding.*: electron_common_nonsense$/),
    });
  });
});
