import { ToolError, ambiguous, isToolError, readElements, rendererUnresponsive, within, type FailedElement } from '@stagewright/sdk';

/** Playwright's ways of saying the page, its renderer or the whole app went away mid-call. */
const TARGET_GONE =
  /Target (?:page, context or browser )?(?:has been )?closed|Target crashed|Page crashed|Browser has been closed|has been disconnected/i;
/** Wider: any failure that may have been caused by the app going away, whose exit event may trail it. */
const MAYBE_GONE = /closed|crashed|disconnected|Target/i;
/** How long an exit the failure hints at may take to arrive as the child's exit event. */
const EXIT_TRAIL_MS = 1_000;
/** How long the one read of the element's state may take; a page that does not answer is hung. */
const READ_MS = 2_000;

/** What the translator asks of its session. */
export interface FailureSubject {
  /** APP_EXITED when the app is gone (after waiting up to `waitMs` for an exit to report), else undefined. */
  appExited(waitMs: number): Promise<ToolError | undefined>;
  /** Why the session has no usable page (WINDOW_NOT_FOUND, RENDERER_UNRESPONSIVE), or undefined when it has one. */
  pageProblem(): ToolError | undefined;
  /** Present when the failed call is an action (ADR-0020). */
  action?: {
    /** Whether the window the action began in has closed since. */
    closedItsWindow(): Promise<boolean>;
    /** Page errors thrown since the agent was last told of any, as short lines; marks them told. */
    untoldPageErrors(): string[];
  };
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : '';
}

function targetGone(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TargetClosedError' || TARGET_GONE.test(error.message));
}

/**
 * The one translator from what Playwright said to our codes (Session.explainFailure documents
 * the contract). Order matters: a dead app explains everything, then a closed page or crashed
 * renderer, then the element; what none of them explains is returned unchanged. For an action,
 * its own window closing is its effect (undefined: no failure), and what is thrown carries the
 * page errors the agent has not been told of.
 */
export async function explainFailure(error: unknown, element: FailedElement | undefined, session: FailureSubject): Promise<unknown> {
  const explained = await translate(error, element, session);
  const action = session.action;
  if (!action) return explained;
  if (isToolError(explained) && explained.code === 'WINDOW_NOT_FOUND' && targetGone(error) && (await action.closedItsWindow())) {
    return undefined;
  }
  return withPageErrors(explained, action.untoldPageErrors());
}

/** A ToolError with `details.pageErrors` added; anything else (reported as INTERNAL_ERROR) unchanged. */
function withPageErrors(explained: unknown, lines: string[]): unknown {
  if (!lines.length || !isToolError(explained)) return explained;
  return new ToolError(explained.code, explained.message, {
    details: { ...explained.details, pageErrors: lines },
    cause: explained.cause,
  });
}

async function translate(error: unknown, element: FailedElement | undefined, session: FailureSubject): Promise<unknown> {
  const toolError = isToolError(error);
  const exited = await session.appExited(!toolError && MAYBE_GONE.test(message(error)) ? EXIT_TRAIL_MS : 0);
  if (exited) return exited;
  if (toolError) return error;
  if (targetGone(error)) {
    return session.pageProblem() ?? new ToolError('WINDOW_NOT_FOUND', 'The window closed during the call.');
  }
  return element ? explainElement(error, element, session) : error;
}

/**
 * Why an element action failed, from one read of the element (count, visibility, enabled,
 * editable and a hit test, in one round trip) rather than from Playwright's English error text.
 */
async function explainElement(error: unknown, { locator, byRef, needs }: FailedElement, session: FailureSubject): Promise<unknown> {
  let hung = false;
  const read = await within(
    readElements(locator, byRef, { limit: 1, state: true, hit: true }).catch(() => undefined),
    READ_MS,
    () => {
      hung = true;
      return undefined;
    },
  );
  if (hung) return (await session.appExited(0)) ?? rendererUnresponsive(READ_MS);
  if (!read) return (await session.appExited(0)) ?? error;
  if (read.count === 0) {
    if (byRef) return new ToolError('ELEMENT_DETACHED', 'The element left the DOM before the action could finish.');
    return new ToolError('ELEMENT_NOT_FOUND', 'No element matches the selector.');
  }
  if (read.count > 1) return ambiguous(read.count);
  const facts = read.items[0];
  const { visible, enabled, editable } = facts.state ?? { visible: true, enabled: true, editable: true };
  const offscreen = facts.state?.offscreen;
  const state = {
    visible,
    enabled,
    editable,
    ...(offscreen ? { offscreen } : {}),
    ...(facts.coveredBy ? { coveredBy: facts.coveredBy } : {}),
  };
  if (!visible)
    return new ToolError('ELEMENT_NOT_VISIBLE', 'The element is not visible (hidden, zero-size or display:none).', { details: { state } });
  if (needs?.enabled && !enabled) return new ToolError('ELEMENT_DISABLED', 'The element is disabled.', { details: { state } });
  if (needs?.editable && !editable) {
    return new ToolError(
      'ELEMENT_NOT_EDITABLE',
      'The element does not accept text (not an input, textarea or contenteditable, or read-only).',
    );
  }
  // Outside the window inside a fixed-position element (a drawer parked below the bottom edge):
  // scrolling cannot bring it in, so the action waited in vain.
  if (facts.parked && (error as Error)?.name === 'TimeoutError') {
    return new ToolError('ELEMENT_OUTSIDE_WINDOW', 'The element lies outside the window, and scrolling did not bring it in.', {
      details: { state },
    });
  }
  if (facts.coveredBy) {
    return new ToolError('ELEMENT_COVERED', `The element is covered by ${facts.coveredBy}.`, { details: { coveredBy: facts.coveredBy } });
  }
  if ((error as Error)?.name === 'TimeoutError') {
    return new ToolError('ACTION_TIMEOUT', 'The element did not become actionable in time (it may be moving or animating).', {
      details: { state },
    });
  }
  return error;
}
