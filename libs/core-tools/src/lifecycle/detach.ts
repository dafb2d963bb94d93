import { Params, Type, defineTool } from '@stagewright/sdk';
import { SESSION_ERRORS } from '../shared/session-errors.js';
import { targetSessionId } from './session-payload.js';

export const detachTool = defineTool({
  name: 'electron_detach',
  title: 'Detach',
  description: 'Disconnect from an attached or injected app, leaving it running.',
  kind: 'action',
  input: Type.Object({ sessionId: Params.sessionId() }, { additionalProperties: false }),
  detail: { errors: [...SESSION_ERRORS, 'NOT_SUPPORTED'], notes: 'Launched apps cannot be detached; use electron_stop.' },
  async handle(args, ctx) {
    const id = targetSessionId(ctx.sessions, args.sessionId);
    await ctx.sessions.detach(id);
    return { detached: id };
  },
});
