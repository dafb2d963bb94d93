import type { BrowserContext, Page, Request } from 'playwright-core';
import { EventRing } from './event-ring.js';
import { describeRequest, type RecordOptions } from './network-event.js';
import { methodMatcher, urlMatcher } from './url-match.js';

export interface CaptureFilter {
  url?: string | readonly string[];
  methods?: string | readonly string[];
  /** Only requests of this window's page (its frames included). */
  page?: Page;
}

/** The page a request came from; a worker's request has no frame. */
function pageOf(request: Request): Page | undefined {
  try {
    return request.frame().page();
  } catch {
    return undefined;
  }
}

/** Requests started but not ended are tracked up to this many (a stalled page cannot grow it). */
const MAX_IN_FLIGHT = 1000;
/** How long a read waits for events whose details are still being fetched from the app. */
const SETTLE_MS = 2000;

/**
 * Records the requests of one browser context, so every window of the session (also windows
 * opened later) is covered, through Playwright's context events from the server side: nothing is
 * installed in the app, and stop() leaves nothing behind.
 */
export class Capture {
  readonly ring: EventRing;
  private readonly started = new Map<Request, number>();
  private readonly describing = new Set<Promise<void>>();
  private readonly matchesUrl;
  private readonly matchesMethod;
  active = true;

  private readonly onRequest = (request: Request) => {
    if (!this.matchesUrl(request.url()) || !this.matchesMethod(request.method())) return;
    if (this.filter.page && pageOf(request) !== this.filter.page) return;
    if (this.started.size >= MAX_IN_FLIGHT) this.started.delete(this.started.keys().next().value as Request);
    this.started.set(request, Date.now());
  };

  private readonly onEnd = (request: Request) => {
    const startedAt = this.started.get(request);
    if (startedAt === undefined) return;
    this.started.delete(request);
    const job = describeRequest(request, startedAt, this.options, this.stubOf(request))
      .then((event) => this.ring.push(event))
      .catch(() => undefined)
      .finally(() => this.describing.delete(job));
    this.describing.add(job);
  };

  constructor(
    private readonly context: BrowserContext,
    readonly filter: CaptureFilter,
    private readonly options: RecordOptions,
    capacity: number,
    private readonly stubOf: (request: Request) => { stubbed: boolean; skipped?: string },
  ) {
    this.ring = new EventRing(capacity);
    this.matchesUrl = urlMatcher(filter.url);
    this.matchesMethod = methodMatcher(filter.methods);
    context.on('request', this.onRequest);
    context.on('requestfinished', this.onEnd);
    context.on('requestfailed', this.onEnd);
  }

  get inFlight(): number {
    return this.started.size;
  }

  /** Lets events of requests that already ended reach the ring before a read. */
  async settle(): Promise<void> {
    if (this.describing.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.describing]),
      new Promise((resolve) => {
        timer = setTimeout(resolve, SETTLE_MS);
      }),
    ]);
    clearTimeout(timer);
  }

  /** Detach from the context; recorded events stay readable. */
  stop(): void {
    if (!this.active) return;
    this.active = false;
    this.context.off('request', this.onRequest);
    this.context.off('requestfinished', this.onEnd);
    this.context.off('requestfailed', this.onEnd);
    this.started.clear();
  }
}
