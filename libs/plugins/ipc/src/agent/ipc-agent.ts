// The part of the plugin that lives in the app's main process. Its source is sent with every call
// (session.evaluateMain), so it must stay self-contained: no imports, no outer names.
// It hooks only what it is asked for and can put every hook back:
// - a `handle` channel: its entry in ipcMain's handler table is swapped for a wrapper that records
//   (capture) and/or answers (stub), and the original is put back when neither remains;
// - an `on` channel: a listener prepended with ipcMain.prependListener, removed at stop;
// - main -> renderer sends: WebContents.prototype.send wrapped while a capture is on.
// All state hangs off one global keyed per plugin instance, so two servers never share it.

import type { matchesCredentialRule, pageAfter } from '@stagewright/sdk';
import type { AgentFailure, AgentRequest } from './agent-protocol.js';

// biome-ignore lint/suspicious/noExplicitAny: Electron's module as seen from inside the app, untyped here.
type Loose = any;

export function ipcAgent(
  electron: Loose,
  request: AgentRequest,
  page: typeof pageAfter,
  isCredential: typeof matchesCredentialRule,
): unknown {
  const { ipcMain, webContents } = electron;
  const table: Map<string, Loose> = ipcMain._invokeHandlers;
  const g = globalThis as Loose;
  const slot = Symbol.for(`stagewright.ipc.${request.key}`);
  g[slot] ??= {
    originals: new Map(),
    wrappers: new Map(),
    stubs: new Map(),
    capture: null,
    started: false,
    events: [],
    seq: 0,
    dropped: 0,
  };
  const state = g[slot];
  const notCapturing: AgentFailure = {
    failure: 'NOT_CAPTURING',
    message: 'No IPC capture is running in this session; start one with ipc_capture.',
  };
  const { capacity, redact, maxChars } = request.options;
  const isSecret = (key: string) => isCredential(redact, key);

  const snapshot = (value: unknown): unknown => {
    const seen = new Set();
    const walk = (v: Loose, depth: number): unknown => {
      if (v === null || typeof v === 'number' || typeof v === 'boolean') return v;
      if (v === undefined) return null;
      if (typeof v === 'string') return v.length > 1000 ? `${v.slice(0, 1000)}…` : v;
      if (typeof v === 'bigint') return `${v}n`;
      if (typeof v === 'function' || typeof v === 'symbol') return `[${typeof v}]`;
      if (v instanceof Error) return { error: v.message };
      if (ArrayBuffer.isView(v) || v instanceof ArrayBuffer) return `[${v.byteLength} bytes]`;
      if (depth > 6 || seen.has(v)) return '[…]';
      seen.add(v);
      if (Array.isArray(v)) return v.slice(0, 50).map((item) => walk(item, depth + 1));
      if (v instanceof Map) return walk(Object.fromEntries(v), depth);
      if (v instanceof Set || v instanceof Date) return walk(v instanceof Set ? [...v] : v.toISOString(), depth);
      if (typeof v.getTitle === 'function' || typeof v.sendInputEvent === 'function') return '[electron object]';
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(v).slice(0, 50)) out[key] = isSecret(key) ? '[redacted]' : walk(v[key], depth + 1);
      return out;
    };
    const copy = walk(value, 0);
    const json = JSON.stringify(copy) ?? 'null';
    return json.length > maxChars ? { truncated: true, preview: json.slice(0, maxChars) } : copy;
  };

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

  // Electron's own table entries answer through event._reply/_throw; the stand-in's return the value.
  const answer = (event: Loose, outcome: { value?: unknown; error?: string }) => {
    const internal = typeof event?._reply === 'function';
    if (outcome.error !== undefined) {
      const error = new Error(outcome.error);
      if (internal) return event._throw(error);
      throw error;
    }
    return internal ? event._reply(outcome.value) : outcome.value;
  };

  const wrap = (channel: string) => {
    if (state.wrappers.has(channel)) return;
    // The wrapper keeps its own reference: if another hook is stacked on it and outlives our
    // release, it must still forward to the real handler.
    const original = table.get(channel);
    state.originals.set(channel, original);
    const wrapper = async (event: Loose, ...args: unknown[]) => {
      const started = Date.now();
      let done = false;
      const note = (outcome: { value?: unknown; error?: string }, stubbed: boolean) => {
        if (done || !capturing(channel)) return;
        done = true;
        const base = { type: 'handle', channel, args: snapshot(args), ms: Date.now() - started, stubbed };
        record(outcome.error !== undefined ? { ...base, error: outcome.error } : { ...base, result: snapshot(outcome.value) });
      };
      const stub = state.stubs.get(channel);
      if (stub) {
        note(stub, true);
        return answer(event, { value: structuredClone(stub.value), error: stub.error });
      }
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
    state.wrappers.set(channel, wrapper);
    table.set(channel, wrapper);
  };

  // Puts the original back once a channel is neither stubbed nor captured. If the app replaced
  // our wrapper meanwhile (removeHandler + handle), its own handler stays.
  const release = (channel: string) => {
    if (!state.wrappers.has(channel) || state.stubs.has(channel) || capturing(channel)) return;
    if (table.get(channel) === state.wrappers.get(channel)) {
      const original = state.originals.get(channel);
      if (original) table.set(channel, original);
      else table.delete(channel);
    }
    state.wrappers.delete(channel);
    state.originals.delete(channel);
  };

  const stopCapture = () => {
    const capture = state.capture;
    if (!capture) return [];
    state.capture = null;
    for (const [channel, listener] of capture.listeners) ipcMain.removeListener(channel, listener);
    if (capture.proto && capture.proto.send === capture.send) capture.proto.send = capture.originalSend;
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
    const originalSend = proto?.send;
    const send = function (this: Loose, channel: string, ...args: unknown[]) {
      if (capturing(channel)) record({ type: 'send', channel, args: snapshot(args), webContentsId: this?.id ?? null });
      return originalSend.call(this, channel, ...args);
    };
    if (proto && typeof originalSend === 'function') proto.send = send;
    state.capture = { channels, listeners, proto, send, originalSend };
    const handled = channels.filter((channel) => table.has(channel));
    for (const channel of handled) wrap(channel);
    return { channels, handle: handled, on: channels.filter((c) => ipcMain.listenerCount(c) > 1), sends: Boolean(proto) };
  };

  const invoke = async (channel: string, args: unknown[], webContentsId?: number) => {
    const handler = table.get(channel);
    if (!handler) return { failure: 'NO_HANDLER', message: `No handler is registered for '${channel}'.` };
    // The session's active window when the call knows it (PLUGIN_API 1.4), else the focused one.
    const chosen = typeof webContentsId === 'number' ? webContents.fromId(webContentsId) : undefined;
    const win = electron.BrowserWindow.getFocusedWindow() ?? electron.BrowserWindow.getAllWindows()[0];
    const sender = chosen ?? win?.webContents ?? null;
    let replied: { value?: unknown; error?: string } | undefined;
    const event = {
      sender,
      senderFrame: sender?.mainFrame ?? null,
      processId: sender?.getProcessId?.() ?? 0,
      frameId: 1,
      _reply: (value: unknown) => (replied = { value }),
      _throw: (error: unknown) => (replied = { error: errorText(error) }),
    };
    try {
      const value = await handler(event, ...args);
      replied ??= { value };
    } catch (error) {
      replied = { error: errorText(error) };
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
      const { items, ...rest } = page(state.events, request.cursor, request.limit, state.seq);
      return { events: items, ...rest, dropped: state.dropped, capturing: Boolean(state.capture) };
    }
    case 'stop': {
      if (!state.capture) return notCapturing;
      return { stopped: stopCapture(), buffered: state.events.length };
    }
    case 'invoke':
      return invoke(request.channel, request.args, request.webContentsId);
    case 'stub': {
      if (request.remove) {
        const had = state.stubs.delete(request.channel);
        release(request.channel);
        return { channel: request.channel, removed: had };
      }
      wrap(request.channel);
      state.stubs.set(request.channel, { value: request.value, error: request.error });
      return { channel: request.channel, stubbed: true, replaced: state.originals.get(request.channel) !== undefined };
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
