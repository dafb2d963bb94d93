import { Params, Type, defineTool } from '@stagewright/sdk';
import { parseUserRegex, regexParam, REGEX_NOTE } from '../shared/regex.js';
import { SESSION_ERRORS } from '../shared/session-errors.js';
import { LEVELS, MAX_RETURNED_CHARS, queryConsole } from './console-filter.js';

export const consoleLogsTool = defineTool({
  name: 'electron_console_logs',
  title: 'Console logs',
  description: 'Console messages of the renderer and main process.',
  kind: 'read',
  input: Type.Object(
    {
      level: Type.Optional(Type.Enum(['debug', 'log', 'info', 'warning', 'error'])),
      match: regexParam(),
      since: Type.Optional(Type.Union([Type.Integer({ minimum: 0 }), Type.String({ maxLength: 40 })])),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
      sessionId: Params.sessionId(),
    },
    { additionalProperties: false },
  ),
  detail: {
    notes: 'The session keeps the last 1000 messages (each up to 2000 chars) from every window and the main process. Filters: level is the minimum severity; ' +
      `match is a pattern on the text; since is a seq (entries after it) or an ISO time; limit (default 50) keeps the newest. Returns { entries: [{ seq, time, source, level, text, window? }], next, omitted }: ` +
      `pass next as since to get only newer messages; omitted counts older matches left out by limit or the ${MAX_RETURNED_CHARS}-char bound. ${REGEX_NOTE}`,
    values: { level: LEVELS },
    errors: [...SESSION_ERRORS, 'UNSAFE_REGEX'],
    example: { level: 'warning', since: 42 },
  },
  async handle(args, ctx) {
    const match = args.match === undefined ? undefined : parseUserRegex(args.match, 'match');
    const session = ctx.sessionOrThrow(args.sessionId);
    const answer = await queryConsole(session.consoleEntries(), { level: args.level, match, since: args.since, limit: args.limit ?? 50 });
    return { entries: answer.entries, next: answer.next, ...(answer.omitted ? { omitted: answer.omitted } : {}) };
  },
});
