import type { Page } from 'playwright-core';
import { ToolError } from '@stagewright/sdk';
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
  return { visible: win.isVisible(), focused: win.isFocused(), title };
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
