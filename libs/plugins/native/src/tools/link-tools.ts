import { CURSOR_NOTE, Params, ToolError, Type, defineSessionTool } from '@stagewright/sdk';
import type { Delivery } from '../agent/desktop-protocol.js';
import { callDesktop, type DesktopAgent } from '../agent/desktop-runtime.js';
import { fileInsideRoots } from './open-file-path.js';

const VIA = (own: 'open-url' | 'open-file') => Type.Optional(Type.Enum([own, 'second-instance']));
const ROUTE =
  "How: on macOS the app's own event (event, value); on Windows and Linux the system starts a second instance, which Electron turns into 'second-instance' (event, argv: [execPath, app folder when run as `electron <folder>`, value], cwd) in the app that holds the single-instance lock. " +
  "If the app does not listen that way, the other route is used; `via` forces one. The app's own listeners run: the value is data, no eval grant needed. Returns { via, handled: preventDefault() called } and caused (url, opened windows); check the page with an expect tool.";

const opensTool = (agent: DesktopAgent) =>
  defineSessionTool({
    name: 'external_opens',
    title: 'External opens',
    description: 'URLs the app sent out: shell.openExternal calls and window.open requests, oldest first.',
    kind: 'read',
    input: { cursor: Params.cursor(), limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })) },
    detail: {
      notes:
        `Returns { opens: [{ seq, at, via: "shell.openExternal"|"window.open", url, opened? , action?: "allow"|"deny", disposition? }], cursor, more, dropped, note? }. ${CURSOR_NOTE} limit defaults to 20. ` +
        'window.open entries are what setWindowOpenHandler answered (target=_blank links too). openExternal is stubbed (opened: false, no browser starts) unless the operator set stubOpenExternal: false. ' +
        'Recorded by hooks preloaded at launch; in an attached app from the first native_* call (note says so). URLs are cut at 2048 characters.',
      example: { cursor: 2 },
    },
    handle: (args, { session }) =>
      callDesktop(agent, session, { op: 'external_opens', cursor: args.cursor, limit: args.limit ?? 20 }, true),
  });

const openUrlTool = (agent: DesktopAgent) =>
  defineSessionTool({
    name: 'open_url',
    title: 'Open a URL in the app',
    description: 'Hand the app a URL (deep link, OAuth callback) as the OS would.',
    kind: 'action',
    effects: true,
    input: { url: Type.String({ minLength: 1, maxLength: 2048, description: 'e.g. myapp://cb?code=1' }), via: VIA('open-url') },
    detail: {
      notes: `${ROUTE} registered (launched apps) says whether the app claimed the scheme with app.setAsDefaultProtocolClient.`,
      errors: ['BAD_ARGUMENT', 'native.NO_HANDLER', 'native.INVOKE_FAILED'],
      example: { url: 'myapp://oauth/callback?code=abc&state=xyz' },
    },
    handle: (args, { session }) => {
      if (!/^[A-Za-z][A-Za-z0-9+.-]*:\S/.test(args.url)) {
        throw new ToolError('BAD_ARGUMENT', 'url must be an absolute URL with a scheme, such as myapp://callback?code=1.', {
          details: { param: 'url' },
        });
      }
      return callDesktop(agent, session, { op: 'deliver', kind: 'url', value: args.url, via: args.via as Delivery | undefined });
    },
  });

const openFileTool = (agent: DesktopAgent) =>
  defineSessionTool({
    name: 'open_file',
    title: 'Open a file in the app',
    description: 'Hand the app a file as the OS would (Open With, double-click).',
    kind: 'action',
    effects: true,
    input: {
      path: Type.String({ minLength: 1, maxLength: 4096, description: 'In the app folder (or --app-root)' }),
      via: VIA('open-file'),
    },
    detail: {
      notes: `The path (relative: to the app folder) must exist and, after symlinks, lie inside the app folder (app.getAppPath()), --app-root or the screenshot folder, so the app cannot be made to read other files for the agent. ${ROUTE}`,
      errors: ['PATH_OUTSIDE_ROOT', 'BAD_ARGUMENT', 'native.NO_HANDLER', 'native.INVOKE_FAILED'],
      example: { path: 'messages/welcome.eml' },
    },
    handle: async (args, { session, config }) => {
      const { appPath } = (await callDesktop(agent, session, { op: 'app_path' })) as { appPath: string };
      const file = await fileInsideRoots(args.path, { appPath, appRoot: config.appRoot, screenshotDir: config.screenshotDir });
      return callDesktop(agent, session, { op: 'deliver', kind: 'file', value: file, via: args.via as Delivery | undefined });
    },
  });

/** native_external_opens, native_open_url and native_open_file: links out of the app and into it. */
export function linkTools(agent: DesktopAgent) {
  return [opensTool(agent), openUrlTool(agent), openFileTool(agent)];
}
