import type { Page } from 'playwright-core';
import { ToolError, type WindowBounds, type WindowChange, type WindowStateWord } from '@stagewright/sdk';
import type { MainProcess } from './main-process.js';
import type { WindowState } from './window-tracker.js';

/**
 * Runs in the main process: the window of a DevTools target, as the app sees it. A view's page
 * (WebContentsView, BrowserView: getType() 'browserView') shares its window with other views, so
 * its own page title names it; a window's page takes the window's title.
 */
const WINDOW_OF_TARGET = `
  const contents = electron.webContents.fromDevToolsTargetId(arg);
  const win = contents && electron.BrowserWindow.fromWebContents(contents);
  if (!win) return null;
  const title = contents.getType() === 'browserView' ? contents.getTitle() : win.getTitle();
  const b = win.getBounds();
  const state = win.isFullScreen() ? 'fullscreen' : win.isMinimized() ? 'minimized' : win.isMaximized() ? 'maximized' : 'normal';
  return { visible: win.isVisible(), focused: win.isFocused(), title, bounds: [b.x, b.y, b.width, b.height], state };
`;

/** Runs in the main process: the ids the app's own code uses for a DevTools target. */
const IDS_OF_TARGET = `
  const contents = electron.webContents.fromDevToolsTargetId(arg);
  if (!contents) return null;
  const win = electron.BrowserWindow.fromWebContents(contents);
  return win ? { webContentsId: contents.id, browserWindowId: win.id } : { webContentsId: contents.id };
`;

/** A page's DevTools target id, asked once per page (CDP `Target.getTargetInfo`). */
export function targetIds(): (page: Page) => Promise<string> {
  const targets = new WeakMap<Page, Promise<string>>();
  return (page) => {
    let id = targets.get(page);
    if (!id) {
      id = (async () => {
        const cdp = await page.context().newCDPSession(page);
        try {
          return ((await cdp.send('Target.getTargetInfo')) as { targetInfo: { targetId: string } }).targetInfo.targetId;
        } finally {
          void cdp.detach().catch(() => undefined);
        }
      })();
      id.catch(() => targets.delete(page));
      targets.set(page, id);
    }
    return id;
  };
}

/**
 * Window state (and the title the app set) for every session that reaches the main process:
 * launched through Playwright, or attached through its inspector (inspectPort, inject). The page's
 * DevTools target id, asked once per page, names its webContents in the main process, so each
 * read is one main-process round trip and leaves no BrowserWindow handle behind.
 */
export function windowStateViaMain(main: MainProcess): (page: Page) => Promise<WindowState | undefined> {
  const targetIdOf = targetIds();
  return async (page) => ((await main.evaluate(WINDOW_OF_TARGET, await targetIdOf(page), 2_000)) as WindowState | null) ?? undefined;
}

/**
 * `webContents.id` and `BrowserWindow.id` of a page (PLUGIN_API 1.4), the way Electron maps a
 * DevTools target to its contents. WINDOW_NOT_FOUND when the main process no longer knows it.
 */
export function windowIdsViaMain(main: MainProcess): (page: Page) => Promise<{ webContentsId: number; browserWindowId?: number }> {
  const targetIdOf = targetIds();
  return async (page) => {
    const ids = (await main.evaluate(IDS_OF_TARGET, await targetIdOf(page), 5_000)) as {
      webContentsId: number;
      browserWindowId?: number;
    } | null;
    if (!ids)
      throw new ToolError('WINDOW_NOT_FOUND', 'The main process has no webContents for the active window; it may have just closed.');
    return ids;
  };
}

/**
 * Runs in the main process: applies a WindowChange to the window of a DevTools target and reads
 * its geometry back once the change has landed (a window manager applies some asynchronously;
 * each step waits at most a second, then the answer says what the window is). A window that is
 * not normal is made normal first when new bounds are given, as a user un-maximises before
 * dragging an edge.
 */
const SET_WINDOW = `
  const contents = electron.webContents.fromDevToolsTargetId(arg.target);
  const win = contents && electron.BrowserWindow.fromWebContents(contents);
  if (!win) return null;
  const stateOf = () => win.isFullScreen() ? 'fullscreen' : win.isMinimized() ? 'minimized' : win.isMaximized() ? 'maximized' : 'normal';
  const until = async (done) => { for (let i = 0; i < 50 && !done(); i++) await new Promise((r) => setTimeout(r, 20)); };
  const { bounds, state, focus } = arg.change;
  if (bounds || state === 'normal') {
    for (let step = 0; step < 3 && stateOf() !== 'normal'; step++) {
      const now = stateOf();
      if (now === 'fullscreen') win.setFullScreen(false);
      else if (now === 'minimized') win.restore();
      else win.unmaximize();
      await until(() => stateOf() !== now);
    }
  }
  if (bounds) {
    const b = win.getBounds();
    const want = { x: bounds.x ?? b.x, y: bounds.y ?? b.y, width: bounds.width ?? b.width, height: bounds.height ?? b.height };
    win.setBounds(want);
    await until(() => { const n = win.getBounds(); return n.x === want.x && n.y === want.y && n.width === want.width && n.height === want.height; });
  }
  if (state === 'maximized') { win.maximize(); await until(() => win.isMaximized()); }
  if (state === 'minimized') { win.minimize(); await until(() => win.isMinimized()); }
  if (state === 'fullscreen') { win.setFullScreen(true); await until(() => win.isFullScreen()); }
  if (focus) { win.focus(); await until(() => win.isFocused()); }
  const b = win.getBounds();
  return { bounds: [b.x, b.y, b.width, b.height], state: stateOf() };
`;

/** electron_window_set through the main process (ADR-0043): WINDOW_NOT_FOUND when the main process no longer knows the window. */
export function setWindowViaMain(
  main: MainProcess,
): (page: Page, change: WindowChange) => Promise<{ bounds: WindowBounds; state: WindowStateWord }> {
  const targetIdOf = targetIds();
  return async (page, change) => {
    const got = (await main.evaluate(SET_WINDOW, { target: await targetIdOf(page), change }, 10_000)) as {
      bounds: WindowBounds;
      state: WindowStateWord;
    } | null;
    if (!got) throw new ToolError('WINDOW_NOT_FOUND', 'The main process has no window for that page; it may have just closed.');
    return got;
  };
}
