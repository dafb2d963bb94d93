import { Type, ToolError, defineTool } from '@stagewright/sdk';
import { confinePath } from '../shared/paths.js';
import { sessionPayload } from './session-payload.js';

const REFUSED_ENV = /^(ELECTRON_RUN_AS_NODE|NODE_OPTIONS|LD_.*|DYLD_.*)$/i;

export const launchTool = defineTool({
  name: 'electron_launch',
  title: 'Launch app',
  description: 'Start an Electron app and wait for its first window.',
  kind: 'action',
  input: Type.Object(
    {
      main: Type.Optional(Type.String({ description: 'App dir or main script', maxLength: 4096 })),
      executablePath: Type.Optional(Type.String({ description: 'Packaged app or Electron binary', maxLength: 4096 })),
      args: Type.Optional(Type.Array(Type.String({ maxLength: 4096 }), { maxItems: 64 })),
      env: Type.Optional(Type.Object({}, { additionalProperties: Type.String({ maxLength: 8192 }), maxProperties: 64 })),
      cwd: Type.Optional(Type.String({ maxLength: 4096 })),
      timeoutMs: Type.Optional(Type.Integer({ minimum: 1000, maximum: 120_000 })),
    },
    { additionalProperties: false },
  ),
  detail: {
    notes:
      'Needs main or executablePath; args are extra command-line arguments for the app. Executable order: executablePath, STAGEWRIGHT_ELECTRON, the app\'s own electron package, the stand-in runtime. ' +
      'Returns sessionId, windows and capabilities once the first window rendered. env cannot set ELECTRON_RUN_AS_NODE, NODE_OPTIONS, LD_* or DYLD_*; args may not bind the debugger beyond loopback (--inspect*=<host>:<port>, --remote-debugging-address=<host> with a host other than 127.0.0.1, ::1 or localhost: BAD_ARGUMENT naming it); with --app-root, main, executablePath and cwd must resolve inside it. timeoutMs defaults to 30000.',
    errors: ['LAUNCH_FAILED', 'LAUNCH_TIMEOUT', 'ENV_NOT_ALLOWED', 'PATH_OUTSIDE_ROOT', 'SESSION_LIMIT'],
    example: { main: './my-app' },
  },
  async handle(args, ctx) {
    if (!args.main && !args.executablePath) {
      throw new ToolError('BAD_ARGUMENT', 'Pass main (app dir or script) or executablePath.', { details: { accepted: ['main', 'executablePath'] } });
    }
    const refused = Object.keys((args.env ?? {}) as object).filter((key) => REFUSED_ENV.test(key));
    if (refused.length) throw new ToolError('ENV_NOT_ALLOWED', `env may not set ${refused.join(', ')}.`, { details: { refused } });
    const root = ctx.config.appRoot;
    const cwd = args.cwd === undefined ? undefined : await confinePath(args.cwd, root, 'cwd');
    const base = cwd ?? process.cwd();
    const main = args.main === undefined ? undefined : await confinePath(args.main, root, 'main', base);
    const executablePath = args.executablePath === undefined ? undefined : await confinePath(args.executablePath, root, 'executablePath', base);
    let step = 0;
    const session = await ctx.sessions.launch({
      main, executablePath, cwd, args: args.args, env: args.env as Record<string, string> | undefined, timeoutMs: args.timeoutMs, signal: ctx.signal,
      onProgress: (message) => ctx.progress({ progress: ++step, total: 3, message }),
    });
    return sessionPayload(session);
  },
});
