import { Type, definePlugin } from '@stagewright/sdk';
import { createNativeAgent } from './agent/native-runtime.js';
import { createDesktopAgent } from './agent/desktop-runtime.js';
import { contextMenuTools } from './tools/context-menu-tools.js';
import { createDialogAgent, dialogTools } from './tools/dialog-tools.js';
import { linkTools } from './tools/link-tools.js';
import { menuTools } from './tools/menu-tools.js';
import { notificationTrayTools } from './tools/notification-tray-tools.js';
import { webNotificationTools } from './tools/web-notification-tools.js';
import { WebNotifications } from './web/web-notifications.js';
import { notificationsShown } from './notified.js';

export const DEFAULT_MAX_EVENTS = 100;
export const DEFAULT_MAX_ITEMS = 200;
/** An async native dialog nobody answers is cancelled after this (ADR-0042). */
export const DEFAULT_DIALOG_TIMEOUT_MS = 30_000;

const configSchema = Type.Object({
  maxEvents: Type.Integer({ minimum: 10, maximum: 1_000, default: DEFAULT_MAX_EVENTS }),
  maxItems: Type.Integer({ minimum: 20, maximum: 1_000, default: DEFAULT_MAX_ITEMS }),
  /** shell.openExternal is recorded and not passed to the system, so no browser opens (ADR-0026). */
  stubOpenExternal: Type.Boolean({ default: true }),
  /** How long a native dialog waits for an answer before it is cancelled and reported (ADR-0042). */
  dialogTimeoutMs: Type.Integer({ minimum: 1_000, maximum: 600_000, default: DEFAULT_DIALOG_TIMEOUT_MS }),
});

/** What each native code means and what to do next (the registry is the one place for it). */
const NATIVE_ERROR_CODES = {
  NO_MENU: {
    retryable: true,
    hint: 'The app sets its menu (or the tray its context menu) at some point after start; wait, then read again.',
  },
  ITEM_NOT_FOUND: {
    retryable: false,
    hint: 'Use one of the labels listed in the error, or read the tree with native_menu / native_trays.',
  },
  ITEM_DISABLED: { retryable: true, hint: 'The app disables this item in its current state; change the state first.' },
  NOT_CLICKABLE: { retryable: false, hint: 'The path ends on a submenu or goes through a plain item; extend or shorten it.' },
  INVOKE_FAILED: { retryable: false, hint: "The app's own handler threw; its message is in error." },
  NO_TRAY: { retryable: true, hint: 'List trays with native_trays; the app may create its tray later.' },
  NO_HANDLER: {
    retryable: false,
    hint: 'The app does not listen to that event: for a tray try its context menu (path); for open_url / open_file the error names the routes it listens to.',
  },
  NO_NOTIFICATION: {
    retryable: false,
    hint: 'Use a seq from native_notifications (main) or native_web_notifications (web); a web one needs its page still open.',
  },
  NO_CONTEXT_MENU: {
    retryable: true,
    hint: 'Right-click the element first (electron_click with button "right"), then read or click again; the error says what main saw.',
  },
  NO_DIALOG: {
    retryable: true,
    hint: 'Do the action that opens the dialog first, or queue the answer (queue: true) before it; native_dialogs lists what is open.',
  },
  ANSWER_MISMATCH: {
    retryable: false,
    hint: 'A message box takes a button (index or one of the labels in details), an open or save dialog takes paths; cancel fits every one.',
  },
};

/**
 * The native plugin: the application menu (read, invoke by label path), notifications the main
 * process shows, and tray icons (list, click, invoke their menu). Every read and invoke runs the
 * plugin's own fixed main-process code, never code from the agent, so no eval grant is needed.
 * Notifications and trays are recorded by hooks preloaded into each launched app (instrumentMain),
 * so those from before the first call are seen. A factory: each server gets its own key.
 */
export function createNativePlugin() {
  const agent = createNativeAgent({ capacity: DEFAULT_MAX_EVENTS, maxItems: DEFAULT_MAX_ITEMS });
  const web = new WebNotifications(agent.key, () => agent.options.capacity);
  const desktop = createDesktopAgent({ capacity: DEFAULT_MAX_EVENTS, maxItems: DEFAULT_MAX_ITEMS, stubOpenExternal: true });
  const dialogs = createDialogAgent({ capacity: DEFAULT_MAX_EVENTS, dialogTimeoutMs: DEFAULT_DIALOG_TIMEOUT_MS });
  return definePlugin({
    name: 'native',
    version: '0.1.0',
    sdkRange: '^1.4.0',
    tools: [
      ...menuTools(agent),
      ...notificationTrayTools(agent),
      ...webNotificationTools(agent, web),
      ...contextMenuTools(desktop),
      ...linkTools(desktop),
      ...dialogTools(dialogs),
    ],
    configSchema,
    safeConfigFields: ['maxEvents', 'maxItems', 'stubOpenExternal', 'dialogTimeoutMs'],
    formerConfigKeys: { bufferSize: 'maxEvents' },
    errorCodes: NATIVE_ERROR_CODES,
    setup(ctx) {
      agent.options.capacity = ctx.config.maxEvents;
      agent.options.maxItems = ctx.config.maxItems;
      ctx.instrumentMain(agent.instrumentation({ op: 'install' }));
      // A detached app keeps running: the recording hooks come out before the connection goes.
      agent.undoOnDetach(ctx, 'remove its hooks');
      web.setup(ctx);
      // Actions of a launched app say which notifications they showed (caused.notified, ADR-0044).
      ctx.onSessionStart(async (start) => {
        if (start.kind !== 'launched') return;
        const session = await ctx.sessions.getOrThrow(start.id);
        session.addEffectKind?.(notificationsShown(session, agent, web));
      });
      Object.assign(desktop.options, {
        capacity: ctx.config.maxEvents,
        maxItems: ctx.config.maxItems,
        stubOpenExternal: ctx.config.stubOpenExternal,
      });
      ctx.instrumentMain(desktop.instrumentation({ op: 'install' }));
      desktop.undoOnDetach(ctx, 'remove its context-menu and link hooks');
      Object.assign(dialogs.options, { capacity: ctx.config.maxEvents, dialogTimeoutMs: ctx.config.dialogTimeoutMs });
      ctx.instrumentMain(dialogs.instrumentation({ op: 'install' }));
      dialogs.undoOnDetach(ctx, 'cancel its open dialogs and remove its dialog hooks');
    },
  });
}

/** What `--plugin` loads: a factory, called once per server. */
export default function nativePlugin() {
  return createNativePlugin();
}
