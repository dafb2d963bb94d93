import { setTimeout as sleep } from 'node:timers/promises';
import type { Page } from 'playwright-core';
import { within, type ActionEffects, type ActionWatch } from '@stagewright/sdk';
import type { DialogAnswerer } from './dialog-answerer.js';
import type { WindowTracker } from './window-tracker.js';
import type { DownloadWatch } from './downloads.js';

/**
 * The longest an action's answer waits, after the action, for the page to take one turn of its
 * event loop (see SessionActionWatch.settle). A page whose timers are frozen or that is busy costs
 * this much; any other page answers in one round trip.
 */
export const SETTLE_MS = 50;
/**
 * The longest the settle then waits for windows the main process has already opened or closed
 * but Playwright has not reported yet, and for a new window's first document (its title).
 */
const CATCH_UP_MS = 1_500;
/** How long the one main-process count may take; a busy main process is not waited for. */
const COUNT_MS = 500;
const MESSAGE_CHARS = 120;

/** One read of the main process: its window count and the last lines of its effects list (ADR-0042). */
export interface MainWatchState {
  windows: number;
  /** `at`: the main process's Date.now() when the line was pushed (same clock as ours: a local app). */
  effects: { seq: number; at: number; nativeDialog?: Record<string, unknown> }[];
}

/** What a watch reads of its session. */
export interface WatchedSession {
  readonly windows: WindowTracker;
  readonly dialogs: DialogAnswerer;
  /** The main process's window count and effects, when it can tell (launched and inspected sessions). */
  mainWindowCount(timeoutMs: number): Promise<MainWatchState | undefined>;
  /** The app's downloads, when they are watched (ADR-0043). */
  readonly downloads?: Pick<DownloadWatch, 'mark' | 'since'>;
}

/**
 * One action call: marks where the session's window events and dialogs stood when it began, the
 * active window and its URL, then says what changed (ADR-0020). Windows are counted on both
 * sides: the main process knows a window it opened before Playwright reports its page, so the
 * settle waits for the tracker to catch up only when the main process says something is on its
 * way, never for a fixed long time.
 */
export class SessionActionWatch implements ActionWatch {
  private readonly windowId: string | undefined;
  private readonly page: Page | undefined;
  private readonly url: string | undefined;
  private readonly eventMark: number;
  private readonly dialogMark: number;
  private readonly trackedAtStart: number;
  private readonly startedAt = Date.now();
  private readonly mainAtStart: Promise<MainWatchState | undefined>;
  private mainAtSettle: MainWatchState | undefined;
  private readonly downloadMark: Promise<number | undefined> | undefined;

  constructor(private readonly session: WatchedSession) {
    const { windows, dialogs } = session;
    this.windowId = windows.active;
    this.page = this.windowId ? windows.pageOf(this.windowId) : undefined;
    this.url = this.page?.url();
    this.eventMark = windows.lastEvent;
    this.dialogMark = dialogs.count;
    this.trackedAtStart = windows.count;
    this.mainAtStart = session.mainWindowCount(COUNT_MS);
    this.downloadMark = session.downloads?.mark(COUNT_MS);
  }

  /**
   * Whether the window the action began in has closed since: its effect, not a failure. Asked
   * when a call failed because its page went away, so the page's close event is given a moment
   * to arrive (Playwright may reject the call first).
   */
  async closedItsWindow(): Promise<boolean> {
    const page = this.page;
    if (!page) return false;
    if (!page.isClosed()) {
      await within(
        page.waitForEvent('close', { timeout: 1_000 }).catch(() => undefined),
        1_000,
        () => undefined,
      );
    }
    return page.isClosed();
  }

