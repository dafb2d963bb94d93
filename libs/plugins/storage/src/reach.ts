import type { CDPSession, Page } from 'playwright-core';
import { ToolError, isToolError, unresponsiveAfter, within, type Session } from '@stagewright/sdk';

/** Every call into the app is bounded: a hung renderer answers RENDERER_UNRESPONSIVE, never hangs the tool. */
export const PAGE_TIMEOUT_MS = 10_000;

/** The active surface's origin (`http://127.0.0.1:4000`); storage of opaque origins cannot be read. */
export function activeOrigin(session: Session): string {
  const url = session.surfaceOrThrow().url();
  const origin = originOf(url);
  if (!origin) {
    throw new ToolError('storage.NO_ORIGIN', `The active surface (${url || 'about:blank'}) has no origin with storage.`, {
      next: ['electron_windows_list', 'electron_surfaces_list'],
    });
  }
  return origin;
}

/**
 * The storage origin of a URL. Pages loaded from files (`loadFile`, the usual Electron case) share
 * the `file://` origin and have storage; about:, data: and other opaque origins are `null`.
 */
export function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    if (parsed.protocol === 'file:') return 'file://';
    return parsed.origin === 'null' ? null : parsed.origin;
  } catch {
    return null;
  }
}

/**
 * Run `fn(arg)` in the active surface (page or frame), bounded by PAGE_TIMEOUT_MS. The function is
 * serialised by Playwright, so it must not close over anything: everything it needs comes in `arg`.
 */
export async function inPage<A, R>(session: Session, fn: (arg: A) => R | Promise<R>, arg: A): Promise<R> {
  const surface = session.surfaceOrThrow() as { url(): string; evaluate(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R> };
  try {
    return await within(surface.evaluate(fn, arg), PAGE_TIMEOUT_MS, unresponsiveAfter(PAGE_TIMEOUT_MS));
  } catch (error) {
    // The page refuses storage to its origin (sandboxed frame, opaque origin, storage disabled).
    if (!isToolError(error) && error instanceof Error && /SecurityError|access is denied/i.test(error.message)) {
      throw new ToolError(
        'storage.NO_ORIGIN',
        `The active surface (${surface.url()}) may not use this storage: ${error.message.split('\n')[0]}`,
      );
    }
    throw error;
  }
}

/**
 * A DevTools session on `page` for the length of `use`, then detached: reading storage through the
 * protocol runs no script in the app and leaves nothing behind.
 */
export async function withDevTools<T>(page: Page, use: (send: DevToolsSend) => Promise<T>): Promise<T> {
  const cdp: CDPSession = await within(page.context().newCDPSession(page), PAGE_TIMEOUT_MS, unresponsiveAfter(PAGE_TIMEOUT_MS));
  const send: DevToolsSend = (method, params) =>
    within(cdp.send(method as never, params as never) as Promise<never>, PAGE_TIMEOUT_MS, unresponsiveAfter(PAGE_TIMEOUT_MS));
  try {
    return await use(send);
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

export type DevToolsSend = <T = Record<string, unknown>>(method: string, params?: Record<string, unknown>) => Promise<T>;
