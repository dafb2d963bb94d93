import { CoreTools, Type, defineTool, type AnyToolDefinition, type Session } from '@stagewright/sdk';
import { confinePath, existingLaunchPath } from '../shared/paths.js';

/** What launch, attach and inject return: enough to act next without another call. */
async function sessionPayload(session: Session): Promise<Record<string, unknown>> {
  const windows = session.capabilities.renderer ? await session.windows().catch(() => []) : [];
  const summary = session.summary();
  // A first load that threw or failed to fetch a file: the likeliest reason the app looks broken.
  const pageErrors = session.capabilities.renderer ? (session.pageErrors?.() ?? []) : [];
  const state = session.appState?.();
  return {
    sessionId: session.id,
    ...(summary.pid !== undefined ? { pid: summary.pid } : {}),
    windows,
    capabilities: session.capabilities,
    ...(state ? { userData: state.userData, ...(state.state ? { state: state.state } : {}) } : {}),
    ...(pageErrors.length ? { pageErrors } : {}),
  };
}

const launch = defineTool({
  name: CoreTools.launch,
  title: 'Launch app',
  description: 'Start an Electron app and wait for its first window.',
  kind: 'action',
  input: {
    main: Type.Optional(Type.String({ description: 'App dir or main script', maxLength: 4096 })),
    executablePath: Type.Optional(Type.String({ description: 'Packaged app or Electron binary', maxLength: 4096 })),
    args: Type.Optional(Type.Array(Type.String({ maxLength: 4096 }), { maxItems: 64 })),
    env: Type.Optional(Type.Object({}, { additionalProperties: Type.String({ maxLength: 8192 }), maxProperties: 64 })),
    cwd: Type.Optional(Type.String({ maxLength: 4096 })),
    timeoutMs: Type.Optional(Type.Integer({ minimum: 1000, maximum: 120_000 })),
    state: Type.Optional(Type.String({ maxLength: 64 })),
  },
  rules: [{ atLeastOne: ['main', 'executablePath'] }],
  detail: {
    notes:
      "Executable order: executablePath, STAGEWRIGHT_ELECTRON, the app's own electron package, the stand-in. Returns once the first window rendered (timeoutMs default 30000). " +
      'args: only allowlisted display and logging switches (--lang, --force-dark-mode, --disable-gpu, --enable-logging...; the refusal lists all); others are LAUNCH_ARG_NOT_ALLOWED naming the flag that opens them; pausing ones (--inspect-brk) never. Arguments without a dash, and all after "--", go to the app as data; its process.argv is [binary, our switches, app path, args]. ' +
      'env: locale, TZ, NODE_ENV, colour and Electron logging names (the refusal lists all), or names opened with --allow-env (ENV_NOT_ALLOWED). ' +
      "Relative paths resolve against cwd, else --app-root, else the server's cwd; with --app-root, main, cwd and executablePath must lie inside it (PATH_OUTSIDE_ROOT; the operator's runtimes excepted). A missing path, or a main that is no app, is LAUNCH_FAILED naming it. " +
      'state: a name electron_stop {saveState} saved. Answer userData: temporary or persistent.',
    errors: [
      'LAUNCH_FAILED',
      'LAUNCH_TIMEOUT',
      'APP_CRASHED_AT_START',
      'STATE_NOT_FOUND',
      'LAUNCH_ARG_NOT_ALLOWED',
      'ENV_NOT_ALLOWED',
      'PATH_OUTSIDE_ROOT',
      'SESSION_LIMIT',
    ],
    example: { main: './my-app' },
  },
  async handle(args, ctx) {
    const root = ctx.server.appRoot;
    const given = args.cwd === undefined ? undefined : existingLaunchPath(args.cwd, 'cwd', { appRoot: root });
    const cwd = given && (await confinePath(given.path, root, 'cwd'));
    const mainPath = args.main === undefined ? undefined : existingLaunchPath(args.main, 'main', { cwd, appRoot: root });
    const main = mainPath && (await confinePath(mainPath.path, root, 'main'));
    // Confined by the driver's launch policy (the operator's own runtimes may be outside the root).
    const executablePath =
      args.executablePath === undefined
        ? undefined
        : existingLaunchPath(args.executablePath, 'executablePath', { cwd, appRoot: root }).path;
    let step = 0;
    const session = await ctx.sessions.launch({
      main,
      executablePath,
      cwd,
      args: args.args,
      env: args.env as Record<string, string> | undefined,
      timeoutMs: args.timeoutMs,
      state: args.state,
      signal: ctx.signal,
      onProgress: (message) => ctx.progress({ progress: ++step, total: 3, message }),
    });
    const payload = await sessionPayload(session);
    return mainPath ? { ...payload, main: mainPath } : payload;
  },
});

