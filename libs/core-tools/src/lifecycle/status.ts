import { Type, defineTool } from '@stagewright/sdk';

export const statusTool = defineTool({
  name: 'electron_status',
  title: 'Server status',
  description: 'Server version, uptime, started_at, last_error (code, tool, time only) and sessions.',
  kind: 'read',
  input: Type.Object({}, { additionalProperties: false }),
  detail: {
    notes: 'server.last_error is bounded: code, tool and time; never arguments, paths or log content. Sessions list id, kind, state, pid, windows and exit facts.',
    errors: [],
  },
  handle(_args, ctx) {
    const started = Date.parse(ctx.server.startedAt);
    return {
      server: {
        version: ctx.config.serverVersion,
        uptime_s: Math.round((Date.now() - started) / 1000),
        started_at: ctx.server.startedAt,
        last_error: ctx.server.lastError() ?? null,
      },
      sessions: ctx.sessions.list(),
    };
  },
});
