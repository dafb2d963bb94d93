import { CoreTools, Params, SESSION_ERRORS, Type, defineTool, type AnyToolDefinition, type SessionManager } from '@stagewright/sdk';

/**
 * The id of the session an ending call means: the given one, or the only one, live or exited.
 * These tools take `sessionId` by hand rather than through defineSessionTool because an app that
 * already exited is theirs to clean up, not an APP_EXITED failure.
 */
function targetSessionId(sessions: SessionManager, sessionId: string | undefined): Promise<string> | string {
  if (sessionId !== undefined) return sessionId;
  const all = sessions.list();
  const live = all.filter((s) => s.state === 'running');
  if (live.length === 0 && all.length) return all[all.length - 1].id;
  return sessions.getOrThrow().then((session) => session.id);
}

const ENDING_ERRORS = [...SESSION_ERRORS.filter((c) => c !== 'APP_EXITED'), 'NOT_SUPPORTED'];

const stop = defineTool({
  name: CoreTools.stop,
  title: 'Stop app',
  description: 'Close the app; kill it if it does not exit in time.',
  kind: 'destructive',
  input: {
    sessionId: Params.sessionId(),
    timeoutMs: Type.Optional(Type.Integer({ minimum: 0, maximum: 60_000 })),
    saveState: Type.Optional(Type.String({ maxLength: 64 })),
    overwrite: Type.Optional(Type.Boolean()),
  },
  detail: {
    notes:
      'timeoutMs (default 5000): the grace before SIGKILL. An app that already exited is just forgotten. ' +
      'saveState: keeps the whole userData, after the exit, for electron_launch {state}; a saved name needs overwrite.',
    errors: [...ENDING_ERRORS, 'STATE_EXISTS'],
  },
  async handle(args, ctx) {
    const id = await targetSessionId(ctx.sessions, args.sessionId);
    const options = args.saveState === undefined ? undefined : { saveState: args.saveState, overwrite: args.overwrite };
    const result = await ctx.sessions.stop(id, args.timeoutMs, options);
    return { sessionId: id, ...result };
  },
});

const forceKill = defineTool({
  name: 'electron_force_kill',
  title: 'Force-kill app',
  description: 'Kill the app and its helper processes at once.',
  kind: 'destructive',
  input: { sessionId: Params.sessionId() },
  detail: { errors: ENDING_ERRORS, notes: 'Prefer electron_stop; attached apps need main-process access to be killed.' },
  async handle(args, ctx) {
    const id = await targetSessionId(ctx.sessions, args.sessionId);
    return { sessionId: id, ...(await ctx.sessions.forceKill(id)) };
  },
});

const detach = defineTool({
  name: CoreTools.detach,
  title: 'Detach',
  description: 'Disconnect from an attached or injected app, leaving it running.',
  kind: 'action',
  input: { sessionId: Params.sessionId() },
  detail: { errors: [...SESSION_ERRORS, 'NOT_SUPPORTED'], notes: 'Launched apps cannot be detached; use electron_stop.' },
  async handle(args, ctx) {
    const id = await targetSessionId(ctx.sessions, args.sessionId);
    await ctx.sessions.detach(id);
    return { detached: id };
  },
});

/** Ending a session: stopping or killing the app, or leaving it running. */
export const END_TOOLS: readonly AnyToolDefinition[] = [stop, forceKill, detach];
