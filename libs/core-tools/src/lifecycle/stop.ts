import { Params, Type, defineTool } from '@stagewright/sdk';
import { SESSION_ERRORS } from '../shared/session-errors.js';
import { targetSessionId } from './session-payload.js';

export const stopTool = defineTool({
  name: 'electron_stop',
  title: 'Stop app',
  description: 'Close the app; kill it if it does not exit in time.',
  kind: 'destructive',
  input: Type.Object(
    { sessionId: Params.sessionId(), timeoutMs: Type.Optional(Type.Integer({ minimum: 0, maximum: 60_000 })) },
    { additionalProperties: false },
  ),
  detail: {
    notes: 'timeoutMs (default 5000) is the grace period before SIGKILL. Returns graceful, exitCode and signal; an app that already exited is just forgotten.',
    errors: [...SESSION_ERRORS.filter((c) => c !== 'APP_EXITED'), 'NOT_SUPPORTED'],
  },
  async handle(args, ctx) {
    const id = targetSessionId(ctx.sessions, args.sessionId);
    const result = await ctx.sessions.stop(id, args.timeoutMs);
    return { sessionId: id, ...result };
  },
});
