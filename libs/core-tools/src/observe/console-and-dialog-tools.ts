import { Type, defineSessionTool, type AnyToolDefinition } from '@stagewright/sdk';
import { parseUserRegex, regexParam, REGEX_NOTE } from '../shared/regex.js';
import { LEVELS, MAX_RETURNED_CHARS, queryConsole } from './console-filter.js';

const consoleLogs = defineSessionTool({
  name: 'electron_console_logs',
  title: 'Console logs',
  description: 'Console messages of the renderer and main process.',
  kind: 'read',
  input: {
    level: Type.Optional(Type.Enum(['debug', 'log', 'info', 'warning', 'error'])),
    matches: regexParam(),
    cursor: Type.Optional(Type.Union([Type.Integer({ minimum: 0 }), Type.String({ maxLength: 40 })])),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  },
  formerParams: { match: 'matches', since: 'cursor' },
  rules: [{ nonEmpty: ['matches'] }],
  detail: {
    notes:
      'The session keeps the last 1000 messages (each up to 2000 chars) from every window and the main process. Filters: level is the minimum severity; ' +
      `matches is a pattern on the text; cursor is a seq (entries after it) or an ISO time; limit (default 50) keeps the newest. Returns { entries: [{ seq, time, source, level, text, window?, kind?, location? }], cursor, omitted }; kind marks what is not a console call: exception (uncaught), rejection (unhandled), preload (a window's preload failed), stderr (main process). ` +
      `pass cursor back to get only newer messages; omitted counts older matches left out by limit or the ${MAX_RETURNED_CHARS}-char bound. ${REGEX_NOTE}`,
    values: { level: LEVELS },
    errors: ['UNSAFE_REGEX'],
    example: { level: 'warning', cursor: 42 },
  },
  async handle(args, ctx) {
    const matches = args.matches === undefined ? undefined : parseUserRegex(args.matches, 'matches');
    const { session } = ctx;
    const answer = await queryConsole(session.consoleEntries(), {
      level: args.level,
      matches,
      cursor: args.cursor,
      limit: args.limit ?? 50,
    });
    return { entries: answer.entries, cursor: answer.cursor, ...(answer.omitted ? { omitted: answer.omitted } : {}) };
  },
});

/** Dialog records returned per call (the session keeps the last 100). */
const SHOWN_DIALOGS = 20;

const dialogHandler = defineSessionTool({
  name: 'electron_dialog_handler',
  title: 'Dialog handler',
  description: 'Set how web dialogs are answered; list those seen.',
  kind: 'action',
  input: {
    action: Type.Optional(Type.Enum(['accept', 'dismiss', 'default'])),
    promptText: Type.Optional(Type.String({ maxLength: 2000 })),
    oneShot: Type.Optional(Type.Boolean()),
  },
  detail: {
    notes:
      'Dialogs never block the app: with no policy they are dismissed (beforeunload accepted) and recorded. action sets the policy for later dialogs ' +
      '(promptText answers an accepted prompt; oneShot: only the next dialog, then back to the default); "default" clears it; omit action to only list. ' +
      `Returns { policy (the one in force, or "default"), dialogs: [{ time, type, message, action, promptText? }] } with the last ${SHOWN_DIALOGS} dialogs, newest last.`,
    values: { action: ['accept', 'dismiss', 'default'] },
    example: { action: 'accept', promptText: 'yes', oneShot: true },
  },
  async handle(args, { session }) {
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

/** What the app said and asked: console messages and web dialogs. */
export const CONSOLE_AND_DIALOG_TOOLS: readonly AnyToolDefinition[] = [consoleLogs, dialogHandler];
