// The part of the plugin that lives in the app's main process. Its source is sent with every call
// (session.evaluateMain) and preloaded at launch (ctx.instrumentMain), so it must stay
// self-contained: no imports, no outer names (the menu helpers arrive as `makeKit`, sent as source too).
// Hooks, installed once per plugin instance and only recording:
// - Notification.prototype.show: each shown notification's title/subtitle/body/silent/urgency, bounded,
//   and the object itself while it is kept (so native_notification_click can emit its 'click');
// - Tray.prototype setters and listener registration: which trays exist (Electron has no
//   Tray.getAll) and the context menu each was given (Electron has no getter for it).
// State hangs off one global keyed per plugin instance; `uninstall` puts the prototypes back.

import type { AgentFailure, AgentRequest } from './agent-protocol.js';
import type { pageAfter } from '@stagewright/sdk';
import type { menuKit } from './menu-kit.js';

// biome-ignore lint/suspicious/noExplicitAny: Electron's module as seen from inside the app, untyped here.
type Loose = any;

export function nativeAgent(electron: Loose, request: AgentRequest, makeKit: typeof menuKit, page: typeof pageAfter): unknown {
  const kit = makeKit();
  const g = globalThis as Loose;
  const slot = Symbol.for(`stagewright.native.${request.key}`);
  const MAX_TEXT = 300;
  const MAX_TRAYS = 20;
  // What each tray event's listeners get after the event, as Electron emits them (TRAY_EVENTS).
  const TRAY_EVENTS = ['click', 'right-click', 'double-click', 'mouse-enter', 'mouse-leave', 'mouse-down', 'mouse-up', 'balloon-click'];
  const TRAY_HOOKS = ['setContextMenu', 'setToolTip', 'setTitle', 'setImage', 'on', 'addListener', 'once', 'prependListener'];
  const text = (value: unknown) => {
    const s = typeof value === 'string' ? value : value == null ? '' : String(value);
    return s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT)}…` : s;
  };

  const install = () => {
    const state: Loose = {
      stage: request.stage ?? 'call',
      notes: [],
      shown: new Map(),
      seq: 0,
      dropped: 0,
      trays: [],
      menus: new WeakMap(),
      info: new WeakMap(),
      restore: [],
    };
    g[slot] = state;
    const live = () => g[slot] === state;
    const hook = (proto: Loose, name: string, before: (self: Loose, args: unknown[]) => void) => {
      const original = proto?.[name];
      if (typeof original !== 'function') return;
      const own = Object.hasOwn(proto, name);
      const wrapper = function (this: Loose, ...args: unknown[]) {
        if (live()) {
          try {
            before(this, args);
          } catch {
            // Recording must never change what the app's call does.
          }
        }
        return original.apply(this, args);
      };
      proto[name] = wrapper;
      state.restore.push(() => {
        if (proto[name] !== wrapper) return;
        if (own) proto[name] = original;
        else delete proto[name];
      });
    };
    hook(electron.Notification?.prototype, 'show', (n) => {
      state.seq += 1;
      const note: Record<string, unknown> = { seq: state.seq, at: new Date().toISOString(), title: text(n.title), body: text(n.body) };
      if (n.subtitle) note.subtitle = text(n.subtitle);
      if (n.silent === true) note.silent = true;
      if (typeof n.urgency === 'string' && n.urgency && n.urgency !== 'normal') note.urgency = text(n.urgency);
      state.notes.push(note);
      state.shown.set(state.seq, n);
      while (state.notes.length > request.options.capacity) {
        state.shown.delete(state.notes.shift().seq);
        state.dropped += 1;
      }
    });
    for (const name of TRAY_HOOKS) {
      hook(electron.Tray?.prototype, name, (tray, args) => {
        if (!state.trays.includes(tray) && state.trays.length < MAX_TRAYS) state.trays.push(tray);
        const info = state.info.get(tray) ?? {};
        if (name === 'setContextMenu') state.menus.set(tray, args[0] ?? null);
        if (name === 'setToolTip') info.toolTip = text(args[0]);
        if (name === 'setTitle') info.title = text(args[0]);
        state.info.set(tray, info);
      });
    }
    return state;
  };

  if (request.op === 'uninstall') {
    const state = g[slot];
    if (!state) return { uninstalled: false };
    for (const restore of state.restore.reverse()) restore();
    delete g[slot];
    return { uninstalled: true };
  }
  const state = g[slot] ?? install();
  const fail = (failure: AgentFailure['failure'], message: string, details?: Record<string, unknown>): AgentFailure => ({
    failure,
    message,
    details,
  });
  const budget = () => ({ left: request.options.maxItems, total: 0 });
  const trays = () => state.trays.filter((t: Loose) => !(typeof t.isDestroyed === 'function' && t.isDestroyed()));
  const answer = (result: object) => ('failure' in result ? result : { stage: state.stage, ...result });

  switch (request.op) {
    case 'install':
      return { stage: state.stage };
    case 'menu': {
      const menu = electron.Menu.getApplicationMenu();
      if (!menu) return fail('NO_MENU', 'The app has no application menu.');
      let root = menu;
      if (request.path?.length) {
        const found = kit.find(menu, request.path);
        if ('failure' in found) return found;
        if (!found.item.submenu) return fail('NOT_CLICKABLE', `"${found.labels.join(' > ')}" has no submenu to list.`);
        root = found.item.submenu;
      }
      const count = budget();
      const items = kit.tree(root, count);
      return answer({ menu: items, items: count.total, ...(count.total > request.options.maxItems ? { truncated: true } : {}) });
    }
    case 'menu_click': {
      const menu = electron.Menu.getApplicationMenu();
      if (!menu) return fail('NO_MENU', 'The app has no application menu.');
      return answer(kit.click(electron, menu, request.path));
    }
    case 'menu_item': {
      const menu = electron.Menu.getApplicationMenu();
      if (!menu) return fail('NO_MENU', 'The app has no application menu.');
      const found = kit.find(menu, request.path, true);
      if ('failure' in found) return found;
      return answer({ path: found.labels, item: kit.state(found.item) });
    }
    case 'notifications': {
      const wanted = request.title?.toLowerCase();
      const kept = wanted ? state.notes.filter((n: Loose) => n.title.toLowerCase().includes(wanted)) : state.notes;
      const { items, cursor, more } = page(kept, request.cursor, request.limit, state.seq);
      return answer({ notifications: items, cursor, more, dropped: state.dropped });
    }
    case 'shown': {
      // An action's watch (ADR-0044): the newest seq, and the titles shown after `after`, at most 3.
      const after = request.after ?? state.seq;
      const titles = state.notes
        .filter((n: Loose) => n.seq > after)
        .map((n: Loose) => n.title)
        .slice(0, 3);
      return { seq: state.seq, titles };
    }
    case 'notification_click': {
      const shown = state.shown.get(request.seq);
      if (!shown) {
        const seqs = state.notes.map((n: Loose) => n.seq);
        const range = seqs.length ? `kept: ${seqs[0]}..${seqs.at(-1)}` : 'none is kept';
        return fail('NO_NOTIFICATION', `No main-process notification ${request.seq} (${range}).`);
      }
      if (!(shown.listenerCount?.('click') > 0)) return fail('NO_HANDLER', `Notification ${request.seq} has no 'click' listener.`);
      try {
        shown.emit('click', { preventDefault() {}, defaultPrevented: false });
      } catch (error) {
        return fail('INVOKE_FAILED', `The notification's 'click' listener threw: ${text((error as Error)?.message ?? error)}`);
      }
      return answer({ clicked: { main: request.seq, title: text(shown.title) } });
    }
    case 'trays': {
      const count = budget();
      const list = trays().map((tray: Loose, index: number) => {
        const info = state.info.get(tray) ?? {};
        const events = TRAY_EVENTS.filter((e) => tray.listenerCount?.(e) > 0);
        const menu = state.menus.get(tray);
        return { tray: index, ...info, events, ...(menu ? { menu: kit.tree(menu, count) } : {}) };
      });
      return answer({ trays: list, ...(count.total > request.options.maxItems ? { truncated: true } : {}) });
    }
    case 'tray_click': {
      const list = trays();
      const tray = list[request.tray];
      if (!tray)
        return fail(
          'NO_TRAY',
          list.length ? `No tray ${request.tray}; trays: 0..${list.length - 1}.` : 'The app has no tray that this plugin has seen.',
          { trays: list.length },
        );
      if (request.path?.length) {
        const menu = state.menus.get(tray);
        if (!menu) return fail('NO_MENU', `Tray ${request.tray} has no context menu.`);
        return answer({ tray: request.tray, ...kit.click(electron, menu, request.path) });
      }
      if (!(tray.listenerCount?.(request.event) > 0)) {
        return fail('NO_HANDLER', `Tray ${request.tray} has no '${request.event}' listener.`, { menu: Boolean(state.menus.get(tray)) });
      }
      const bounds = typeof tray.getBounds === 'function' ? tray.getBounds() : { x: 0, y: 0, width: 0, height: 0 };
      const event = { shiftKey: false, ctrlKey: false, altKey: false, metaKey: false, triggeredByAccelerator: false };
      try {
        const position = { x: bounds.x + Math.round(bounds.width / 2), y: bounds.y + Math.round(bounds.height / 2) };
        // click: (event, bounds, position); right/double: (event, bounds); mouse-*: (event, position); balloon-click: ().
        if (request.event === 'balloon-click') tray.emit(request.event);
        else if (request.event.startsWith('mouse-')) tray.emit(request.event, event, position);
        else if (request.event === 'click') tray.emit(request.event, event, bounds, position);
        else tray.emit(request.event, event, bounds);
      } catch (error) {
        return fail('INVOKE_FAILED', `The tray's '${request.event}' listener threw: ${text((error as Error)?.message ?? error)}`);
      }
      return answer({ tray: request.tray, emitted: request.event });
    }
  }
}
