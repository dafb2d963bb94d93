import { CURSOR_NOTE, Params, Type, defineSessionTool } from '@stagewright/sdk';
import { callNative, type NativeAgent } from '../agent/native-runtime.js';
import { TRAY_EVENTS } from '../agent/agent-protocol.js';
import { labelPath } from './menu-tools.js';

const HOOKS =
  'Recorded by hooks the plugin preloads into every app it launches, so what happened before the first call is there too. ' +
  'In an attached or injected app the hooks go in at the first native_* call and the answer carries a note saying so.';

/** native_notifications, native_trays and native_tray_click. */
/** A read of recorded notifications, main-process or web: from a cursor, at most `limit`, by title. */
export const notificationReadParams = () => ({
  cursor: Params.cursor(),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  title: Type.Optional(Type.String({ maxLength: 200, description: 'Title contains' })),
});

const notificationsTool = (agent: NativeAgent) =>
  defineSessionTool({
    name: 'notifications',
    title: 'Notifications shown',
    description: 'Notifications the main process has shown (title, body), oldest first.',
    kind: 'read',
    input: notificationReadParams(),
    rules: [{ nonEmpty: ['title'] }],
    detail: {
      notes:
        `Returns { notifications, cursor, more, dropped, note? }. ${CURSOR_NOTE} limit defaults to 20. title keeps those whose title contains it, ignoring case (the cursor still counts every one). ` +
        `The app keeps the last maxEvents (config, default 100); dropped counts older ones evicted. Texts are cut at 300 characters. ${HOOKS}`,
      shapes: { notification: '{ seq, at: ISO time, title, body, subtitle?, silent?: true, urgency?: "low"|"critical" }' },
      example: { cursor: 3 },
    },
    handle: (args, { session }) =>
      callNative(agent, session, { op: 'notifications', cursor: args.cursor, limit: args.limit ?? 20, title: args.title }, true),
  });

const traysTool = (agent: NativeAgent) =>
  defineSessionTool({
    name: 'trays',
    title: 'Tray icons',
    description: "The app's tray icons: tooltip, title, click listeners and context menu.",
    kind: 'read',
    input: {},
    detail: {
      notes: `Returns { trays: [{ tray: index, toolTip?, title?, events: those of ${TRAY_EVENTS.join(', ')} it listens to, menu?: nodes }], note? }. Menu nodes as in native_menu. ${HOOKS}`,
    },
    handle: (_args, { session }) => callNative(agent, session, { op: 'trays' }, true),
  });

const trayClickTool = (agent: NativeAgent) =>
  defineSessionTool({
    name: 'tray_click',
    title: 'Click a tray icon',
    description: 'Click a tray icon, or invoke an item of its context menu by label path.',
    kind: 'action',
    effects: true,
    input: {
      tray: Type.Optional(Type.Integer({ minimum: 0, maximum: 19, description: 'From native_trays' })),
      path: Type.Optional(labelPath('Context-menu item')),
      event: Type.Optional(Type.Enum(TRAY_EVENTS)),
    },
    rules: [{ atMostOne: ['path', 'event'] }],
    detail: {
      notes:
        'tray defaults to 0. Without path, emits event (default "click") to the app\'s tray listeners with the arguments Electron gives them (bounds, position at the icon\'s centre), as the OS would; with path, runs that context-menu item like native_menu_click. ' +
        'Returns { tray, emitted } or { tray, clicked, checked? }.',
      errors: [
        'native.NO_TRAY',
        'native.NO_HANDLER',
        'native.NO_MENU',
        'native.ITEM_NOT_FOUND',
        'native.NOT_CLICKABLE',
        'native.ITEM_DISABLED',
        'native.INVOKE_FAILED',
      ],
      example: { tray: 0, path: ['Check for Updates'] },
    },
    handle: (args, { session }) =>
      callNative(agent, session, { op: 'tray_click', tray: args.tray ?? 0, path: args.path, event: args.event ?? 'click' }),
  });

export function notificationTrayTools(agent: NativeAgent) {
  return [notificationsTool(agent), traysTool(agent), trayClickTool(agent)];
}
