import { Params, Type, defineSessionTool } from '@stagewright/sdk';
import { assertChannelsAllowed } from '../channel-allowlist.js';
import type { IpcRuntime } from '../runtime.js';
import { channelName } from './capture-tools.js';

/** The bound on one ipc_invoke: under the driver's 10 s for one main-process evaluation. */
export const INVOKE_TIMEOUT = { defaultMs: 5_000, maxMs: 8_000 } as const;

const invokeTool = (runtime: IpcRuntime) =>
  defineSessionTool({
    name: 'invoke',
    title: 'Invoke IPC handler',
    description: 'Call an ipcMain.handle channel from the main side, as the renderer would.',
    kind: 'destructive',
    gate: 'eval:main',
    impersonates: 'ipc',
    input: {
      channel: channelName(),
      args: Type.Optional(Type.Array(Type.Unknown(), { maxItems: 20 })),
      timeoutMs: Params.timeoutMs(INVOKE_TIMEOUT.maxMs),
    },
    detail: {
      notes:
        "Runs the handler (the sender's webContents.ipc one first, as Electron does, else ipcMain's; or its stub) with `args` (the values after the event, default none) and an event whose sender is the active window of the session (electron_switch_window), or the focused one when the session has none. Returns { channel, result } (redacted, bounded). " +
        `A handler that throws is ipc.INVOKE_FAILED with its message; one that has not answered within timeoutMs (default ${INVOKE_TIMEOUT.defaultMs}, at most ${INVOKE_TIMEOUT.maxMs}) is ipc.INVOKE_TIMEOUT and is left behind (its late answer dropped). ` +
        "Captured like a renderer call when the channel is captured. The channel must be on the operator's allowChannels when set.",
      errors: ['ipc.NO_HANDLER', 'ipc.INVOKE_FAILED', 'ipc.INVOKE_TIMEOUT', 'ipc.CHANNEL_NOT_ALLOWED'],
      example: { channel: 'math:add', args: [2, 3] },
    },
    async handle(args, { session }) {
      assertChannelsAllowed(runtime.allowChannels, [args.channel]);
      // The sender is the window the agent works in: its main-process id, when the session has a window.
      const identity = await session.activeWindowIdentityOrThrow().catch(() => undefined);
      const sender = identity ? { webContentsId: identity.webContentsId } : {};
      const timeoutMs = Math.min(args.timeoutMs ?? INVOKE_TIMEOUT.defaultMs, INVOKE_TIMEOUT.maxMs);
      return runtime.call(session, { op: 'invoke', channel: args.channel, args: args.args ?? [], timeoutMs, ...sender });
    },
  });

const stubTool = (runtime: IpcRuntime) =>
  defineSessionTool({
    name: 'stub',
    title: 'Stub IPC channel',
    description: 'Make a handle channel answer a fixed value or error for the rest of the session.',
    kind: 'destructive',
    gate: 'eval:main',
    impersonates: 'ipc',
    input: {
      channel: channelName(),
      value: Type.Optional(Type.Unknown()),
      error: Type.Optional(Type.String({ maxLength: 500 })),
      remove: Type.Optional(Type.Literal(true)),
    },
    rules: [{ exactlyOne: ['value', 'error', 'remove'] }],
    detail: {
      notes:
        'value: what invoke resolves to; error: the message it rejects with; remove: true puts the original handler back. ' +
        "Works on a channel with no handler too, and on a window's webContents.ipc handler. The stub ends with the session (stop, detach, exit). Returns { channel, stubbed, replaced } or { channel, removed }. " +
        "The channel must be on the operator's allowChannels when set.",
      errors: ['ipc.CHANNEL_NOT_ALLOWED'],
      example: { channel: 'math:add', value: 42 },
    },
    async handle(args, { session }) {
      assertChannelsAllowed(runtime.allowChannels, [args.channel]);
      return runtime.call(session, { op: 'stub', channel: args.channel, value: args.value, error: args.error, remove: args.remove });
    },
  });

const handlersTool = (runtime: IpcRuntime) =>
  defineSessionTool({
    name: 'handlers',
    title: 'List IPC handlers',
    description: 'List the IPC channels the app handles now.',
    kind: 'read',
    gate: 'eval:main',
    input: {},
    detail: {
      notes:
        'Returns { handle: ipcMain.handle channels, on: ipcMain.on channels, windows: [{ webContentsId, handle }] (webContents.ipc handlers), stubbed, cut? } at this moment; ' +
        'handlers an app registers later (after a window loads, on first use) appear once registered. Lists are sorted and cut at 200 (cut: true).',
    },
    async handle(_args, { session }) {
      return runtime.call(session, { op: 'handlers' });
    },
  });

/** ipc_invoke, ipc_stub and ipc_handlers: call a handle channel from the main side, answer it with a fixed response, list them. */
export function invokeStubTools(runtime: IpcRuntime) {
  return [invokeTool(runtime), stubTool(runtime), handlersTool(runtime)];
}
