// The part of the plugin that lives in the app's main process. Its source is sent with every call
// (session.evaluateMain), so it must stay self-contained: no imports, no outer names.
// It hooks only what it is asked for and can put every hook back:
// - a `handle` channel, in ipcMain's handler table and in each webContents.ipc table (Electron
//   asks the sender's table first): its entry is swapped for a wrapper that records (capture)
//   and/or answers (stub) and forwards to the app's handler; the handler goes back when neither remains;
// - while a capture runs, each table's `set` (what handle and handleOnce call) is intercepted, so
//   a handler the app registers later on a captured channel is wrapped too, also in windows
//   created meanwhile (app 'web-contents-created');
// - an `on` channel: a listener prepended on ipcMain (Electron emits every renderer message
//   there, after webContents.ipc), removed at stop;
// - main -> renderer: WebContents.prototype.send and sendToFrame wrapped while a capture is on.
// All state hangs off one global keyed per plugin instance, so two servers never share it.

import type { matchesCredentialRule, pageAfter } from '@stagewright/sdk';
import type { channelMatches } from '../channel-pattern.js';
import type { AgentFailure, AgentRequest } from './agent-protocol.js';
import type { boundedCopy } from './bounded-copy.js';
import type { listHandlers } from './list-handlers.js';
import type { runHandler } from './run-handler.js';

// biome-ignore lint/suspicious/noExplicitAny: Electron's module as seen from inside the app, untyped here.
type Loose = any;
type Table = Map<string, Loose>;
type Outcome = { value?: unknown; error?: string };

