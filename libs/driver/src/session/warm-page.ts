import type { Page } from 'playwright-core';
import { readElements, within } from '@stagewright/sdk';

/** The longest a launch waits for the warm-up; a page that is slower is left to warm on first use. */
export const WARM_UP_MS = 1_000;
/**
 * Pages up to this many DOM elements get a whole ai-mode snapshot in the warm-up; bigger ones
 * only the cheap part (their first snapshot takes seconds, which a launch should not pay for an
 * agent that may never take one).
 */
export const WARM_SNAPSHOT_MAX_ELEMENTS = 3_000;

/**
 * Pays, before the launch answers, what a document's first read would otherwise pay (issue 24):
 * - Playwright creates its injected script (a large source, parsed and run in the page) once per
 *   world and document, on first use: the utility world for selectors, refs and snapshots, the
 *   main world for `evaluateAll` probes;
 * - V8 compiles a function on its first call, in the page and in the server: the element probe
 *   (get_text, exists, get_state, the expects), the ai-mode snapshot code in the page, and the
 *   server's snapshot path (secret masking, compaction);
 * measured on the bench fixture, 10–40 ms of CPU on each tool's first call.
 *
 * Read-only and answer-neutral: no DOM change and no input. `snapshotWhole` is the session's own
 * whole-page snapshot that sets no `since: "last"` baseline (what electron_find takes). An ai-mode
 * snapshot numbers the elements it sees, and Playwright keeps an element's ref for as long as its
 * role and name stay the same, so a whole-page one numbers them exactly as the agent's first
 * snapshot would (a subtree would have numbered its elements first and shifted every other ref).
 * Pages too big for that get a default-mode snapshot of `<head>` instead, which assigns no refs.
 * Either replaces Playwright's "last snapshot" that `aria-ref=` selectors resolve against, which
 * is why it is awaited. Any failure (a navigation, a closed window) is ignored.
 */
export async function warmPage(page: Page, snapshotWhole?: () => Promise<unknown>): Promise<void> {
  const work = (async () => {
    const elements = await page.locator(':root').evaluateAll(() => document.getElementsByTagName('*').length);
    const small = elements <= WARM_SNAPSHOT_MAX_ELEMENTS;
    const probe = readElements(page.locator('body'), false, { limit: 1, state: true, hit: true, text: small, maxText: 1 });
    const snapshot = small && snapshotWhole ? snapshotWhole() : page.locator('head').ariaSnapshot({ timeout: WARM_UP_MS });
    await Promise.all([probe, snapshot]);
  })().catch(() => undefined);
  await within(work, WARM_UP_MS, () => undefined);
}
