import { Params, Type, defineTool } from '@stagewright/sdk';
import { SESSION_ERRORS } from '../shared/session-errors.js';

/** Dialog records returned per call (the session keeps the last 100). */
const SHOWN_DIALOGS = 20;

export const dialogHandlerTool = defineTool({
  name: 'electron_dialog_handler',
  title: 'Dialog handler',
  description: 'Set how web dialogs are answered; list those seen.',
  kind: 'action',
  input: Type.Object(
    {
      action: Type.Optional(Type.Enum(['accept', 'dismiss', 'default'])),
      promptText: Type.Optional(Type.String({ maxLength: 2000 })),
      oneShot: Type.Optional(Type.Boolean()),
      sessionId: Params.sessionId(),
    },
    { additionalProperties: false },
  ),
  detail: {
    notes: 'Dialogs never block the app: with no policy they are dismissed (beforeunload accepted) and recorded. action sets the policy for later dialogs ' +
      '(promptText answers an accepted prompt; oneShot: only the next dialog, then back to the default); "default" clears it; omit action to only list. ' +
      `Returns { policy (the one in force, or "default"), dialogs: [{ time, type, message, action, promptText? }] } with the last ${SHOWN_DIALOGS} dialogs, newest last.`,
    values: { action: ['accept', 'dismiss', 'default'] },
    errors: [...SESSION_ERRORS],
    example: { action: 'accept', promptText: 'yes', oneShot: true },
  },
  async handle(args, ctx) {
    const session = ctx.sessionOrThrow(args.sessionId);
    if (args.action === 'default') session.setDialogPolicy(undefined);
    else if (args.action !== undefined) {
      session.setDialogPolicy({
        action: args.action,
        ...(args.promptText === undefined ? {} : { promptText: args.promptText }),
        ...(args.oneShot ? { oneShot: true } : {}),
      });
    }
    const all = session.dialogs();
    const current = session.dialogPolicy();
    const policy = current ? { action: current.action, ...(current.oneShot ? { oneShot: true } : {}) } : 'default';
    return { policy, dialogs: all.slice(-SHOWN_DIALOGS), ...(all.length > SHOWN_DIALOGS ? { omitted: all.length - SHOWN_DIALOGS } : {}) };
  },
});
