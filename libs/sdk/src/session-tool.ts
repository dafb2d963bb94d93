import type { Static, TObject, TProperties } from 'typebox';
import type { ToolContext } from './context.js';
import type { Session } from './session.js';
import { runAction } from './action-effects.js';
import { Params } from './params.js';
import { defineTool, type ToolDefinition, type ToolDetail, type ToolSpec } from './tool.js';

/** Codes any tool that resolves a session can return; a session tool documents them without listing them. */
export const SESSION_ERRORS = ['NO_SESSION', 'SESSION_AMBIGUOUS', 'SESSION_NOT_FOUND', 'APP_EXITED'] as const;
/** What a session tool can meet when the app's window closes or its renderer crashes mid-call. */
export const WINDOW_ERRORS = ['WINDOW_NOT_FOUND', 'RENDERER_UNRESPONSIVE'] as const;

export type SessionProps = { sessionId: ReturnType<typeof Params.sessionId> };

export interface SessionToolContext extends ToolContext {
  /** The session named by `sessionId`, or the only live one: resolved and checked alive before the handler runs. */
  readonly session: Session;
}

/** `detail` with the definer's codes first, then the tool's own, each once. */
export function withErrors(detail: ToolDetail | undefined, contributed: readonly string[]): ToolDetail {
  return { ...detail, errors: [...new Set([...contributed, ...(detail?.errors ?? [])])] };
}

/**
 * A tool that works on one app session. Adds the optional `sessionId` parameter, resolves the
 * session before the handler runs (NO_SESSION, SESSION_AMBIGUOUS, SESSION_NOT_FOUND, APP_EXITED)
 * and documents those codes, so no handler repeats any of it. Its one catch hands any failure to
 * session.explainFailure.
 */
export function defineSessionTool<P extends TProperties>(
  spec: ToolSpec<P, SessionToolContext> & {
    /** Whether the answer says what the call caused (`caused`, ADR-0020): actions on the app's UI, such as a menu click. Default false. */
    effects?: boolean;
  },
): ToolDefinition<P & SessionProps> {
  const { handle, effects, ...rest } = spec;
  return defineTool({
    ...rest,
    input: { ...spec.input, sessionId: Params.sessionId() } as P & SessionProps,
    detail: withErrors(spec.detail, [...SESSION_ERRORS, ...WINDOW_ERRORS]),
    async handle(args, ctx) {
      const session = await ctx.sessionOrThrow((args as { sessionId?: string }).sessionId);
      const body = async () => handle(args as Static<TObject<P>>, { ...ctx, session });
      if (effects) return runAction(session, body, (error, watch) => session.explainFailure(error, undefined, watch));
      try {
        return await body();
      } catch (error) {
        throw await session.explainFailure(error);
      }
    },
  });
}
