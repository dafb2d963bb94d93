import type { BrowserContext, Request, Route } from 'playwright-core';
import { INERT_RESOURCE_TYPES, skipReason } from './stub-policy.js';
import { methodMatcher, patternList, urlMatcher } from './url-match.js';
import { guessContentType, hasHeader } from './stub-answer.js';

export interface StubSpec {
  url: string | string[];
  method?: string | string[];
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

/** What network_unstub reports of a stub: skipped counts the requests it let through (stub-policy.ts). */
export interface StubReport {
  id: string;
  url: string | string[];
  method?: string | string[];
  hits: number;
  times?: number;
  skipped?: { count: number; types: string[]; reason: string };
}

interface ActiveStub {
  id: string;
  spec: StubSpec;
  /** The operator granted renderer eval: this stub may answer every resource type. */
  mayExecute: boolean;
  hits: number;
  skipped: Map<string, number>;
  matches: (url: URL) => boolean;
  matchesMethod: (method: string) => boolean;
  handler: (route: Route, request: Request) => Promise<unknown>;
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
  /** Requests a stub matched but let through (stub-policy.ts), with the reason, so capture can say so. */
  readonly skipped = new WeakMap<Request, string>();

  constructor(private readonly context: BrowserContext) {}

  get size(): number {
    return this.stubs.size;
  }

  list(): StubReport[] {
    return [...this.stubs.values()].map(report);
  }

  /** `mayExecute`: the server grants renderer eval, so the stub may answer documents and scripts too. */
  async add(spec: StubSpec, mayExecute: boolean): Promise<string> {
    const id = `stub${this.nextId++}`;
    const matchesUrl = urlMatcher(spec.url);
    const stub: ActiveStub = {
      id,
      spec,
      mayExecute,
      hits: 0,
      skipped: new Map(),
      matches: (url) => matchesUrl(url.href),
      matchesMethod: methodMatcher(spec.method),
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
    if (
      request.method() === 'OPTIONS' &&
      !patternList(spec.method).some((method) => method.toUpperCase() === 'OPTIONS') &&
      request.headers()['access-control-request-method']
    ) {
      return route.fulfill({ status: 204, headers: PREFLIGHT_HEADERS });
    }
    if (!matchesMethod(request.method())) return route.fallback();
    const type = request.resourceType();
    // An abort hands the page no body, so it may fail any kind of request.
    if (!stub.mayExecute && !spec.abort && !INERT_RESOURCE_TYPES.has(type)) {
      stub.skipped.set(type, (stub.skipped.get(type) ?? 0) + 1);
      this.skipped.set(request, `${id} let it through: ${skipReason(type)}`);
      return route.fallback();
    }
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

  /** Remove one stub; its last report, or undefined when no stub has that id. */
  async remove(id: string): Promise<StubReport | undefined> {
    const stub = this.stubs.get(id);
    if (!stub) return undefined;
    this.stubs.delete(id);
    await this.context.unroute(stub.matches, stub.handler).catch(() => undefined);
    return report(stub);
  }

  /** Remove every stub; the reports of those removed. */
  async clear(): Promise<StubReport[]> {
    const removed: StubReport[] = [];
    for (const id of [...this.stubs.keys()]) {
      const last = await this.remove(id);
      if (last) removed.push(last);
    }
    return removed;
  }
}

function report({ id, spec, hits, skipped }: ActiveStub): StubReport {
  const entry: StubReport = { id, url: spec.url, method: spec.method, hits, times: spec.times };
  if (skipped.size === 0) return entry;
  const types = [...skipped.keys()];
  const count = [...skipped.values()].reduce((sum, n) => sum + n, 0);
  return { ...entry, skipped: { count, types, reason: skipReason(types.join('/')) } };
}