  /**
   * What the action caused, read once the app has had its turn. Playwright's click and press
   * already wait for a navigation they started to commit, and a dialog is reported while the
   * action is still running. What is left is work the action's handlers scheduled: one page turn
   * (a `setTimeout(0)`) lets the page run it, and the main process's window count (catchUp) is
   * read after a turn of its own loop, so IPC the handlers sent is handled first. This replaced a
   * fixed 50 ms sleep that every action paid (issue 24).
   */
  async settle(): Promise<ActionEffects | undefined> {
    await this.pageTurn();
    // Read alongside the window catch-up, so an action pays no extra round trip for it.
    const downloads = this.downloadsSince();
    await this.catchUp();
    const { windows, dialogs } = this.session;
    const caused: ActionEffects = {};
    const events = windows.eventsAfter(this.eventMark);
    const opened = await Promise.all(events.filter((e) => e.kind === 'opened').map((e) => this.openedWindow(e.id)));
    const stillOpen = opened.filter((w): w is { id: string; title: string } => w !== undefined);
    if (stillOpen.length) caused.opened = stillOpen;
    const closed = events.filter((e) => e.kind === 'closed').map((e) => ({ id: e.id, title: e.title ?? '' }));
    if (closed.length) caused.closed = closed;
    const page = this.page;
    if (page && !page.isClosed() && windows.active === this.windowId && page.url() !== this.url) caused.url = page.url();
    const shown = dialogs.recordsAfter(this.dialogMark);
    if (shown.length) caused.dialogs = shown.map((d) => ({ type: d.type, message: oneLine(d.message) }));
    // By time, not by a mark read at the start: that read waits a turn of main's loop, in which the
    // action's own main-process call may already have run and pushed its line.
    const native = (this.mainAtSettle?.effects ?? []).flatMap((e) => (e.at >= this.startedAt && e.nativeDialog ? [e.nativeDialog] : []));
    if (native.length) caused.nativeDialogs = native;
    const begun = await downloads;
    if (begun.length) caused.downloads = begun;
    return Object.keys(caused).length ? caused : undefined;
  }

  /** Downloads begun since the action began (none when they are not watched). */
  private async downloadsSince(): Promise<NonNullable<ActionEffects['downloads']>> {
    const mark = await this.downloadMark;
    return mark === undefined ? [] : this.session.downloads!.since(mark, COUNT_MS);
  }

  /** One macrotask turn of the page the action began in, bounded by SETTLE_MS; a closed page has none. */
  private async pageTurn(): Promise<void> {
    const page = this.page;
    if (!page || page.isClosed()) return;
    const turn = page.evaluate(() => new Promise<void>((resolve) => setTimeout(resolve, 0))).catch(() => undefined);
    await within(turn, SETTLE_MS, () => undefined);
  }

  /** Waits while the main process has opened or closed more windows since the start than the tracker has seen. */
  private async catchUp(): Promise<void> {
    const before = (await this.mainAtStart)?.windows;
    this.mainAtSettle = await this.session.mainWindowCount(COUNT_MS);
    if (before === undefined) return;
    const now = this.mainAtSettle?.windows;
    if (now === undefined || now === before) return;
    const deadline = Date.now() + CATCH_UP_MS;
    while (this.session.windows.count - this.trackedAtStart !== now - before && Date.now() < deadline) await sleep(25);
  }

  /** A window the action opened, once its first document has committed (so its title is the app's). */
  private async openedWindow(id: string): Promise<{ id: string; title: string } | undefined> {
    const page = this.session.windows.pageOf(id);
    if (!page) return undefined;
    const loaded = async () => {
      if (page.url() === 'about:blank') await page.waitForURL((url) => url.href !== 'about:blank', { timeout: CATCH_UP_MS });
      await page.waitForLoadState('domcontentloaded', { timeout: CATCH_UP_MS });
    };
    await within(
      loaded().catch(() => undefined),
      CATCH_UP_MS,
      () => undefined,
    );
    return this.session.windows.brief(id);
  }
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > MESSAGE_CHARS ? `${line.slice(0, MESSAGE_CHARS - 1)}…` : line;
}
