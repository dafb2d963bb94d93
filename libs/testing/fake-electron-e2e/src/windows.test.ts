// Why: apps open several windows (from main, from the renderer with window.open, hidden ones) and
// the driver lists and switches them by BrowserWindow; each must be a real page target with
// Electron's lifecycle (focus, show/hide, close events, window-all-closed, quitting on last close).
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { ElectronApplication, Page } from 'playwright-core';
import { fixturePath } from './fixtures.js';
import type { ElectronEvent, WindowShape } from './electron-shapes.js';
import { AppScope, onlyOnStandIn } from '@stagewright/fake-electron';

const scope = new AppScope('windows');
let app: ElectronApplication;
let main: Page;

async function windowTitles(): Promise<string[]> {
  return app.evaluate(({ BrowserWindow }) =>
    BrowserWindow.getAllWindows()
      .map((w: WindowShape) => w.getTitle())
      .sort(),
  );
}

beforeEach(async () => {
  await scope.closeAll();
  app = await scope.launch(fixturePath('multi-window'));
  main = await app.firstWindow();
  await main.waitForLoadState('load');
  await expect.poll(() => main.locator('#count').textContent()).toBe('Windows open: 2');
});

afterAll(async () => {
  expect(await scope.finish()).toEqual([]);
});

describe('BrowserWindows on the stand-in', () => {
  it('a window created with show: false exists, is not visible, and show() reveals and focuses it', async () => {
    const hidden = await app.evaluate(({ BrowserWindow }) => {
      const win = BrowserWindow.getAllWindows().find((w: WindowShape) => w.getTitle() === 'Hidden helper')!;
      return { visible: win.isVisible(), focused: win.isFocused() };
    });
    expect(hidden).toEqual({ visible: false, focused: false });
    await main.getByRole('button', { name: 'Show hidden window' }).click();
    await expect.poll(() => main.locator('#last').textContent()).toBe('Hidden window shown');
    const focused = await app.evaluate(({ BrowserWindow }) => BrowserWindow.getFocusedWindow()?.getTitle());
    expect(focused).toBe('Hidden helper');
  });

  it('window.open from the renderer becomes a BrowserWindow with the requested size', async () => {
    const [popup] = await Promise.all([main.waitForEvent('popup'), main.getByRole('button', { name: 'Open popup' }).click()]);
    await popup.waitForLoadState('load');
    expect(await popup.locator('h1').textContent()).toBe('Popup window');
    expect(await popup.locator('#opener').textContent()).toBe('Opened by the main window');
    const info = await (await app.browserWindow(popup)).evaluate((win) => ({ title: win.getTitle(), size: win.getSize() }));
    expect(info).toEqual({ title: 'Popup', size: [420, 320] });
    await expect.poll(() => popup.evaluate(() => [innerWidth, innerHeight])).toEqual([420, 320]);
    await expect.poll(() => main.locator('#count').textContent()).toBe('Windows open: 3');
  });

  it(
    'setWindowOpenHandler can deny: no window appears and the URL goes to the shell',
    onlyOnStandIn("reads the stand-in's record of shell.openExternal; a real Electron opens the system browser"),
    async () => {
      await main.getByRole('link', { name: 'Open external site' }).click();
      await expect
        .poll(() => app.evaluate(({ shell }) => (shell as unknown as { _openedExternal: string[] })._openedExternal))
        .toEqual(['https://example.com/']);
      expect(await windowTitles()).toEqual(['Hidden helper', 'Multi Window']);
      expect(app.windows()).toHaveLength(2);
    },
  );

  it('child windows opened by main have their parent, their own title and close from the page', async () => {
    const [child] = await Promise.all([
      app.waitForEvent('window'),
      main.getByRole('button', { name: 'Open child window', exact: true }).click(),
    ]);
    await child.waitForLoadState('load');
    expect(await child.locator('h1').textContent()).toBe('Child window 1');
    const relation = await (await app.browserWindow(child)).evaluate((win) => ({
      title: win.getTitle(),
      parent: win.getParentWindow()?.getTitle(),
      focused: win.isFocused(),
    }));
    expect(relation).toEqual({ title: 'Child window 1', parent: 'Multi Window', focused: true });

    const closed = app.evaluate(
      ({ BrowserWindow }) =>
        new Promise<string>((resolve) => {
          const win = BrowserWindow.getAllWindows().find((w: WindowShape) => w.getTitle() === 'Child window 1')!;
          win.once('closed', () => resolve('closed'));
        }),
    );
    // The click closes its own page: under load Playwright may see the page go before it has
    // finished the click and report it closed. The window's 'closed' event is the outcome checked.
    await child
      .getByRole('button', { name: 'Close this window' })
      .click()
      .catch((error: Error) => {
        if (!/has been closed/.test(error.message)) throw error;
      });
    expect(await closed).toBe('closed');
    await expect.poll(() => main.locator('#count').textContent()).toBe('Windows open: 2');
    expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getFocusedWindow()?.getTitle())).toBe('Multi Window');
  });

  it('a close listener can prevent closing; destroy() still closes', async () => {
    const result = await app.evaluate(async ({ BrowserWindow }) => {
      const win = BrowserWindow.getAllWindows().find((w: WindowShape) => w.getTitle() === 'Hidden helper')!;
      win.on('close', (event: ElectronEvent) => event.preventDefault());
      win.close();
      await new Promise((resolve) => setTimeout(resolve, 200));
      const afterClose = win.isDestroyed();
      const closed = new Promise((resolve) => win.once('closed', resolve));
      win.destroy();
      await closed;
      return { afterClose, afterDestroy: win.isDestroyed(), count: BrowserWindow.getAllWindows().length };
    });
    expect(result).toEqual({ afterClose: false, afterDestroy: true, count: 1 });
  });

  it('page.close() closes the BrowserWindow; the last window closing runs window-all-closed and quits', async () => {
    const exited = new Promise<number | null>((resolve) => app.process().once('exit', (code) => resolve(code)));
    scope.track(app.process().pid);
    const hidden = app.windows().find((p) => p !== main)!;
    await hidden.close();
    await expect.poll(() => windowTitles()).toEqual(['Multi Window']);
    await main.close();
    expect(await exited).toBe(0);
  });

  it("bounds, title and focus follow Electron's API", async () => {
    const state = await app.evaluate(async ({ BrowserWindow }) => {
      const win = BrowserWindow.getAllWindows().find((w: WindowShape) => w.getTitle() === 'Multi Window')!;
      const events: string[] = [];
      win.on('resize', () => events.push('resize'));
      win.on('move', () => events.push('move'));
      win.setBounds({ x: 10, y: 20, width: 640, height: 480 });
      win.setTitle('Renamed');
      await new Promise((resolve) => setTimeout(resolve, 300));
      return { bounds: win.getBounds(), title: win.getTitle(), events, byId: BrowserWindow.fromId(win.id) === win };
    });
    expect(state).toEqual({ bounds: { x: 10, y: 20, width: 640, height: 480 }, title: 'Renamed', events: ['resize', 'move'], byId: true });
    await expect.poll(() => main.evaluate(() => [innerWidth, innerHeight])).toEqual([640, 480]);
  });
});
