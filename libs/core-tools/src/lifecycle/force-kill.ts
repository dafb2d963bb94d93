import { Params, Type, defineTool } from '@stagewright/sdk';
import { SESSION_ERRORS } from '../shared/session-errors.js';
import { targetSessionId } from './session-payload.js';

export const forceKillTool = defineTool({
  name: 'electron_force_kill',
  title: 'Force-kill app',
  description: 'Kill the app and its helper processes at once.',
  kind: 'destructive',
  input: Type.Object({ sessionId: Params.sessionId() }, { additionalProperties: false }),
  detail: { errors: [...SESSION_ERRORS.filter((c) => c !== 'APP_EXITED'), 'NOT_SUPPORTED'], notes: 'Prefer electron_stop; attached apps need main-process access to be killed.' },
  async handle(args, ctx) {
    const id = targetSessionId(ctx.sessions, args.sessionId);
    return { sessionId: id, ...(await ctx.sessions.forceKill(id)) };
  },
});
