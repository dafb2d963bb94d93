import type { Page } from 'playwright-core';
import { within } from '@stagewright/sdk';

/** The longest a launch waits for the warm-up; a page that is slower is left to warm on first use. */
export const WARM_UP_MS = 1_000;

/**
 * Pays, before the launch answers, what a document's first read would otherwise pay (issue 24):
 * Playwright creates its injected script (a large source, parsed and run in the page) once per
 * world and document, on first use: the utility world for selectors, refs and snapshots, the
 * main world for `evaluateAll` probes. The first aria snapshot also compiles the snapshot code.
 * Measured on the bench fixture, that is 50–120 ms of the first read, against ~40 ms here, where
 * the launch already waits for the window.
 *
 * Read-only and answer-neutral: no DOM change, and the snapshot is of `<head>` in default mode,
 * which assigns no refs (ai-mode refs number elements; a warm-up that consumed e1 would shift
 * every ref the agent sees). It replaces Playwright's "last snapshot" that `aria-ref=` selectors
 * resolve against, which is why it is awaited: it finishes before the agent can take a
 * snapshot of its own. Any failure (a navigation, a closed window) is ignored.
 */
export async function warmPage(page: Page): Promise<void> {
  const head = page.locator('head');
  const work = Promise.all([page.locator(':root').evaluateAll(() => 0), head.ariaSnapshot({ timeout: WARM_UP_MS })]).then(
    () => undefined,
    () => undefined,
  );
  await within(work, WARM_UP_MS, () => undefined);
}
