import type { Page } from 'playwright-core';
import type { EffectKind, EffectReader } from '@stagewright/sdk';
import type { NavigationTracker } from '../../snapshot/navigation-tracker.js';
import type { DialogAnswerer } from '../dialog-answerer.js';
import type { DownloadWatch } from '../downloads.js';
import type { WindowTracker } from '../window-tracker.js';

/**
 * The longest a kind waits at the settle for what the main process or the page has already
 * started (a window's first document, a navigation's commit).
 */
export const CATCH_UP_MS = 1_500;
/** How long one line of an effect may be (a dialog's message, a notification's title). */
export const LINE_CHARS = 120;
/** How many lines one kind lists in an answer. */
export const LINES = 3;

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
  /** Navigations started and documents loaded, per frame. */
  readonly documents: Pick<NavigationTracker, 'loads'>;
  /** The main process's window count and effects list, when it can tell (launched and inspected sessions). */
  mainWindowCount(timeoutMs: number): Promise<MainWatchState | undefined>;
  /** The app's downloads, when they are watched (ADR-0043). */
  readonly downloads?: Pick<DownloadWatch, 'mark' | 'since'>;
  /** The newest console entry's sequence number (a mark for pageErrorsAfter). */
  consoleMark(): number;
  /** Page errors after the mark as answer lines (pageErrorLines), marked told. */
  pageErrorsAfter(mark: number): string[];
  /** Kinds plugins added (Session.addEffectKind), read after the driver's own. */
  readonly addedKinds: readonly EffectKind[];
}

/** What a kind sees when its action begins: the session, and the active window then. */
export interface ActionStart {
  readonly session: WatchedSession;
  readonly windowId: string | undefined;
  readonly page: Page | undefined;
  /** Date.now() as the action began. */
  readonly startedAt: number;
  /** The main process as the settle read it, once the settle has run (undefined before, or when it cannot tell). */
  mainAtSettle(): MainWatchState | undefined;
}

/**
 * One of the driver's kinds of effect (ADR-0044): called as the action begins, to take its mark;
 * the reader it returns runs at the settle (after the page's turn and the window catch-up) and
 * gives the `caused` fields it adds, or undefined when nothing of its kind happened.
 */
export type DriverEffectKind = (start: ActionStart) => EffectReader;

/** Text cut to one line of at most LINE_CHARS. */
export function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > LINE_CHARS ? `${line.slice(0, LINE_CHARS - 1)}…` : line;
}
