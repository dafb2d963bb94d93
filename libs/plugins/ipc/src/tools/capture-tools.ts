import { CURSOR_NOTE, Params, Type, defineSessionTool } from '@stagewright/sdk';
import { assertChannelsAllowed } from '../channel-allowlist.js';
import type { IpcRuntime } from '../runtime.js';

export const channelName = () => Type.String({ minLength: 1, maxLength: 200 });

const captureTool = (runtime: IpcRuntime) =>
  defineSessionTool({
    name: 'capture',
    title: 'Capture IPC',
    description: 'Start recording main-process IPC on the listed channels.',
    kind: 'action',
    gate: 'eval:main',
    input: { channels: Type.Array(channelName(), { minItems: 1, maxItems: 50, description: 'Channel names' }) },
    detail: {
      notes:
        'Records handle calls (ipcMain and webContents.ipc; args, result or error, ms, stubbed, webContentsId), ipcMain.on messages (args) and main->renderer webContents.send / sendToFrame (args, webContentsId, frameId) ' +
        'on exactly these channels. Handlers the app registers later on them (handle, handleOnce, new windows) are recorded too. A new capture replaces the channel list; the buffer and cursor carry on. Values of configured redact keys become "[redacted]". ' +
        "Returns { channels, handle: channels with a handler now, on: channels with app listeners, sends }. Channels must be on the operator's allowChannels when set. Needs --allow-eval=main.",
      errors: ['ipc.CHANNEL_NOT_ALLOWED'],
      example: { channels: ['math:add', 'push'] },
    },
    async handle(args, { session }) {
      assertChannelsAllowed(runtime.allowChannels, args.channels);
      return runtime.call(session, { op: 'capture', channels: [...new Set(args.channels)] });
    },
  });

const readTool = (runtime: IpcRuntime) =>
  defineSessionTool({
    name: 'read',
    title: 'Read captured IPC',
    description: 'Read IPC events captured after a cursor.',
    kind: 'read',
    gate: 'eval:main',
    input: {
      cursor: Params.cursor(),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
      channel: Type.Optional(channelName()),
    },
    detail: {
      notes:
        `Returns { events, cursor, more, missed, dropped, capturing }. ${CURSOR_NOTE} ` +
        'channel: only events of this channel (* matches any characters: "settings:*"); the cursor still moves past the others. limit defaults to 50. The ring buffer keeps maxEvents events (config, default 500); dropped counts all evicted, missed those after your cursor. Events stay readable after ipc_stop.',
      shapes: { event: '{ seq, at, type: "handle"|"on"|"send", channel, args, result?, error?, ms?, stubbed?, webContentsId?, frameId? }' },
      errors: ['ipc.NOT_CAPTURING'],
      example: { cursor: 12, channel: 'math:*' },
    },
    async handle(args, { session }) {
      return runtime.call(session, { op: 'read', cursor: args.cursor, limit: args.limit ?? 50, channel: args.channel });
    },
  });

const stopTool = (runtime: IpcRuntime) =>
  defineSessionTool({
    name: 'stop',
    title: 'Stop IPC capture',
    description: 'Stop capturing IPC and restore the original handlers.',
    kind: 'action',
    gate: 'eval:main',
    input: {},
    detail: {
      notes: 'Returns { stopped: channels, buffered }. Stubs stay (they last the session); buffered events stay readable with ipc_read.',
      errors: ['ipc.NOT_CAPTURING'],
    },
    async handle(_args, { session }) {
      return runtime.call(session, { op: 'stop' });
    },
  });

/** ipc_capture, ipc_read and ipc_stop: record allow-listed channels into the app's ring buffer. */
export function captureTools(runtime: IpcRuntime) {
  return [captureTool(runtime), readTool(runtime), stopTool(runtime)];
}
