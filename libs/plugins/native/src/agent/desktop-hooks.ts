// The desktop agent's recording hooks, installed once per plugin instance in the app's main
// process. Sent as source beside the agent (see desktop-runtime.ts), so self-contained: no
// imports, no outer names. Electron keeps no record of any of this, so the hooks keep one:
// - Menu.prototype.popup: the context menu that popped up, its window, and the right-click
//   ('context-menu' params, read through each webContents' own emit) it answered;
// - shell.openExternal: each URL the app sends to the system; stubbed unless the operator says
//   pass, so no browser opens during a test;
// - setWindowOpenHandler: each window.open / target=_blank request and the handler's answer;
// - app.setAsDefaultProtocolClient: the schemes the app claims.
// `restore` puts everything back; wrappers left in the app's hands pass through once uninstalled.

import type { DesktopRequest } from './desktop-protocol.js';

// biome-ignore lint/suspicious/noExplicitAny: Electron objects as seen from inside the app, untyped here.
type Loose = any;

export function desktopHooks(electron: Loose, request: DesktopRequest, slot: symbol): Loose {
  const g = globalThis as Loose;
  const MAX_URL = 2048;
  const MAX_TEXT = 200;
  const cut = (value: unknown, max: number) => {
    const s = typeof value === 'string' ? value : value == null ? '' : String(value);
    return s.length > max ? `${s.slice(0, max)}…` : s;
  };
  const state: Loose = {
    stage: request.stage ?? 'call',
    opens: [],
    seq: 0,
    dropped: 0,
    popupSeq: 0,
    popup: undefined,
    lastContext: undefined,
    contextSeq: 0,
    schemes: [],
    hooked: new WeakSet(),
    closeWatched: new WeakSet(),
    restore: [],
  };
  g[slot] = state;
  const live = () => g[slot] === state;
  const safely = (fn: () => void) => {
    if (!live()) return;
    try {
      fn();
    } catch {
      // Recording must never change what the app's call does.
    }
  };
  const record = (entry: Record<string, unknown>) => {
    state.seq += 1;
    const kept = { seq: state.seq, at: new Date().toISOString(), ...entry };
    state.opens.push(kept);
    while (state.opens.length > request.options.capacity) {
      state.opens.shift();
      state.dropped += 1;
    }
    return kept;
  };
  /** Replaces owner[name]; restore puts the original back if nobody replaced ours since. */
  const replace = (owner: Loose, name: string, make: (original: Loose) => Loose) => {
    const original = owner?.[name];
    if (typeof original !== 'function') return;
    const own = Object.hasOwn(owner, name);
    const wrapper = make(original);
    try {
      owner[name] = wrapper;
    } catch {
      return;
    }
    state.restore.push(() => {
      if (owner[name] !== wrapper) return;
      if (own) owner[name] = original;
      else delete owner[name];
    });
  };

  const brief = (params: Loose) => {
    const out: Record<string, unknown> = { x: params?.x, y: params?.y };
    if (params?.linkURL) out.linkURL = cut(params.linkURL, MAX_URL);
    if (params?.linkText) out.linkText = cut(params.linkText, MAX_TEXT);
    if (params?.selectionText) out.selectionText = cut(params.selectionText, MAX_TEXT);
    if (params?.isEditable) out.isEditable = true;
    if (params?.mediaType && params.mediaType !== 'none') out.mediaType = params.mediaType;
    return out;
  };
  const onContextMenu = (contents: Loose, params: Loose) => {
    state.contextSeq += 1;
    state.lastContext = { seq: state.contextSeq, contentsId: contents.id, params: brief(params), atMs: Date.now(), used: false };
    // A click in the page closes a menu that was still open, as the system does.
    if (state.popup?.open) state.popup.open = false;
  };
  const wrapOpenHandler = (handler: Loose) =>
    function (this: Loose, details: Loose) {
      // Recorded before the handler runs, so an openExternal it makes comes after the request.
      let kept: Loose;
      safely(() => {
        kept = record({
          via: 'window.open',
          url: cut(details?.url, MAX_URL),
          ...(details?.disposition ? { disposition: details.disposition } : {}),
        });
      });
      const answer = handler.call(this, details);
      // Electron treats anything but { action: 'allow' } as a denial.
      if (kept) kept.action = answer && answer.action === 'allow' ? 'allow' : 'deny';
      return answer;
    };
  /** Each webContents' own emit (so the right-click is seen before any listener) and open handler. */
  const hookContents = (contents: Loose) => {
    if (!contents || state.hooked.has(contents)) return;
    state.hooked.add(contents);
    replace(
      contents,
      'emit',
      (original) =>
        function (this: Loose, name: string, ...args: unknown[]) {
          if (name === 'context-menu') safely(() => onContextMenu(this, args[1]));
          return original.call(this, name, ...args);
        },
    );
    replace(
      contents,
      'setWindowOpenHandler',
      (original) =>
        function (this: Loose, handler: Loose) {
          return original.call(this, typeof handler === 'function' && live() ? wrapOpenHandler(handler) : handler);
        },
    );
    // A handler the app set before the hooks went in (an attached app), where Electron keeps it.
    if (typeof contents._windowOpenHandler === 'function') contents._windowOpenHandler = wrapOpenHandler(contents._windowOpenHandler);
  };
  for (const contents of electron.webContents?.getAllWebContents?.() ?? []) hookContents(contents);
  const created = (_event: unknown, contents: Loose) => safely(() => hookContents(contents));
  electron.app.on('web-contents-created', created);
  state.restore.push(() => electron.app.removeListener('web-contents-created', created));

  replace(
    electron.Menu?.prototype,
    'popup',
    (original) =>
      function (this: Loose, options?: Loose) {
        safely(() => {
          const menu = this as Loose;
          const windows = electron.BrowserWindow;
          const win = options?.window ?? windows.getFocusedWindow() ?? undefined;
          const contentsId = win?.webContents?.id;
          const context = state.lastContext;
          const fresh = context && !context.used && context.contentsId === contentsId && Date.now() - context.atMs < 10_000;
          if (fresh) context.used = true;
          state.popupSeq += 1;
          state.popup = { seq: state.popupSeq, menu, win, open: true, served: false, ...(fresh ? { for: context.params } : {}) };
          if (!state.closeWatched.has(menu) && typeof menu.on === 'function') {
            state.closeWatched.add(menu);
            menu.on('menu-will-close', () => {
              if (live() && state.popup?.menu === menu) state.popup.open = false;
            });
          }
        });
        return original.call(this, options);
      },
  );

  replace(
    electron.shell,
    'openExternal',
    (original) =>
      function (this: Loose, url: unknown, ...rest: unknown[]) {
        if (!live()) return original.call(this, url, ...rest);
        const stub = request.options.stubOpenExternal;
        safely(() => record({ via: 'shell.openExternal', url: cut(url, MAX_URL), opened: !stub }));
        return stub ? Promise.resolve() : original.call(this, url, ...rest);
      },
  );

  replace(
    electron.app,
    'setAsDefaultProtocolClient',
    (original) =>
      function (this: Loose, scheme: unknown, ...rest: unknown[]) {
        safely(() => {
          const name = cut(scheme, 64);
          if (!state.schemes.includes(name) && state.schemes.length < 20) state.schemes.push(name);
        });
        return original.call(this, scheme, ...rest);
      },
  );
  return state;
}
