import { Type, defineTool } from '@stagewright/sdk';
import { sessionPayload } from './session-payload.js';

const port = (description?: string) => Type.Optional(Type.Integer({ minimum: 1, maximum: 65_535, ...(description ? { description } : {}) }));

export const attachTool = defineTool({
  name: 'electron_attach',
  title: 'Attach to app',
  description: 'Attach to a running app by its loopback CDP port or URL.',
  kind: 'action',
  input: Type.Object(
    {
      port: port(),
      cdpUrl: Type.Optional(Type.String({ maxLength: 2048 })),
      inspectPort: port('Node inspector port, for main-process access'),
      timeoutMs: Type.Optional(Type.Integer({ minimum: 0, maximum: 60_000 })),
    },
    { additionalProperties: false },
  ),
  detail: {
    notes:
      'port is the app\'s --remote-debugging-port; cdpUrl an http:// or ws:// DevTools URL on 127.0.0.1, ::1 or localhost. The WebSocket URLs the endpoint returns must be loopback too (NOT_LOOPBACK otherwise); redirects are not followed. ' +
      'inspectPort (the app\'s --inspect port) adds main-process access; alone it gives a main-only session. timeoutMs bounds the connection. The app keeps running after electron_detach.',
    errors: ['ATTACH_FAILED', 'NOT_LOOPBACK', 'SESSION_LIMIT'],
    example: { port: 9222, inspectPort: 9229 },
  },
  async handle(args, ctx) {
    const session = await ctx.sessions.attach({ port: args.port, cdpUrl: args.cdpUrl, inspectPort: args.inspectPort, timeoutMs: args.timeoutMs });
    return sessionPayload(session);
  },
});
