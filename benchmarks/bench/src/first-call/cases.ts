import type { Page } from 'playwright-core';

/**
 * One read or action timed both ways: through the server (`tool` with `args`) and as the raw
 * Playwright call a script would make on the same element (`raw`). Every case leaves the page as
 * it found it (or in a state its next run repeats), so a case can run many times in a row.
 */
export interface FirstCallCase {
  tool: string;
  args: Record<string, unknown>;
  raw: (page: Page) => Promise<unknown>;
}

/** The bench fixture's Refresh button: present, visible, and clicking it only re-renders a list. */
const BUTTON = '#refresh';

export const FIRST_CALL_CASES: readonly FirstCallCase[] = [
  { tool: 'electron_status', args: {}, raw: (page) => page.title() },
  { tool: 'electron_snapshot', args: {}, raw: (page) => page.locator('body').ariaSnapshot() },
  { tool: 'electron_get_text', args: { selector: BUTTON }, raw: (page) => page.locator(BUTTON).innerText() },
  { tool: 'electron_exists', args: { selector: BUTTON }, raw: (page) => page.locator(BUTTON).count() },
  { tool: 'electron_get_state', args: { selector: BUTTON }, raw: (page) => page.locator(BUTTON).isEnabled() },
  { tool: 'electron_find', args: { role: 'button' }, raw: (page) => page.getByRole('button').count() },
  { tool: 'electron_click', args: { selector: BUTTON }, raw: (page) => page.locator(BUTTON).click() },
  { tool: 'electron_screenshot', args: {}, raw: (page) => page.screenshot() },
];
