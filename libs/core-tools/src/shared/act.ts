import type { Locator } from 'playwright-core';
import { Params, clampTimeout } from '@stagewright/sdk';

/** How long an action waits for actionability unless the call says otherwise, and its ceiling (not the ACTION_TIMEOUT code). */
export const ACTION_WAIT = { defaultMs: 5_000, maxMs: 30_000 } as const;

/** The optional `timeoutMs` of element actions (ceiling ACTION_WAIT.maxMs). */
export const actionTimeoutParam = () => Params.timeoutMs(ACTION_WAIT.maxMs);

/** Codes an element action adds to those of resolving its target (the definer documents those). */
export const ACTION_ERRORS = [
  'ELEMENT_NOT_FOUND',
  'AMBIGUOUS_SELECTOR',
  'ELEMENT_NOT_VISIBLE',
  'ELEMENT_DETACHED',
  'ELEMENT_COVERED',
  'ELEMENT_OUTSIDE_WINDOW',
  'ACTION_TIMEOUT',
] as const;

export interface ActOptions {
  timeoutMs?: number;
}

/** The resolved element an action runs on: an element tool's context. */
export interface ActTarget {
  readonly locator: Locator;
}

/**
 * Run a Playwright action on the resolved element with a clamped timeout. Nothing else: a
 * failure goes to the element definer's catch, whose translator (session.explainFailure) says
 * why with a distinct code, checking what the tool declared it `needs`. Several matches fail at
 * once (Playwright's strict mode), so no extra round trip is spent counting before the action.
 */
export function act<T>(target: ActTarget, run: (locator: Locator, timeout: number) => Promise<T>, options: ActOptions = {}): Promise<T> {
  // Playwright reads 0 as "no timeout"; here it means "try once, now".
  const timeout = Math.max(1, clampTimeout(options.timeoutMs, ACTION_WAIT.defaultMs, ACTION_WAIT.maxMs));
  return run(target.locator, timeout);
}
