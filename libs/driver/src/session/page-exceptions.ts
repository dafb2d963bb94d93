import type { Page } from 'playwright-core';

/** The fields of CDP's Runtime.ExceptionDetails that an entry needs. */
export interface ExceptionDetails {
  /** "Uncaught" or "Uncaught (in promise)", sometimes followed by the message. */
  text: string;
  url?: string;
  lineNumber: number;
  columnNumber: number;
  exception?: { description?: string };
  stackTrace?: { callFrames: { functionName: string; url: string; lineNumber: number; columnNumber: number }[] };
}

/**
 * Uncaught exceptions and unhandled rejections of a page through its own CDP session. Enabling
 * the Runtime domain replays the exceptions the page already threw, so those of the first load
 * are reported even though the window existed before we watched it; later ones follow live.
 * Playwright's `pageerror` cannot tell a rejection from an exception, CDP's text can.
 */
export async function watchExceptions(page: Page, onException: (details: ExceptionDetails) => void): Promise<void> {
  try {
    const cdp = await page.context().newCDPSession(page);
    cdp.on('Runtime.exceptionThrown', (event) => onException(event.exceptionDetails as ExceptionDetails));
    await cdp.send('Runtime.enable');
  } catch {
    // The window closed first, or the connection offers no CDP (nothing to watch then).
  }
}