const port = (description?: string) =>
  Type.Optional(Type.Integer({ minimum: 1, maximum: 65_535, ...(description ? { description } : {}) }));

const attach = defineTool({
  name: CoreTools.attach,
  title: 'Attach to app',
  description: 'Attach to a running app by its loopback CDP port or URL.',
  kind: 'action',
  input: {
    port: port(),
    cdpUrl: Type.Optional(Type.String({ maxLength: 2048 })),
    inspectPort: port('Node inspector port, for main-process access'),
    timeoutMs: Type.Optional(Type.Integer({ minimum: 0, maximum: 60_000 })),
  },
  detail: {
    notes:
      "port is the app's --remote-debugging-port; cdpUrl an http:// or ws:// DevTools URL on 127.0.0.1, ::1 or localhost. The WebSocket URLs the endpoint returns must be loopback too (NOT_LOOPBACK otherwise); redirects are not followed. " +
      "inspectPort (the app's --inspect port) adds main-process access; alone it gives a main-only session. timeoutMs bounds the connection. The app keeps running after electron_detach. " +
      'An app another session of this server launched (HTTP) is refused by any of its ports or URLs: APP_OWNED_BY_ANOTHER_SESSION.',
    errors: ['ATTACH_FAILED', 'NOT_LOOPBACK', 'APP_OWNED_BY_ANOTHER_SESSION', 'SESSION_LIMIT'],
    example: { port: 9222, inspectPort: 9229 },
  },
  async handle(args, ctx) {
    const session = await ctx.sessions.attach({
      port: args.port,
      cdpUrl: args.cdpUrl,
      inspectPort: args.inspectPort,
      timeoutMs: args.timeoutMs,
    });
    return sessionPayload(session);
  },
});

const inject = defineTool({
  name: 'electron_inject',
  title: 'Inject into app',
  description: 'Open the Node inspector of a running app by pid and attach to its main process.',
  kind: 'action',
  input: { pid: Type.Integer({ minimum: 2 }), timeoutMs: Type.Optional(Type.Integer({ minimum: 0, maximum: 60_000 })) },
  detail: {
    notes:
      "pid is the app's main process. Sends SIGUSR1 to it, connects to the inspector it opens, and also attaches to its windows when its DevTools port can be found; capabilities.renderer says whether it was. timeoutMs bounds the whole injection. " +
      "Before any signal the pid must be a process of the server's user whose executable is Node.js or Electron (a packaged app's folder shows it) and not a Chromium helper (--type= in its command line); otherwise PROCESS_NOT_INSPECTABLE says why and nothing is sent. Linux and macOS only: elsewhere NOT_SUPPORTED (attach instead). " +
      'The main pid or any helper pid of an app another session of this server launched (HTTP) is refused: APP_OWNED_BY_ANOTHER_SESSION.',
    errors: ['PROCESS_NOT_INSPECTABLE', 'NOT_SUPPORTED', 'INJECT_FAILED', 'APP_OWNED_BY_ANOTHER_SESSION', 'SESSION_LIMIT'],
    example: { pid: 12345 },
  },
  async handle(args, ctx) {
    return sessionPayload(await ctx.sessions.inject(args.pid, { timeoutMs: args.timeoutMs }));
  },
});

/** Getting a session: launching an app, attaching to one, injecting into one. */
export const START_TOOLS: readonly AnyToolDefinition[] = [launch, attach, inject];
