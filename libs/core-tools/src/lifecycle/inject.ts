import { Type, defineTool } from '@stagewright/sdk';
import { sessionPayload } from './session-payload.js';

export const injectTool = defineTool({
  name: 'electron_inject',
  title: 'Inject into app',
  description: 'Open the Node inspector of a running app by pid and attach to its main process.',
  kind: 'action',
  input: Type.Object(
    {
      pid: Type.Integer({ minimum: 2 }),
      timeoutMs: Type.Optional(Type.Integer({ minimum: 0, maximum: 60_000 })),
    },
    { additionalProperties: false },
  ),
  detail: {
    notes:
      'pid is the app\'s main process. Sends SIGUSR1 to it, connects to the inspector it opens, and also attaches to its windows when its DevTools port can be found; capabilities.renderer says whether it was. timeoutMs bounds the whole injection. ' +
      'Before any signal the pid must be a process of the server\'s user whose executable is Node.js or Electron (a packaged app\'s folder shows it) and not a Chromium helper (--type= in its command line); otherwise PROCESS_NOT_INSPECTABLE says why and nothing is sent. Linux and macOS only.',
    errors: ['PROCESS_NOT_INSPECTABLE', 'INJECT_FAILED', 'SESSION_LIMIT'],
    example: { pid: 12345 },
  },
  async handle(args, ctx) {
    return sessionPayload(await ctx.sessions.inject(args.pid, { timeoutMs: args.timeoutMs }));
  },
});
