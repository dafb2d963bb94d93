import type { Frame, Page } from 'playwright-core';
import {
  CoreTools,
  ToolError,
  unresponsiveAfter,
  withContentNames,
  within,
  type SnapshotOptions,
  type SnapshotResult,
} from '@stagewright/sdk';
import { safeTitle } from '../session/window-tracker.js';
import { diffSnapshots } from './snapshot-diff.js';
import { boundText } from './snapshot-lines.js';
import { compactSnapshot, interactiveView } from './compact-snapshot.js';
import { outlineOf } from './snapshot-outline.js';
import { maskSecretValues, secretValuesOf } from './mask-secrets.js';
import type { NavigationTracker } from './navigation-tracker.js';
import { markWindow, pageWindow, restoreLineBreaks, type Viewport } from './window-marks.js';

export const DEFAULT_SNAPSHOT_CHARS = 30_000;
/**
 * A renderer that does not answer a trivial probe within this is hung (RENDERER_UNRESPONSIVE).
 * One that does gets READ_TIMEOUT_MS (DriverOptions.snapshotReadMs) for the snapshot itself: reading a page of 20,000 elements
 * takes seconds, more on a loaded machine, and is not a hang.
 */
const PROBE_TIMEOUT_MS = 10_000;
const READ_TIMEOUT_MS = 60_000;

export const MAX_SNAPSHOT_CHARS = 200_000;
/** How often a snapshot is taken again when its document navigated while it was read. */
const NAVIGATION_RETRIES = 3;
const NAVIGATED = /Execution context was destroyed|because of a navigation/;

/**
 * The window and, when it is cut, the outline: together within `maxChars` (issue 24). The outline
 * may take up to a third of it, since on a page of hundreds of lists the outline is what lets the
 * next read go straight to the right one; the window gives up what the outline takes.
 */
function cutWithOutline(text: string, maxChars: number) {
  const first = boundText(text, maxChars);
  if (!first.truncated) return { bounded: first, cut: {} };
  const budget = Math.floor(maxChars / 3);
  const sized = outlineOf(text, first.text.length, budget);
  const bounded = boundText(text, maxChars - sized.length);
  return { bounded, cut: { omitted: bounded.omitted, outline: outlineOf(text, bounded.text.length, budget) } };
}

/**
 * A read that outlasted its bound on a page that had just answered the probe: the page is big,
 * not hung. Chromium works out every field's labels on a document's first read (docs/benchmarks.md,
 * "Third round"), so a big page's first read is its slowest, and the page goes on finishing it
 * after the server stops waiting. Telling the agent to stop the app, as for a hung page, would
 * throw away a page that answers the next read faster.
 */
export function readTooSlow(ms: number): ToolError {
  return new ToolError(
    'PAGE_READ_SLOW',
    `The page answered, but reading it whole did not finish within ${ms} ms. It is big, not hung: a page's first read is its slowest, and it is still finishing this one.`,
    { details: { readMs: ms } },
  );
}

interface Previous {
  text: string;
  docSeq: number;
  url: string;
  title: string;
}

/**
 * The baselines of one surface, one per scope (root ref and depth): a diff is only meaningful
 * against a snapshot of the same scope, and a depth-limited look in between must not make the
 * next whole-page `since: "last"` start over (issue 29).
 */
interface Baselines {
  byScope: Map<string, Previous>;
  /** The scope of the surface's most recent snapshot. */
  lastScope?: string;
}

/** Baselines kept per surface; the least recently used scope goes first. */
const MAX_SCOPES = 4;

/** The scope in the words a diff answer names its baseline with. */
function describeScope(options: SnapshotOptions): string {
  const parts = [
    options.ref ? `ref ${options.ref}` : '',
    options.depth ? `depth ${options.depth}` : '',
    options.interactive ? 'interactive' : '',
  ].filter(Boolean);
  return parts.length ? `last snapshot with ${parts.join(', ')}` : 'last whole page snapshot';
}

/**
 * AI-mode aria snapshots of a surface, remembering the last full text per surface so
 * `since: "last"` can return only what changed.
 */
export class SnapshotStore {
  private readonly baselines = new WeakMap<Page | Frame, Baselines>();
  private readonly latest = new WeakMap<Page | Frame, string>();

  constructor(
    private readonly navigation: NavigationTracker,
    /** The window's title as electron_windows names it (the app's, not only the document's). */
    private readonly titleOf: (page: Page) => Promise<string> = safeTitle,
    private readonly readMs = READ_TIMEOUT_MS,
  ) {}

  /** The last full snapshot text of a surface (for `similar` refs). */
  lastText(surface: Page | Frame): string | undefined {
    return this.latest.get(surface);
  }

