import type { Locator } from 'playwright-core';
import { Params, clampTimeout, unresponsiveAfter, within, type Session } from '@stagewright/sdk';
import { classifyFailure } from './classify-failure.js';

const HUNG_GRACE_MS = 3_000;

/** Actions wait for actionability this long unless the call says otherwise. */
export const ACTION_TIMEOUT = { defaultMs: 5_000, maxMs: 30_000 } as const;

/** The optional `timeoutMs` of element actions (ceiling ACTION_TIMEOUT.maxMs). */
export const actionTimeoutParam = () => Params.timeoutMs(ACTION_TIMEOUT.maxMs);

/** Codes an element action adds to those of resolving its target (the definer documents those). */
export const ACTION_ERRORS = [
  'ELEMENT_NOT_FOUND',
  'AMBIGUOUS_SELECTOR',
  'ELEMENT_NOT_VISIBLE',
  'ELEMENT_DETACHED',
  'ELEMENT_COVERED',
  'ACTION_TIMEOUT',
] as const;

export interface ActOptions {
  timeoutMs?: number;
  needsEnabled?: boolean;
  needsEditable?: boolean;
}

/** The resolved element an action runs on: an element tool's context. */
export interface ActTarget {
  readonly locator: Locator;
  readonly session: Session;
  readonly byRef: boolean;
}

/**
 * Run a Playwright action on the resolved element with a clamped timeout; on failure, say why
 * with a distinct code (see classifyFailure). Several matches fail at once (Playwright's strict
 * mode), so no extra round trip is spent counting before the action.
 */
export async function act<T>(
  target: ActTarget,
  run: (locator: Locator, timeout: number) => Promise<T>,
  options: ActOptions = {},
): Promise<T> {
  // Playwright reads 0 as "no timeout"; here it means "try once, now".
  const timeout = Math.max(1, clampTimeout(options.timeoutMs, ACTION_TIMEOUT.defaultMs, ACTION_TIMEOUT.maxMs));
  try {
    // Playwright's own timeout cannot interrupt an input event a hung page never acknowledges.
    return await within(run(target.locator, timeout), timeout + HUNG_GRACE_MS, unresponsiveAfter(timeout + HUNG_GRACE_MS));
  } catch (error) {
    throw await classifyFailure(error, target.locator, target.session, {
      byRef: target.byRef,
      countBefore: target.byRef ? 1 : 0,
      needsEnabled: options.needsEnabled ?? true,
      needsEditable: options.needsEditable,
    });
  }
}
