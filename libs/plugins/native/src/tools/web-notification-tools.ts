import { CURSOR_NOTE, Type, defineSessionTool } from '@stagewright/sdk';
import { callNative, type NativeAgent } from '../agent/native-runtime.js';
import type { WebNotifications } from '../web/web-notifications.js';
import { notificationReadParams } from './notification-tray-tools.js';

const seq = (description: string) => Type.Optional(Type.Integer({ minimum: 1, description }));

/** native_web_notifications (pages' `new Notification`) and native_notification_click (both kinds). */
export function webNotificationTools(agent: NativeAgent, web: WebNotifications) {
  const webNotifications = defineSessionTool({
    name: 'web_notifications',
    title: 'Page notifications',
    description: 'Notifications pages showed with the web Notification API (title, body, tag), oldest first.',
    kind: 'read',
    input: notificationReadParams(),
    rules: [{ nonEmpty: ['title'] }],
    detail: {
      notes:
        `Returns { notifications, cursor, more, dropped, note? }. ${CURSOR_NOTE} limit defaults to 20; title filters as in native_notifications. ` +
        'Chromium shows these, not the main process: fixed code in every document of the app (a launched app from its start, an attached one from the first call) records each new Notification(...), kept after its page navigates. ' +
        'Documents already open when the hooks went in are hooked then: the note says so. Main-process ones are in native_notifications.',
      shapes: { notification: '{ seq, at: ISO time, title, body, tag?, silent?: true, url: the page that showed it }' },
      example: { title: 'message' },
    },
    handle: async (args, { session }) => {
      await web.ensure(session);
      return web.read(session, args.cursor, args.limit ?? 20, args.title);
    },
  });

  const notificationClick = defineSessionTool({
    name: 'notification_click',
    title: 'Click a notification',
    description: "Click a notification as the user would: the app's own click handler runs.",
    kind: 'action',
    // A click handler focuses windows and navigates: the answer says what it caused (ADR-0020).
    effects: true,
    input: { web: seq('From native_web_notifications'), main: seq('From native_notifications') },
    rules: [{ exactlyOne: ['web', 'main'] }],
    detail: {
      notes:
        "web: dispatches a cancelable 'click' Event on the page's Notification object, as Chromium does when the OS notification is clicked, so its onclick and 'click' listeners run (errors they throw go to the console). " +
        "main: emits 'click' on the main process's Notification. Only the app's own handlers run, never code from the caller. Returns { clicked: { web|main, title }, defaultPrevented? }.",
      errors: ['native.NO_NOTIFICATION', 'native.NO_HANDLER', 'native.INVOKE_FAILED'],
      example: { web: 1 },
    },
    handle: async (args, { session }) => {
      if (args.main !== undefined) return callNative(agent, session, { op: 'notification_click', seq: args.main });
      await web.ensure(session);
      return web.click(session, args.web as number);
    },
  });

  return [webNotifications, notificationClick];
}
