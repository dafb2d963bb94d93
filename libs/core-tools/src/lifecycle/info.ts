import { Params, Type, defineTool } from '@stagewright/sdk';
import { SESSION_ERRORS } from '../shared/session-errors.js';

export const infoTool = defineTool({
  name: 'electron_info',
  title: 'App info',
  description: 'App name, version, paths, Electron/Chrome/Node versions and capabilities.',
  kind: 'read',
  input: Type.Object({ sessionId: Params.sessionId() }, { additionalProperties: false }),
  detail: {
    notes: 'Without main-process access (attached without inspectPort) only versions from the user agent are known.',
    errors: [...SESSION_ERRORS],
  },
  async handle(args, ctx) {
    const session = ctx.sessionOrThrow(args.sessionId);
    return { sessionId: session.id, kind: session.kind, ...(await session.info()) };
  },
});
