import { Params, ToolError, isToolError, type ElementToolContext, type ToolContext } from '@stagewright/sdk';
import { SESSION_ERRORS } from '../shared/session-errors.js';
import type { ProbeTarget } from './probe.js';

/** Codes every read, wait and expect on an element can return. */
export const TARGET_ERRORS = [
  ...SESSION_ERRORS, 'WINDOW_NOT_FOUND', 'REF_NOT_FOUND', 'ELEMENT_NOT_FOUND', 'AMBIGUOUS_SELECTOR', 'RENDERER_UNRESPONSIVE',
] as const;

/** The target parameters, worded and bounded exactly as defineElementTool adds them. */
export const targetProps = () => ({ ref: Params.ref(), selector: Params.selector(), sessionId: Params.sessionId() });

export interface TargetArgs {
  ref?: string;
  selector?: string;
  sessionId?: string;
}

/** The probe target of a defineElementTool handler. */
export function probeTarget(ctx: ElementToolContext, args: TargetArgs): ProbeTarget {
  return { session: ctx.session, locator: ctx.locator, byRef: args.ref !== undefined };
}

/**
 * For tools where absence is an answer (exists, hidden/detached waits, negative expects): a ref
 * whose element has left the page resolves to "no match" instead of REF_NOT_FOUND.
 */
export async function resolveTarget(ctx: ToolContext, args: TargetArgs, absentOk: boolean): Promise<ProbeTarget> {
  if ((args.ref === undefined) === (args.selector === undefined)) {
    throw new ToolError('BAD_ARGUMENT', 'Pass exactly one of ref or selector.', { details: { accepted: ['ref', 'selector'] }, next: ['electron_snapshot'] });
  }
  const session = ctx.sessionOrThrow(args.sessionId);
  try {
    const locator = await session.locate({ ref: args.ref, selector: args.selector });
    return { session, locator, byRef: args.ref !== undefined };
  } catch (error) {
    if (absentOk && isToolError(error) && error.code === 'REF_NOT_FOUND') return { session, locator: undefined, byRef: true };
    throw error;
  }
}
