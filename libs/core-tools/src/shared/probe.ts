import type { Locator } from 'playwright-core';
import {
  ToolError,
  ambiguous,
  readElements,
  unresponsiveAfter,
  within,
  type ElementFacts,
  type ProbeResult,
  type ProbeWant,
  type Session,
} from '@stagewright/sdk';

/** How long a single probe may take when no caller deadline is tighter. */
export const PROBE_TIMEOUT_MS = 5_000;
/** A probe always gets at least this long, even when a wait has almost no time left. */
export const MIN_PROBE_MS = 1_000;

/** What a probe needs; an element tool's context is one. */
export interface ProbeTarget {
  readonly session: Session;
  /** Undefined when a ref no longer resolves: the probe reports no match. */
  readonly locator: Locator | undefined;
  /** Refs resolve in Playwright's utility world, so they are probed through element handles. */
  readonly byRef: boolean;
}

/**
 * One round trip that counts the matches and describes the first `want.limit` of them. Never
 * waits in the page: absence is `count: 0`, and the server decides whether to poll again. A
 * failure is left to the definer's translator (session.explainFailure).
 */
export async function probe(target: ProbeTarget, want: Partial<ProbeWant>, timeoutMs = PROBE_TIMEOUT_MS): Promise<ProbeResult> {
  const full: ProbeWant = { limit: 1, ...want };
  const locator = target.locator;
  if (!locator) return { count: 0, items: [] };
  const ms = Math.max(timeoutMs, MIN_PROBE_MS);
  // A count alone is Playwright's own query, one round trip in the world where refs resolve.
  const read =
    full.limit === 0 ? async () => ({ count: await locator.count(), items: [] }) : () => readElements(locator, target.byRef, full);
  return within(retryOnNavigation(read), ms, unresponsiveAfter(ms));
}

/** Probe for exactly one element: ELEMENT_NOT_FOUND when none, AMBIGUOUS_SELECTOR when several. */
export async function probeOne(target: ProbeTarget, want: Partial<ProbeWant>, timeoutMs?: number): Promise<ElementFacts> {
  const result = await probe(target, want, timeoutMs);
  if (result.count === 0) {
    throw new ToolError(
      'ELEMENT_NOT_FOUND',
      target.byRef ? 'The element of that ref is no longer in the page.' : 'No element matches the selector.',
    );
  }
  if (result.count > 1) throw ambiguous(result.count);
  return result.items[0];
}

/** A navigation can destroy the context between resolving and evaluating; the next document answers. */
async function retryOnNavigation<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Error && /context was destroyed|navigat/i.test(error.message)) return run();
    throw error;
  }
}
