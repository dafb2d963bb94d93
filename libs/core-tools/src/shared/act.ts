import type { Locator } from 'playwright-core';
import { Params, clampTimeout, type Session } from '@stagewright/sdk';
import { classifyFailure } from './classify-failure.js';
import { unresponsive, within } from './deadline.js';

const HUNG_GRACE_MS = 3_000;

/** Actions wait for actionability this long unless the call says otherwise. */
export const ACTION_TIMEOUT = { defaultMs: 5_000, maxMs: 30_000 } as const;

/** The optional `timeoutMs` of element actions (ceiling ACTION_TIMEOUT.maxMs). */
export const actionTimeoutParam = () => Params.timeoutMs(ACTION_TIMEOUT.maxMs);

/** Codes every element action can return, for `detail.errors`. */
export const ACTION_ERRORS = [
  'NO_SESSION', 'SESSION_AMBIGUOUS', 'SESSION_NOT_FOUND', 'APP_EXITED', 'WINDOW_NOT_FOUND',
  'REF_NOT_FOUND', 'ELEMENT_NOT_FOUND', 'AMBIGUOUS_SELECTOR', 'ELEMENT_NOT_VISIBLE', 'ELEMENT_DETACHED',
  'ELEMENT_COVERED', 'ACTION_TIMEOUT', 'RENDERER_UNRESPONSIVE',
] as const;

export interface ActOptions {
  timeoutMs?: number;
  needsEnabled?: boolean;
  needsEditable?: boolean;
}

/**
 * Run a Playwright action on the resolved element with a clamped timeout; on failure, say why
 * with a distinct code (see classifyFailure). Several matches fail at once (Playwright's strict
 * mode), so no extra round trip is spent counting before the action.
 */
export async function act<T>(
  ctx: { locator: Locator; session: Session },
  args: { ref?: string },
  run: (locator: Locator, timeout: number) => Promise<T>,
  options: ActOptions = {},
): Promise<T> {
  // Playwright reads 0 as "no timeout"; here it means "try once, now".
  const timeout = Math.max(1, clampTimeout(options.timeoutMs, ACTION_TIMEOUT.defaultMs, ACTION_TIMEOUT.maxMs));
  try {
    // Playwright's own timeout cannot interrupt an input event a hung page never acknowledges.
    return await within(run(ctx.locator, timeout), timeout + HUNG_GRACE_MS, unresponsive);
  } catch (error) {
    throw await classifyFailure(error, ctx.locator, ctx.session, {
      byRef: args.ref !== undefined,
      countBefore: args.ref !== undefined ? 1 : 0,
      needsEnabled: options.needsEnabled ?? true,
      needsEditable: options.needsEditable,
    });
  }
}
