// The page half of the web-notification record: fixed code Playwright runs at the start of every
// document of the session (context.addInitScript), and once in each document already open when the
// hooks go in. Serialised by Playwright, so it must stay self-contained: no imports, no outer names.
// It replaces window.Notification with a Proxy that constructs the page's real Notification
// (Chromium still shows it, fires show/error/close) and only reports what was asked to be shown.

// biome-ignore lint/suspicious/noExplicitAny: page globals as seen from inside the page, untyped here.
type Loose = any;

export interface HookArg {
  /** This plugin instance's key: two servers on one app keep their own records. */
  key: string;
  /** The Playwright binding the records go to. */
  binding: string;
}

/** What the page reports of one `new Notification(title, options)`. */
export interface PageRecord {
  id: string;
  title: string;
  body: string;
  tag: string;
  silent: boolean;
  url: string;
}

export function webNotificationHook(arg: HookArg): void {
  const g = globalThis as Loose;
  const slot = Symbol.for(`stagewright.native.web.${arg.key}`);
  if (g[slot]) {
    g[slot].active = true;
    return;
  }
  const Native = g.Notification;
  if (typeof Native !== 'function') return;
  const MAX_TEXT = 300;
  const KEEP = 50;
  const text = (value: unknown) => {
    const s = typeof value === 'string' ? value : value == null ? '' : String(value);
    return s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT)}…` : s;
  };
  const token = Math.random().toString(36).slice(2, 10);
  const state: Loose = { active: true, count: 0, kept: new Map(), native: Native };
  const proxy: Loose = new Proxy(Native, {
    construct(target, args, newTarget): Loose {
      const n: Loose = Reflect.construct(target, args, newTarget === proxy ? target : newTarget);
      if (state.active) {
        try {
          state.count += 1;
          const id = `${token}.${state.count}`;
          state.kept.set(id, n);
          if (state.kept.size > KEEP) state.kept.delete(state.kept.keys().next().value);
          const record = {
            id,
            title: text(n.title),
            body: text(n.body),
            tag: text(n.tag),
            silent: n.silent === true,
            url: text(location.href),
          };
          g[arg.binding]?.(record);
        } catch {
          // Recording must never change what the page's call does.
        }
      }
      return n;
    },
  });
  state.proxy = proxy;
  g[slot] = state;
  g.Notification = proxy;
}

/**
 * Dispatches `click` on a notification this document made, as Chromium does when the user clicks
 * it: a cancelable Event, so the page's onclick and 'click' listeners run. Its own handler runs,
 * never code from the caller.
 */
export function webNotificationClick(arg: { key: string; id: string }): { clicked: boolean; defaultPrevented?: boolean } {
  const state = (globalThis as Loose)[Symbol.for(`stagewright.native.web.${arg.key}`)];
  const n = state?.kept.get(arg.id);
  if (!n) return { clicked: false };
  const event = new Event('click', { cancelable: true });
  n.dispatchEvent(event);
  return { clicked: true, defaultPrevented: event.defaultPrevented };
}

/** Takes the hook out of one document: the page's own Notification back, records stopped. */
export function webNotificationUnhook(arg: { key: string }): void {
  const g = globalThis as Loose;
  const slot = Symbol.for(`stagewright.native.web.${arg.key}`);
  const state = g[slot];
  if (!state) return;
  state.active = false;
  if (g.Notification === state.proxy) g.Notification = state.native;
  delete g[slot];
}
