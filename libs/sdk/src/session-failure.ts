import { CoreTools } from './core-tool-names.js';
import type { ToolContext } from './context.js';
import { ToolError, isToolError } from './errors.js';
import type { Session } from './session.js';

/** Playwright's ways of saying the page, its renderer or the whole app went away mid-call. */
const TARGET_GONE =
  /Target (?:page, context or browser )?(?:has been )?closed|Target crashed|Page crashed|Browser has been closed|has been disconnected/i;

function targetGone(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TargetClosedError' || TARGET_GONE.test(error.message));
}

/**
 * What a call's failure means when the app, the renderer or the window died under it: APP_EXITED
 * when the app is gone, RENDERER_UNRESPONSIVE when the active renderer crashed, WINDOW_NOT_FOUND
 * when the window closed. Anything else is returned unchanged. Session and element definers apply
 * it to every handler, so no tool reports a dying app as INTERNAL_ERROR or as the agent's mistake.
 */
export async function explainSessionFailure(error: unknown, ctx: ToolContext, session: Session): Promise<unknown> {
  if (isToolError(error) || !targetGone(error)) return error;
  try {
    await ctx.sessionOrThrow(session.id);
    session.page();
  } catch (state) {
    if (isToolError(state)) return state;
  }
  return new ToolError('WINDOW_NOT_FOUND', 'The window closed during the call.', { next: [CoreTools.windowsList] });
}
