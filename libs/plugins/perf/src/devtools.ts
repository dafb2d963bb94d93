import type { CDPSession, Page } from 'playwright-core';
import { unresponsiveAfter, within, type Session } from '@stagewright/sdk';

const CDP_TIMEOUT_MS = 10_000;
const sessions = new WeakMap<Page, Promise<CDPSession>>();

/** A DevTools session on the page, opened once per page and dropped when the page closes. */
function devtoolsOf(page: Page): Promise<CDPSession> {
  let session = sessions.get(page);
  if (!session) {
    session = page.context().newCDPSession(page);
    sessions.set(page, session);
    session.catch(() => sessions.delete(page));
    page.once('close', () => sessions.delete(page));
  }
  return session;
}

/** One DevTools command on the active window's renderer, bounded: a page that never answers is unresponsive, not a hang. */
export async function rendererSend<T>(session: Session, method: string, params: Record<string, unknown> = {}): Promise<T> {
  const page = session.pageOrThrow();
  const cdp = await within(devtoolsOf(page), CDP_TIMEOUT_MS, unresponsiveAfter(CDP_TIMEOUT_MS));
  return (await within(cdp.send(method as never, params as never), CDP_TIMEOUT_MS, unresponsiveAfter(CDP_TIMEOUT_MS))) as T;
}

/** What a leak shows in one renderer, after a full garbage collection. */
export interface RendererMemory {
  heapKB: number;
  nodes: number;
  listeners: number;
  documents: number;
}

export async function rendererMemory(session: Session, collect: boolean): Promise<RendererMemory> {
  if (collect) await rendererSend(session, 'HeapProfiler.collectGarbage');
  const heap = await rendererSend<{ usedSize: number }>(session, 'Runtime.getHeapUsage');
  const dom = await rendererSend<{ documents: number; nodes: number; jsEventListeners: number }>(session, 'Memory.getDOMCounters');
  return { heapKB: Math.round(heap.usedSize / 1024), nodes: dom.nodes, listeners: dom.jsEventListeners, documents: dom.documents };
}
