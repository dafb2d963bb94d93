import type { CDPSession, Page } from 'playwright-core';
import { ToolError, isToolError, unresponsiveAfter, within, type Session } from '@stagewright/sdk';

/** Every call into the app is bounded: a hung renderer answers RENDERER_UNRESPONSIVE, never hangs the tool. */
export const PAGE_TIMEOUT_MS = 10_000;

/** The active surface's origin (`http://127.0.0.1:4000`); storage of opaque origins cannot be read. */
export function activeOrigin(session: Session): string {
  const url = session.surfaceOrThrow().url();
  const origin = originOf(url);
  if (!origin) {
    throw new ToolError('storage.NO_ORIGIN', `The active surface (${url || 'about:blank'}) has no origin with storage.`);
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

interface FrameNode {
  frame: { id: string; url: string; urlFragment?: string };
  childFrames?: FrameNode[];
}

/** The DevTools id of the active surface: the window's main frame, or the first frame showing the surface's URL. */
function frameIdOf(tree: FrameNode, url: string | undefined): string | undefined {
  if (url === undefined) return tree.frame.id;
  const nodes = [tree];
  for (let node = nodes.shift(); node; node = nodes.shift()) {
    if (node.frame.url + (node.frame.urlFragment ?? '') === url || node.frame.url === url) return node.frame.id;
    nodes.push(...(node.childFrames ?? []));
  }
  return undefined;
}

/**
 * Run this plugin's own `fn(arg)` in an isolated world of the active surface, through DevTools:
 * the app's scripts cannot see or alter it, and `arg` travels as JSON data (a CDP call argument),
 * never as source. This is how data-only writes run without the renderer eval grant (ADR-0031):
 * what runs is fixed by the plugin, whatever the caller passes.
 */
export async function inIsolatedWorld<A, R>(session: Session, fn: (arg: A) => Promise<R>, arg: A): Promise<R> {
  const page = session.pageOrThrow();
  const surface = session.surfaceOrThrow();
  return withDevTools(page, async (send) => {
    const { frameTree } = await send<{ frameTree: FrameNode }>('Page.getFrameTree');
    const frameId = frameIdOf(frameTree, surface === page ? undefined : surface.url());
    if (frameId === undefined) {
      throw new ToolError('storage.NO_ORIGIN', `The active frame (${surface.url()}) runs apart from its window; switch to its window.`);
    }
    const world = await send<{ executionContextId: number }>('Page.createIsolatedWorld', { frameId, worldName: 'stagewright-storage' });
    const answer = await send<{ result: { value?: R }; exceptionDetails?: { exception?: { description?: string }; text: string } }>(
      'Runtime.callFunctionOn',
      {
        // Bundlers may wrap named functions in a `__name` helper; the isolated world has none.
        functionDeclaration: `function (arg) { const __name = (f) => f; return (${fn.toString()})(arg); }`,
        executionContextId: world.executionContextId,
        arguments: [{ value: arg }],
        awaitPromise: true,
        returnByValue: true,
      },
    );
    if (answer.exceptionDetails) {
      const { exception, text } = answer.exceptionDetails;
      const message = (exception?.description ?? text).split('\n')[0];
      if (/SecurityError|access is denied/i.test(message)) {
        throw new ToolError('storage.NO_ORIGIN', `The active surface (${surface.url()}) may not use this storage: ${message}`);
      }
      throw new Error(`storage write failed in the page: ${message}`);
    }
    return answer.result.value as R;
  });
}
