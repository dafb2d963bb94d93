import type { BrowserContext, Request, Route } from 'playwright-core';
import { methodMatcher, urlMatcher } from './url-match.js';

export interface StubSpec {
  url: string;
  method?: string;
  status?: number;
  headers?: Record<string, string>;
  body?: string;
  contentType?: string;
  delayMs?: number;
  /** A Playwright network error code (`failed`, `connectionrefused`...): fail instead of answering. */
  abort?: string;
  /** Answer this many matching requests, then remove the stub. */
  times?: number;
}

interface ActiveStub {
  id: string;
  spec: StubSpec;
  hits: number;
  matches: (url: URL) => boolean;
  matchesMethod: (method: string) => boolean;
  handler: (route: Route, request: Request) => Promise<unknown>;
}

function guessContentType(body: string): string {
  try {
    JSON.parse(body);
    return 'application/json';
  } catch {
    return 'text/plain';
  }
}

function hasHeader(headers: Record<string, string> | undefined, name: string): boolean {
  return Object.keys(headers ?? {}).some((key) => key.toLowerCase() === name);
}

/** A stub that answers a cross-origin request lets the page read it, as a test double should. */
function responseHeaders(spec: StubSpec): Record<string, string> {
  const headers = { ...spec.headers };
  if (!hasHeader(headers, 'access-control-allow-origin')) headers['access-control-allow-origin'] = '*';
  return headers;
}

const PREFLIGHT_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': '*',
  'access-control-allow-headers': '*',
};

/**
 * The stubs of one browser context, through context.route: they answer requests of every window,
 * also windows opened later, without touching the app. The newest matching stub answers first.
 */
export class StubSet {
  private readonly stubs = new Map<string, ActiveStub>();
  private nextId = 1;
  /** Requests a stub answered or aborted, so capture can mark them. */
  readonly answered = new WeakSet<Request>();

  constructor(private readonly context: BrowserContext) {}

  get size(): number {
    return this.stubs.size;
  }

  list(): { id: string; url: string; method?: string; hits: number; times?: number }[] {
    return [...this.stubs.values()].map(({ id, spec, hits }) => ({ id, url: spec.url, method: spec.method, hits, times: spec.times }));
  }

  async add(spec: StubSpec): Promise<string> {
    const id = `stub${this.nextId++}`;
    const matchesUrl = urlMatcher(spec.url);
    const stub: ActiveStub = {
      id,
      spec,
      hits: 0,
      matches: (url) => matchesUrl(url.href),
      matchesMethod: methodMatcher(spec.method ? [spec.method] : undefined),
      // A route whose page closed meanwhile rejects; that request needs no answer any more.
      handler: (route, request) => this.answer(stub, route, request).catch(() => undefined),
    };
    this.stubs.set(id, stub);
    await this.context.route(stub.matches, stub.handler);
    return id;
  }

  private async answer(stub: ActiveStub, route: Route, request: Request): Promise<void> {
    const { id, spec, matchesMethod } = stub;
    if (!this.stubs.has(id)) return route.fallback();
    if (request.method() === 'OPTIONS' && spec.method?.toUpperCase() !== 'OPTIONS' && request.headers()['access-control-request-method']) {
      return route.fulfill({ status: 204, headers: PREFLIGHT_HEADERS });
    }
    if (!matchesMethod(request.method())) return route.fallback();
    stub.hits++;
    // Not awaited: unrouting from inside the route's own handler must not wait on that handler.
    if (spec.times !== undefined && stub.hits >= spec.times) void this.remove(id);
    if (spec.delayMs) await new Promise((resolve) => setTimeout(resolve, spec.delayMs));
    this.answered.add(request);
    if (spec.abort) return route.abort(spec.abort);
    const body = spec.body ?? '';
    return route.fulfill({
      status: spec.status ?? 200,
      headers: responseHeaders(spec),
      contentType: spec.contentType ?? guessContentType(body),
      body,
    });
  }

  /** Remove one stub; false when no stub has that id. */
  async remove(id: string): Promise<boolean> {
    const stub = this.stubs.get(id);
    if (!stub) return false;
    this.stubs.delete(id);
    await this.context.unroute(stub.matches, stub.handler).catch(() => undefined);
    return true;
  }

  async clear(): Promise<number> {
    const ids = [...this.stubs.keys()];
    for (const id of ids) await this.remove(id);
    return ids.length;
  }
}
