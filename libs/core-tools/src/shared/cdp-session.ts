import type { CDPSession, Page } from 'playwright-core';
import { unresponsiveAfter, within } from '@stagewright/sdk';

const sessions = new WeakMap<Page, Promise<CDPSession>>();

/**
 * A DevTools session on a window's page, opened once and kept. Opening one needs the renderer to
 * answer, so tools that may have to rescue a hung page (eval's terminate) open it beforehand.
 */
export function cdpSessionFor(page: Page, timeoutMs = 5_000): Promise<CDPSession> {
  let session = sessions.get(page);
  if (!session) {
    session = page.context().newCDPSession(page);
    sessions.set(page, session);
    const opened = session;
    opened.catch(() => {
      if (sessions.get(page) === opened) sessions.delete(page);
    });
    page.once('close', () => sessions.delete(page));
  }
  return within(session, timeoutMs, unresponsiveAfter(timeoutMs));
}

/** Send over the page's kept session, reopening it once if it was closed under us. */
export async function cdpSend<T>(page: Page, method: string, params: Record<string, unknown> = {}, timeoutMs = 10_000): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const session = await cdpSessionFor(page, timeoutMs);
    try {
      return (await within(session.send(method as never, params as never), timeoutMs, unresponsiveAfter(timeoutMs))) as T;
    } catch (error) {
      const closed = error instanceof Error && /closed|detached/i.test(error.message);
      if (!closed || attempt > 0) throw error;
      sessions.delete(page);
    }
  }
}