  async take(page: Page, surface: Page | Frame, options: SnapshotOptions, signal?: AbortSignal): Promise<SnapshotResult> {
    const frame = 'mainFrame' in surface ? surface.mainFrame() : surface;
    const doc = this.navigation.current(frame);
    // The title comes from the main process (two processes, two queues): asked while the page is read, not after.
    const title = this.titleOf(page);
    title.catch(() => undefined); // awaited below; a capture that fails first must not leave it unhandled
    const compact = compactSnapshot(await this.capture(page, surface, options, signal));
    const text = options.interactive ? interactiveView(compact) : compact;
    const base = { url: frame.url(), title: await title };
    const scope = `${options.ref ?? ''}|${options.depth ?? ''}|${options.interactive ? 'i' : ''}`;
    // What the agent reads and what diffs compare carry every name, as find and role selectors
    // match it; lookups (whole, similar refs) read Playwright's own text.
    const named = withContentNames(text);
    const baselines = this.baselinesOf(surface);
    const before = baselines.byScope.get(scope);
    const otherSince = baselines.lastScope !== undefined && baselines.lastScope !== scope;
    if (options.baseline !== false) {
      baselines.byScope.delete(scope);
      baselines.byScope.set(scope, { text: named, docSeq: doc.seq, ...base });
      if (baselines.byScope.size > MAX_SCOPES) baselines.byScope.delete(baselines.byScope.keys().next().value!);
      baselines.lastScope = scope;
    }
    if (!options.ref && !options.interactive) this.latest.set(surface, text);
    if (options.whole) return { ...base, snapshot: text, diff: false, truncated: false };

    const maxChars = Math.min(options.maxChars ?? DEFAULT_SNAPSHOT_CHARS, MAX_SNAPSHOT_CHARS);
    const full = (fullReason?: SnapshotResult['fullReason']): SnapshotResult => {
      const { bounded, cut } = cutWithOutline(named, maxChars);
      return { ...base, snapshot: bounded.text, diff: false, ...(fullReason ? { fullReason } : {}), truncated: bounded.truncated, ...cut };
    };
    if (options.since !== 'last') return full();
    const fullReason = !before ? 'no-previous' : before.docSeq !== doc.seq ? (doc.reason ?? 'navigated') : undefined;
    if (fullReason) return full(fullReason);
    const bounded = boundText(diffSnapshots(before!.text, named).text, maxChars);
    return {
      ...base,
      snapshot: bounded.text,
      diff: true,
      // Said only when a snapshot of another scope came in between, which the agent may take for the baseline.
      ...(otherSince ? { baseline: describeScope(options) } : {}),
      truncated: bounded.truncated,
      ...(bounded.omitted ? { omitted: bounded.omitted } : {}),
      urlUnchanged: before!.url === base.url,
      titleUnchanged: before!.title === base.title,
    };
  }

  private baselinesOf(surface: Page | Frame): Baselines {
    const known = this.baselines.get(surface);
    if (known) return known;
    const baselines: Baselines = { byScope: new Map() };
    this.baselines.set(surface, baselines);
    return baselines;
  }

  /**
   * Secret fields' values are masked before the text is kept, so diffs and finds never see them.
   * A document that navigates between the two reads (a reload) destroys the context the secret
   * read ran in: both reads are taken again, on the new document, rather than failing the call
   * or keeping a text whose secrets were never read.
   */
  private async capture(page: Page, surface: Page | Frame, options: SnapshotOptions, signal?: AbortSignal): Promise<string> {
    for (let attempt = 1; ; attempt++) {
      try {
        // The probe goes first in the renderer's queue, so a hung page fails it within PROBE_TIMEOUT_MS
        // while the read, sent right behind it, costs no extra round trip on a page that answers.
        const alive = within(
          surface.evaluate(() => true),
          PROBE_TIMEOUT_MS,
          unresponsiveAfter(PROBE_TIMEOUT_MS),
        );
        const secrets = within(secretValuesOf(surface), this.readMs, () => {
          throw readTooSlow(this.readMs);
        });
        const viewport = surface.evaluate(pageWindow).catch(() => undefined) as Promise<Viewport | undefined>;
        const [, text, values, window] = await Promise.all([alive, this.aria(page, surface, options, signal), secrets, viewport]);
        return restoreLineBreaks(maskSecretValues(markWindow(text, window), values), window?.multiline);
      } catch (error) {
        if (attempt >= NAVIGATION_RETRIES || !NAVIGATED.test((error as Error)?.message ?? '')) throw error;
      }
    }
  }

  private async aria(page: Page, surface: Page | Frame, options: SnapshotOptions, signal?: AbortSignal): Promise<string> {
    const opts = { mode: 'ai' as const, depth: options.depth, boxes: true, timeout: this.readMs, signal };
    const run = options.ref
      ? page.getByRef(options.ref).ariaSnapshot(opts)
      : surface === page
        ? page.ariaSnapshot(opts)
        : (surface as Frame).locator(':root').ariaSnapshot(opts);
    try {
      return await run;
    } catch (error) {
      if ((error as Error)?.name === 'TimeoutError') throw readTooSlow(this.readMs);
      throw error;
    }
  }
}
