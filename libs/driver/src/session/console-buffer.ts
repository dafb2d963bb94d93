import type { ConsoleMessage, Page, Request } from 'playwright-core';
import type { ConsoleEntry } from '@stagewright/sdk';
import { plainText } from './plain-text.js';
import { watchExceptions, type ExceptionDetails } from './page-exceptions.js';

const MAX_ENTRIES = 1_000;
const MAX_TEXT = 2_000;

const LEVELS: Record<string, ConsoleEntry['level']> = {
  debug: 'debug',
  log: 'log',
  info: 'info',
  warning: 'warning',
  warn: 'warning',
  error: 'error',
  trace: 'debug',
};

/** Electron's (and the stand-in's) words when a window's preload throws or cannot be read. */
const PRELOAD_FAILED = /^Unable to load preload script/;

export type EntryInput = Pick<ConsoleEntry, 'source' | 'level' | 'text'> & Partial<Pick<ConsoleEntry, 'window' | 'kind' | 'location'>>;

/**
 * Bounded ring of console entries from every window and the main process: console API calls,
 * uncaught page exceptions, unhandled rejections, failed preloads and main-process stderr.
 */
export class ConsoleBuffer {
  private readonly entries: ConsoleEntry[] = [];
  private seq = 0;

  /**
   * Capture a window from its first instant. The console listener is attached at once; what the
   * page logged before it was (Playwright keeps each page's recent messages) is added first,
   * skipping the tail the listener already received, so the first load is neither lost nor
   * doubled. Page errors come from the page's own CDP session (see watchExceptions).
   */
  watch(page: Page, windowId: string): void {
    let live = 0;
    let backfilled = false;
    const early: ConsoleMessage[] = [];
    page.on('console', (message) => {
      live++;
      if (backfilled) this.fromMessage(message, windowId);
      else early.push(message);
    });
    void page
      .consoleMessages({ filter: 'all' })
      .catch(() => [] as ConsoleMessage[])
      .then((messages) => {
        // Messages that reached the listener before the answer are the answer's last ones.
        for (const message of messages.slice(0, Math.max(0, messages.length - live))) this.fromMessage(message, windowId);
      })
      .finally(() => {
        backfilled = true;
        for (const message of early.splice(0)) this.fromMessage(message, windowId);
      });
    void watchExceptions(page, (details) => this.fromException(details, windowId));
    page.on('requestfailed', (request) => this.fromFailedNavigation(page, request, windowId));
  }

  /**
   * A document the window could not load (issue 42): Chromium shows its error page and logs
   * nothing, so the failure is kept in Chromium's words for a failed load, located at the URL
   * that failed, and page error lines name its file. A navigation cut short (ERR_ABORTED: another
   * one started, or a download) is no failure of the page.
   */
  private fromFailedNavigation(page: Page, request: Request, windowId: string): void {
    const failure = request.failure()?.errorText;
    if (!failure || failure === 'net::ERR_ABORTED' || !request.isNavigationRequest()) return;
    let main = false;
    try {
      main = request.frame() === page.mainFrame();
    } catch {
      return;
    }
    if (!main) return;
    this.push({
      source: 'renderer',
      level: 'error',
      text: `Failed to load resource: ${failure}`,
      window: windowId,
      location: request.url(),
    });
  }

  /** A console API message; a failed preload's follow-up error joins its entry. */
  fromMessage(
    message: ConsoleMessage | { type(): string; text(): string },
    windowId: string | undefined,
    source: ConsoleEntry['source'] = 'renderer',
  ): void {
    const text = message.text();
    const level = LEVELS[message.type()] ?? 'log';
    const last = this.entries.at(-1);
    if (source === 'renderer' && level === 'error' && last?.kind === 'preload' && last.window === windowId && !last.text.includes('\n')) {
      last.text = plainText(`${last.text}\n${text}`).slice(0, MAX_TEXT);
      return;
    }
    const entry: EntryInput = { source, level, text, window: windowId };
    if (source === 'renderer' && PRELOAD_FAILED.test(text)) entry.kind = 'preload';
    const where = 'location' in message ? message.location() : undefined;
    if (where?.url) entry.location = `${where.url}:${where.lineNumber + 1}:${where.columnNumber + 1}`;
    this.push(entry);
  }

  /** An uncaught exception of the page, or an unhandled rejection (Chromium words it "Uncaught (in promise)"). */
  fromException(details: ExceptionDetails, windowId: string): void {
    const frames = details.stackTrace?.callFrames ?? [];
    const stack = frames
      .map((f) => `\n    at ${f.functionName || '<anonymous>'} (${f.url}:${f.lineNumber + 1}:${f.columnNumber + 1})`)
      .join('');
    const text = details.exception?.description ?? `${details.text}${stack}`;
    const top =
      frames[0] ?? (details.url ? { url: details.url, lineNumber: details.lineNumber, columnNumber: details.columnNumber } : undefined);
    this.push({
      source: 'renderer',
      level: 'error',
      text,
      window: windowId,
      kind: /in promise/.test(details.text) ? 'rejection' : 'exception',
      ...(top?.url ? { location: `${top.url}:${top.lineNumber + 1}:${top.columnNumber + 1}` } : {}),
    });
  }

  push(input: EntryInput): void {
    const entry: ConsoleEntry = {
      seq: ++this.seq,
      time: new Date().toISOString(),
      source: input.source,
      level: input.level,
      text: plainText(input.text).slice(0, MAX_TEXT),
    };
    if (input.window) entry.window = input.window;
    if (input.kind) entry.kind = input.kind;
    if (input.location) entry.location = input.location;
    this.entries.push(entry);
    if (this.entries.length > MAX_ENTRIES) this.entries.shift();
  }

  /** The newest entries, newest last (for de-duplicating main-process stderr against console calls). */
  recent(count: number): readonly ConsoleEntry[] {
    return this.entries.slice(-count);
  }

  all(): readonly ConsoleEntry[] {
    return this.entries;
  }
}
