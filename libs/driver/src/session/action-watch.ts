import { setTimeout as sleep } from 'node:timers/promises';
import type { Page } from 'playwright-core';
import { within, type ActionEffects, type ActionWatch, type EffectReader } from '@stagewright/sdk';
import { CATCH_UP_MS, EFFECT_KINDS, type ActionStart, type MainWatchState, type WatchedSession } from './effects/index.js';

export type { MainWatchState, WatchedSession } from './effects/index.js';

/**
 * The longest an action's answer waits, after the action, for the page to take one turn of its
 * event loop (see SessionActionWatch.settle). A page whose timers are frozen or that is busy costs
 * this much; any other page answers in one round trip.
 */
export const SETTLE_MS = 50;
/** How long the one main-process count may take; a busy main process is not waited for. */
const COUNT_MS = 500;

/**
 * One action call: marks where the session's window events, dialogs, console and document stood
 * when it began, then says what changed (ADR-0020, ADR-0044). Windows are counted on both sides:
 * the main process knows a window it opened before Playwright reports its page, so the settle
 * waits for the tracker to catch up only when the main process says something is on its way,
 * never for a fixed long time.
 */
export class SessionActionWatch implements ActionWatch {
  private readonly page: Page | undefined;
  private readonly trackedAtStart: number;
  private readonly mainAtStart: Promise<MainWatchState | undefined>;
  /** The main process as the settle read it (window count and effects list), for the kinds that need it. */
  private mainAtSettle: MainWatchState | undefined;
  private readonly readers: EffectReader[];

  constructor(private readonly session: WatchedSession) {
    const { windows } = session;
    const windowId = windows.active;
    this.page = windowId ? windows.pageOf(windowId) : undefined;
    this.trackedAtStart = windows.count;
    this.mainAtStart = session.mainWindowCount(COUNT_MS);
    const start: ActionStart = { session, windowId, page: this.page, startedAt: Date.now(), mainAtSettle: () => this.mainAtSettle };
    this.readers = [...EFFECT_KINDS.map((kind) => kind(start)), ...session.addedKinds.map((kind) => kind.begin())];
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
   * fixed 50 ms sleep that every action paid (issue 24). Then each kind reads, in list order; a
   * kind that fails says nothing rather than failing the action.
   */
  async settle(): Promise<ActionEffects | undefined> {
    await this.pageTurn();
    await this.catchUp();
    const caused: ActionEffects = {};
    for (const read of this.readers) {
      Object.assign(
        caused,
        await Promise.resolve()
          .then(read)
          .catch(() => undefined),
      );
    }
    return Object.keys(caused).length ? caused : undefined;
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
}