export function ipcAgent(
  electron: Loose,
  request: AgentRequest,
  page: typeof pageAfter,
  isCredential: typeof matchesCredentialRule,
  copyOf: typeof boundedCopy,
  matches: typeof channelMatches,
  run: typeof runHandler,
  list: typeof listHandlers,
): unknown {
  const { app, ipcMain, webContents } = electron;
  const mainTable: Table = ipcMain._invokeHandlers;
  const baseSet = Map.prototype.set;
  const g = globalThis as Loose;
  const slot = Symbol.for(`stagewright.ipc.${request.key}`);
  g[slot] ??= { hooks: new Map(), intercepts: new Map(), stubs: new Map(), capture: null, started: false, events: [], seq: 0, dropped: 0 };
  const state = g[slot];
  const notCapturing: AgentFailure = {
    failure: 'NOT_CAPTURING',
    message: 'No IPC capture is running in this session; start one with ipc_capture.',
  };
  const { capacity, redact, maxChars } = request.options;
  const snapshot = (value: unknown) => copyOf(value, maxChars, (key) => isCredential(redact, key));

  const record = (event: Record<string, unknown>) => {
    state.seq += 1;
    state.events.push({ seq: state.seq, at: Date.now(), ...event });
    while (state.events.length > capacity) {
      state.events.shift();
      state.dropped += 1;
    }
  };
  const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
  const capturing = (channel: string) => Boolean(state.capture?.channels.includes(channel));
  const hooked = (channel: string) => capturing(channel) || state.stubs.has(channel);
  const windowTables = (): Table[] =>
    webContents
      .getAllWebContents()
      .map((contents: Loose) => contents.ipc?._invokeHandlers)
      .filter((table: unknown) => table instanceof Map);
  const hookOf = (table: Table, channel: string) => state.hooks.get(table)?.get(channel);

  // Electron's own table entries answer through event._reply/_throw; the stand-in's return the value.
  const answer = (event: Loose, outcome: Outcome) => {
    const internal = typeof event?._reply === 'function';
    if (outcome.error !== undefined) {
      const error = new Error(outcome.error);
      if (internal) return event._throw(error);
      throw error;
    }
    return internal ? event._reply(outcome.value) : outcome.value;
  };

  // The wrapper reads the app's handler from `ref` at each call: a handler the app registers
  // later replaces ref.fn. If another hook is stacked on it and outlives our release, it still forwards.
  const makeWrapper =
    (channel: string, ref: { fn?: Loose }) =>
    async (event: Loose, ...args: unknown[]) => {
      const started = Date.now();
      let done = false;
      const note = (outcome: Outcome, stubbed: boolean) => {
        if (done || !capturing(channel)) return;
        done = true;
        const sender = typeof event?.sender?.id === 'number' ? { webContentsId: event.sender.id } : {};
        const base = { type: 'handle', channel, args: snapshot(args), ms: Date.now() - started, stubbed, ...sender };
        record(outcome.error !== undefined ? { ...base, error: outcome.error } : { ...base, result: snapshot(outcome.value) });
      };
      const stub = state.stubs.get(channel);
      if (stub) {
        note(stub, true);
        return answer(event, { value: structuredClone(stub.value), error: stub.error });
      }
      const original = ref.fn;
      if (!original) {
        const error = `No handler registered for '${channel}'`;
        note({ error }, false);
        return answer(event, { error });
      }
      const seen =
        typeof event?._reply === 'function'
          ? Object.assign(Object.create(event), {
              _reply: (value: unknown) => {
                note({ value }, false);
                return event._reply(value);
              },
              _throw: (error: unknown) => {
                note({ error: errorText(error) }, false);
                return event._throw(error);
              },
            })
          : event;
      try {
        const value = await original(seen, ...args);
        note({ value }, false);
        return value;
      } catch (error) {
        note({ error: errorText(error) }, false);
        throw error;
      }
    };

  /** Puts our wrapper in `table` for `channel`, in front of `fn` (the app's handler, if any). */
  const wrap = (table: Table, channel: string, fn: Loose = table.get(channel), setter: Loose = baseSet) => {
    if (!state.hooks.has(table)) state.hooks.set(table, new Map());
    let hook = hookOf(table, channel);
    if (hook && fn === hook.wrapper) return;
    if (!hook) {
      const ref = { fn };
      hook = { ref, wrapper: makeWrapper(channel, ref) };
      state.hooks.get(table).set(channel, hook);
    }
    hook.ref.fn = fn;
    setter.call(table, channel, hook.wrapper);
  };

  // While a capture runs: what the app sets in a table on a hooked channel goes behind our wrapper.
  const intercept = (table: Table) => {
    if (state.intercepts.has(table)) return;
    const previous = Object.hasOwn(table, 'set') ? table.set : undefined;
    const inner = previous ?? baseSet;
    const set = function (this: Table, channel: string, fn: unknown) {
      if (typeof channel === 'string' && typeof fn === 'function' && hooked(channel)) {
        wrap(this, channel, fn, inner);
        return this;
      }
      return inner.call(this, channel, fn);
    };
    table.set = set as Loose;
    state.intercepts.set(table, { set, previous });
  };
  const stopIntercepting = () => {
    for (const [table, { set, previous }] of state.intercepts) {
      if (table.set !== set) continue;
      if (previous) table.set = previous;
      else delete (table as Loose).set;
    }
    state.intercepts.clear();
  };

  // Puts the app's handler back once a channel is neither stubbed nor captured. If the app
  // replaced our wrapper meanwhile (removeHandler + handle), its own handler stays.
  const release = (channel: string) => {
    if (hooked(channel)) return;
    for (const [table, hooks] of state.hooks) {
      const hook = hooks.get(channel);
      if (!hook) continue;
      if (table.get(channel) === hook.wrapper) {
        if (hook.ref.fn) baseSet.call(table, channel, hook.ref.fn);
        else table.delete(channel);
      }
      hooks.delete(channel);
    }
  };

  const stopCapture = () => {
    const capture = state.capture;
    if (!capture) return [];
    state.capture = null;
    for (const [channel, listener] of capture.listeners) ipcMain.removeListener(channel, listener);
    app?.removeListener?.('web-contents-created', capture.onContents);
    for (const { name, fn, original } of capture.sends) if (capture.proto[name] === fn) capture.proto[name] = original;
    stopIntercepting();
    for (const channel of capture.channels) release(channel);
    return capture.channels;
  };

  const startCapture = (channels: string[]) => {
    stopCapture();
    state.started = true;
    const listeners = new Map();
    for (const channel of channels) {
      const listener = (_event: unknown, ...args: unknown[]) => {
        if (capturing(channel)) record({ type: 'on', channel, args: snapshot(args) });
      };
      ipcMain.prependListener(channel, listener);
      listeners.set(channel, listener);
    }
    const some = webContents.getAllWebContents()[0];
    const proto = some ? Object.getPrototypeOf(some) : null;
    // send(channel, ...args) and sendToFrame(frameId, channel, ...args); Electron's event.reply is the latter.
    const sends = (['send', 'sendToFrame'] as const).flatMap((name) => {
      const original = proto?.[name];
      if (typeof original !== 'function') return [];
      const fn = function (this: Loose, ...all: unknown[]) {
        const toFrame = name === 'sendToFrame';
        const [channel, ...args] = toFrame ? all.slice(1) : all;
        if (typeof channel === 'string' && capturing(channel)) {
          const frame = toFrame ? { frameId: snapshot(all[0]) } : {};
          record({ type: 'send', channel, args: snapshot(args), webContentsId: this?.id ?? null, ...frame });
        }
        return original.apply(this, all);
      };
      proto[name] = fn;
      return [{ name, fn, original }];
    });
    const onContents = (_event: unknown, contents: Loose) => {
      if (state.capture && contents?.ipc?._invokeHandlers instanceof Map) intercept(contents.ipc._invokeHandlers);
    };
    app?.on?.('web-contents-created', onContents);
    state.capture = { channels, listeners, proto, sends, onContents };
    const tables = [mainTable, ...windowTables()];
    for (const table of tables) intercept(table);
    const handled = channels.filter((channel) => tables.some((table) => table.has(channel)));
    for (const table of tables) for (const channel of handled) if (table.has(channel)) wrap(table, channel);
    const on = channels.filter((c) => ipcMain.listenerCount(c) > 1);
    return { channels, handle: handled, on, sends: sends.length > 0 };
  };

  const invoke = async (channel: string, args: unknown[], timeoutMs: number, webContentsId?: number) => {
    // The session's active window when the call knows it (PLUGIN_API 1.4), else the focused one.
    const chosen = typeof webContentsId === 'number' ? webContents.fromId(webContentsId) : undefined;
    const win = electron.BrowserWindow.getFocusedWindow() ?? electron.BrowserWindow.getAllWindows()[0];
    const sender = chosen ?? win?.webContents ?? null;
    // As Electron does: the sender's own webContents.ipc first, then ipcMain.
    const scoped: Table | undefined = sender?.ipc?._invokeHandlers;
    const handler = scoped?.has(channel) ? scoped.get(channel) : mainTable.get(channel);
    if (!handler) return { failure: 'NO_HANDLER', message: `No handler is registered for '${channel}'; ipc_handlers lists the channels.` };
    const replied = await run(handler, sender, args, timeoutMs);
    if (!replied) {
      return {
        failure: 'INVOKE_TIMEOUT',
        message: `'${channel}' did not answer within ${timeoutMs} ms. Raise timeoutMs, or capture the channel and watch for its answer with ipc_read.`,
        details: { channel, timeoutMs },
      };
    }
    if (replied.error !== undefined) {
      return { failure: 'INVOKE_FAILED', message: replied.error || 'The handler threw.', details: { error: replied.error } };
    }
    return { channel, result: snapshot(replied.value) };
  };

  switch (request.op) {
    case 'capture':
      return startCapture(request.channels);
    case 'read': {
      if (!state.started) return notCapturing;
      const filter = request.channel;
      const kept = filter ? state.events.filter((event: { channel: string }) => matches(filter, event.channel)) : state.events;
      const { items, cursor, more } = page(kept, request.cursor, request.limit, state.seq);
      // Missed counts every evicted event after the cursor, whatever its channel.
      const { missed } = page(state.events, request.cursor, 0, state.seq);
      return { events: items, cursor, more, missed, dropped: state.dropped, capturing: Boolean(state.capture) };
    }
    case 'stop': {
      if (!state.capture) return notCapturing;
      return { stopped: stopCapture(), buffered: state.events.length };
    }
    case 'invoke':
      return invoke(request.channel, request.args, request.timeoutMs, request.webContentsId);
    case 'handlers': {
      const ownsEntry = (table: Table, channel: string) => Boolean(hookOf(table, channel)) && !hookOf(table, channel).ref.fn;
      const ownListeners = (channel: string) => (state.capture?.listeners.has(channel) ? 1 : 0);
      return { ...list(ipcMain, webContents, ownsEntry, ownListeners), stubbed: [...state.stubs.keys()] };
    }
    case 'stub': {
      if (request.remove) {
        const had = state.stubs.delete(request.channel);
        release(request.channel);
        return { channel: request.channel, removed: had };
      }
      state.stubs.set(request.channel, { value: request.value, error: request.error });
      wrap(mainTable, request.channel);
      for (const table of windowTables()) if (table.has(request.channel)) wrap(table, request.channel);
      const replaced = [...state.hooks].some(([, hooks]) => hooks.get(request.channel)?.ref.fn !== undefined);
      return { channel: request.channel, stubbed: true, replaced };
    }
    case 'reset': {
      const stopped = stopCapture();
      for (const channel of [...state.stubs.keys()]) {
        state.stubs.delete(channel);
        release(channel);
      }
      delete g[slot];
      return { reset: true, stopped };
    }
  }
}
