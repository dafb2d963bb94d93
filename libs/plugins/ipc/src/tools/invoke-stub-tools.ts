import { Type, defineSessionTool } from '@stagewright/sdk';
import type { IpcRuntime } from '../runtime.js';

/** ipc_invoke and ipc_stub: call a handle channel from the main side, or answer it with a fixed response. */
export function invokeStubTools(runtime: IpcRuntime) {
  const invoke = defineSessionTool({
    name: 'invoke',
    title: 'Invoke IPC handler',
    description: 'Call an ipcMain.handle channel from the main side, as the renderer would.',
    kind: 'destructive',
    gate: 'eval:main',
    input: {
      channel: Type.String({ minLength: 1, maxLength: 200 }),
      args: Type.Optional(Type.Array(Type.Unknown(), { maxItems: 20 })),
    },
    detail: {
      notes:
        'Runs the handler (or its stub) with `args` (the values after the event, default none) and an event whose sender is the active window of the session (electron_switch_window), or the focused one when the session has none. Returns { channel, result } (redacted, bounded). ' +
        'A handler that throws is ipc.INVOKE_FAILED with its message. Captured like a renderer call when the channel is captured.',
      errors: ['ipc.NO_HANDLER', 'ipc.INVOKE_FAILED'],
      example: { channel: 'math:add', args: [2, 3] },
    },
    async handle(args, { session }) {
      // The sender is the window the agent works in: its main-process id, when the session has a window.
      const identity = await session.activeWindowIdentityOrThrow().catch(() => undefined);
      const sender = identity ? { webContentsId: identity.webContentsId } : {};
      return runtime.call(session, { op: 'invoke', channel: args.channel, args: args.args ?? [], ...sender });
    },
  });

  const stub = defineSessionTool({
    name: 'stub',
    title: 'Stub IPC channel',
    description: 'Make a handle channel answer a fixed value or error for the rest of the session.',
    kind: 'destructive',
    gate: 'eval:main',
    input: {
      channel: Type.String({ minLength: 1, maxLength: 200 }),
      value: Type.Optional(Type.Unknown()),
      error: Type.Optional(Type.String({ maxLength: 500 })),
      remove: Type.Optional(Type.Literal(true)),
    },
    rules: [{ exactlyOne: ['value', 'error', 'remove'] }],
    detail: {
      notes:
        'value: what invoke resolves to; error: the message it rejects with; remove: true puts the original handler back. ' +
        'Works on a channel with no handler too. The stub ends with the session (stop, detach, exit). Returns { channel, stubbed, replaced } or { channel, removed }.',
      example: { channel: 'math:add', value: 42 },
    },
    async handle(args, { session }) {
      return runtime.call(session, { op: 'stub', channel: args.channel, value: args.value, error: args.error, remove: args.remove });
    },
  });

  return [invoke, stub];
}
