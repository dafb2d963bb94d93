import type { Page } from 'playwright-core';
import type { MainProcess } from '../session/main-process.js';
import type { WindowState } from '../session/window-tracker.js';

/** Runs in the main process: the BrowserWindow of a DevTools target, as the app sees it. */
const WINDOW_OF_TARGET = `
  const contents = electron.webContents.fromDevToolsTargetId(arg);
  const win = contents && electron.BrowserWindow.fromWebContents(contents);
  return win ? { visible: win.isVisible(), focused: win.isFocused(), title: win.getTitle() } : null;
`;

/**
 * Window state (and the title the app set) for sessions that reached the main process through its
 * inspector (attach with inspectPort, inject): the page's DevTools target id, asked once per page,
 * names its webContents in the main process.
 */
export function windowStateViaMain(main: MainProcess): (page: Page) => Promise<WindowState | undefined> {
  const targets = new WeakMap<Page, Promise<string>>();
  const targetIdOf = (page: Page): Promise<string> => {
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
  return async (page) => ((await main.evaluate(WINDOW_OF_TARGET, await targetIdOf(page), 2_000)) as WindowState | null) ?? undefined;
}
