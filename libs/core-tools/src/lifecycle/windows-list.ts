import { Params, Type, defineTool } from '@stagewright/sdk';
import { WINDOW_ERRORS } from '../shared/session-errors.js';

export const windowsListTool = defineTool({
  name: 'electron_windows_list',
  title: 'List windows',
  description: 'List the app\'s windows and which one is active.',
  kind: 'read',
  input: Type.Object({ sessionId: Params.sessionId() }, { additionalProperties: false }),
  detail: { notes: 'Each window: id (w1...), title, url, visible, focused, active. Tools act on the active window.', errors: [...WINDOW_ERRORS] },
  async handle(args, ctx) {
    return { windows: await ctx.sessionOrThrow(args.sessionId).windows() };
  },
});
