// The desktop agent: context menus, external opens and what the system hands to the app, in the
// app's main process. Its source is sent with every call and preloaded at launch, so it must stay
// self-contained: helpers (menu kit, cursor paging, the hooks) arrive as arguments, sent as source.
// Only fixed code runs; the agent's arguments are data (a label path, a URL, a checked file path).

import type { pageAfter } from '@stagewright/sdk';
import type { menuKit } from './menu-kit.js';
import type { desktopHooks } from './desktop-hooks.js';
import type { Delivery, DesktopFailure, DesktopRequest } from './desktop-protocol.js';

// biome-ignore lint/suspicious/noExplicitAny: Electron's module as seen from inside the app, untyped here.
type Loose = any;

export function desktopAgent(
  electron: Loose,
  request: DesktopRequest,
  makeKit: typeof menuKit,
  page: typeof pageAfter,
  hooks: typeof desktopHooks,
): unknown {
  const g = globalThis as Loose;
  const slot = Symbol.for(`stagewright.native.desktop.${request.key}`);
  if (request.op === 'uninstall') {
    const state = g[slot];
    if (!state) return { uninstalled: false };
    for (const restore of state.restore.reverse()) restore();
    delete g[slot];
    return { uninstalled: true };
  }
  const state = g[slot] ?? hooks(electron, request, slot);
  const kit = makeKit();
  const fail = (failure: DesktopFailure['failure'], message: string, details?: Record<string, unknown>): DesktopFailure => ({
    failure,
    message,
    details,
  });
  const answer = (result: object) => ('failure' in result ? result : { stage: state.stage, ...result });
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  const isOpen = (popup: Loose) =>
    Boolean(popup?.open) && !(popup.win && typeof popup.win.isDestroyed === 'function' && popup.win.isDestroyed());
  /** A right-click main has seen that no popup has answered yet (the app may still be building it). */
  const pending = () => state.lastContext && !state.lastContext.used && Date.now() - state.lastContext.atMs < 2_000;
  /**
   * The context menu open now. Waits, bounded, while a right-click is being answered or none is
   * open; a menu already returned once is given a moment to be replaced by a newer one.
   */
  const currentPopup = async (timeoutMs: number) => {
    const start = Date.now();
    for (;;) {
      const popup = state.popup;
      const elapsed = Date.now() - start;
      if (isOpen(popup) && !pending() && (!popup.served || elapsed >= Math.min(300, timeoutMs))) return popup;
      if (elapsed >= timeoutMs) return isOpen(popup) ? popup : undefined;
      await sleep(20);
    }
  };
  const noMenu = (timeoutMs: number) => {
    const context = state.lastContext;
    const last = context
      ? ` The last right-click main saw was at (${context.params.x}, ${context.params.y})${context.used ? '; its menu has closed' : ', and the app opened no menu for it'}.`
      : ' Main has seen no right-click yet.';
    return fail(
      'NO_CONTEXT_MENU',
      `No context menu opened within ${timeoutMs} ms.${last} Right-click first (electron_click with button "right").`,
      context ? { rightClick: context.params } : undefined,
    );
  };
  const windowOf = (popup: Loose) => {
    const win = popup.win;
    if (!win || (typeof win.isDestroyed === 'function' && win.isDestroyed())) return undefined;
    return { id: win.id, title: String(win.getTitle?.() ?? '').slice(0, 200) };
  };

  /** Hands a URL or file to the app the way the system would, choosing the platform's route. */
  const deliver = (kind: 'url' | 'file', value: string, via?: Delivery) => {
    const app = electron.app;
    const own: Delivery = kind === 'url' ? 'open-url' : 'open-file';
    const listens = (name: Delivery) => app.listenerCount(name) > 0;
    const locked = () => typeof app.hasSingleInstanceLock !== 'function' || app.hasSingleInstanceLock();
    const usable = (name: Delivery) => listens(name) && (name !== 'second-instance' || locked());
    const preferred: Delivery[] = process.platform === 'darwin' ? [own, 'second-instance'] : ['second-instance', own];
    const route = via ?? preferred.find(usable);
    if (!route || !usable(route)) {
      const why =
        route === 'second-instance' && listens(route)
          ? 'the app does not hold the single-instance lock (app.requestSingleInstanceLock()), so the system would start a second copy instead'
          : `the app listens to ${
              preferred
                .filter(listens)
                .map((n) => `'${n}'`)
                .join(' and ') || `neither '${own}' nor 'second-instance'`
            }`;
      return fail('NO_HANDLER', `Cannot deliver through ${via ? `'${via}'` : 'any route'}: ${why}.`, {
        listening: preferred.filter(listens),
      });
    }
    const event = {
      defaultPrevented: false,
      preventDefault() {
        event.defaultPrevented = true;
      },
    };
    try {
      if (route === 'second-instance') {
        // What the second instance's command line would be: the executable, the app folder when
        // run as `electron <folder>` (process.defaultApp), then the URL or file.
        const argv = [process.execPath, ...((process as Loose).defaultApp ? [app.getAppPath()] : []), value];
        app.emit('second-instance', event, argv, process.cwd(), {});
      } else {
        app.emit(route, event, value);
      }
    } catch (error) {
      return fail('INVOKE_FAILED', `The app's '${route}' listener threw: ${String((error as Error)?.message ?? error).slice(0, 300)}`);
    }
    const result: Record<string, unknown> = { via: route, handled: event.defaultPrevented };
    if (kind === 'url') {
      const scheme = value.slice(0, Math.max(0, value.indexOf(':')));
      if (state.stage === 'launch') result.registered = state.schemes.includes(scheme);
    }
    return result;
  };

  switch (request.op) {
    case 'install':
      return { stage: state.stage };
    case 'context_menu':
      return currentPopup(request.timeoutMs).then((popup) => {
        if (!popup) return noMenu(request.timeoutMs);
        popup.served = true;
        const budget = { left: request.options.maxItems, total: 0 };
        const menu = kit.tree(popup.menu, budget);
        return answer({
          menu,
          items: budget.total,
          ...(budget.total > request.options.maxItems ? { truncated: true } : {}),
          ...(windowOf(popup) ? { window: windowOf(popup) } : {}),
          ...(popup.for ? { for: popup.for } : {}),
        });
      });
    case 'context_menu_click':
      return currentPopup(request.timeoutMs).then((popup) => {
        if (!popup) return noMenu(request.timeoutMs);
        popup.served = true;
        const found = kit.find(popup.menu, request.path);
        const win = popup.win && !popup.win.isDestroyed?.() ? popup.win : undefined;
        if (!('failure' in found) && !found.item.submenu && found.item.enabled !== false) {
          // Choosing an item closes the menu first, as the system does.
          popup.open = false;
          try {
            popup.menu.closePopup?.(win);
          } catch {
            // A menu that is already closed.
          }
        }
        return answer(kit.click(electron, popup.menu, request.path, win));
      });
    case 'external_opens': {
      const { items, cursor, more } = page(state.opens, request.cursor, request.limit, state.seq);
      return answer({ opens: items, cursor, more, dropped: state.dropped });
    }
    case 'app_path':
      return answer({ appPath: String(electron.app.getAppPath()) });
    case 'deliver':
      return answer(deliver(request.kind, request.value, request.via));
  }
}
