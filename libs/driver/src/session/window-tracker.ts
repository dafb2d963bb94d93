import type { BrowserContext, Page } from 'playwright-core';
import { ToolError, within, type WindowBounds, type WindowInfo, type WindowStateWord } from '@stagewright/sdk';

export interface WindowState {
  visible: boolean;
  focused: boolean;
  /** The title as the app sets it (BrowserWindow.getTitle), when the main process can tell. */
  title?: string;
  /** Outer bounds and state word (ADR-0043), when the main process can tell. */
  bounds?: WindowBounds;
  state?: WindowStateWord;
}

export interface WindowTrackerHooks {
  /** Called once for every page, including those opened later (console, dialogs, navigation). */
  onPage(page: Page, id: string): void;
  /**
   * Creation order of a window (Electron's BrowserWindow id), when the main process can tell.
   * Windows already open when the session starts get their ids in this order; without it, in
   * the order Playwright reports them, which a busy machine can shuffle.
   */
  creationOrder?(page: Page): Promise<number>;
  /** Main-process view of a window, when available; undefined falls back to the document's view. */
  windowState?(page: Page): Promise<WindowState | undefined>;
}

/** A window opening or closing, in the order the tracker saw them (for what an action caused). */
export interface WindowEvent {
  seq: number;
  kind: 'opened' | 'closed';
  id: string;
  /** The last title seen: known for a closed window that had loaded; read afresh for an opened one. */
  title?: string;
}

/** How many window events are kept: far more than one action opens or closes. */
const MAX_EVENTS = 50;

/**
 * The windows of one session, with stable ids (`w1`, `w2`, ...) in the order they appeared, and
 * the active one. When the active window closes the tracker falls back to another and leaves a
 * notice for the next response.
 */
export class WindowTracker {
  private readonly pages: { page: Page; id: string; crashed?: boolean; title?: string }[] = [];
  private nextId = 1;
  private activeId: string | undefined;
  private readonly log: WindowEvent[] = [];
  private eventSeq = 0;
  /** Until watch() has added the windows open at the start, a window is not an event. */
  private watching = false;

  constructor(
    private readonly notices: Notices,
    private readonly hooks: WindowTrackerHooks,
  ) {}

  /** Tracks the context's windows: those open now in creation order, then each new one as it opens. */
  async watch(context: BrowserContext): Promise<void> {
    const existing = this.inCreationOrder(context.pages());
    context.on('page', (page) => void existing.then(() => this.add(page)));
    for (const page of await existing) this.add(page);
    this.watching = true;
  }

  /** The sequence number of the newest window event (0 before any). */
  get lastEvent(): number {
    return this.eventSeq;
  }

  /** Window events after `seq`, oldest first. */
  eventsAfter(seq: number): WindowEvent[] {
    return this.log.filter((event) => event.seq > seq);
  }

  /** The page of an open window, by id. */
  pageOf(id: string): Page | undefined {
    return this.pages.find((p) => p.id === id)?.page;
  }

  private record(kind: WindowEvent['kind'], id: string, title?: string): void {
    if (!this.watching) return;
    this.log.push({ seq: ++this.eventSeq, kind, id, ...(title ? { title } : {}) });
    if (this.log.length > MAX_EVENTS) this.log.shift();
  }

  private async inCreationOrder(pages: Page[]): Promise<Page[]> {
    const order = this.hooks.creationOrder;
    if (!order || pages.length < 2) return pages;
    const keys = await Promise.all(
      pages.map((page) =>
        within(
          order(page).catch(() => Number.MAX_SAFE_INTEGER),
          2_000,
          () => Number.MAX_SAFE_INTEGER,
        ),
      ),
    );
    return pages
      .map((page, i) => ({ page, key: keys[i] }))
      .sort((a, b) => a.key - b.key)
      .map(({ page }) => page);
  }

  add(page: Page): string {
    const known = this.pages.find((p) => p.page === page);
    if (known) return known.id;
    const id = `w${this.nextId++}`;
    const entry: { page: Page; id: string; crashed?: boolean; title?: string } = { page, id };
    this.pages.push(entry);
    this.activeId ??= id;
    page.once('close', () => this.onClose(id, entry.title));
    // A crashed renderer answers nothing until the app reloads the window.
    page.on('crash', () => (entry.crashed = true));
    page.on('load', () => {
      entry.crashed = false;
      // Remembered so that a window's close can still be told by its title.
      void safeTitle(page).then((title) => {
        if (title) entry.title = title;
      });
    });
    this.record('opened', id);
    this.hooks.onPage(page, id);
    return id;
  }

  get count(): number {
    return this.pages.length;
  }

  get active(): string | undefined {
    return this.activeId;
  }

  idOf(page: Page): string | undefined {
    return this.pages.find((p) => p.page === page)?.id;
  }

  activePageOrThrow(): Page {
    const entry = this.pages.find((p) => p.id === this.activeId);
    if (!entry) {
      throw new ToolError('WINDOW_NOT_FOUND', 'The app has no open window.');
    }
    if (entry.crashed) {
      throw new ToolError('RENDERER_CRASHED', `The renderer of window ${entry.id} crashed; it answers nothing until the app reloads it.`, {
        details: { window: entry.id, crashed: true },
      });
    }
    return entry.page;
  }

  async list(): Promise<WindowInfo[]> {
    return Promise.all(this.pages.map(({ page, id }) => this.describe(page, id)));
  }

  async switchTo(by: { id?: string; title?: string; index?: number }): Promise<WindowInfo> {
    const entry = await this.find(by);
    this.activeId = entry.id;
    await entry.page.bringToFront().catch(() => undefined);
    return this.describe(entry.page, entry.id);
  }

  private async find(by: { id?: string; title?: string; index?: number }): Promise<{ page: Page; id: string }> {
    let entry: { page: Page; id: string } | undefined;
    if (by.id !== undefined) entry = this.pages.find((p) => p.id === by.id);
    else if (by.index !== undefined) entry = this.pages[by.index];
    else if (by.title !== undefined) {
      const titles = await Promise.all(this.pages.map(async (p) => ({ ...p, title: (await this.describe(p.page, p.id)).title })));
      const wanted = by.title.toLowerCase();
      entry = titles.find((t) => t.title === by.title);
      const partial = titles.filter((t) => t.title.toLowerCase().includes(wanted));
      if (!entry && partial.length === 1) entry = partial[0];
    }
    if (!entry) {
      throw new ToolError(
        'WINDOW_NOT_FOUND',
        `No window matches ${JSON.stringify(by)}; open windows: ${this.pages.map((p) => p.id).join(', ') || 'none'}.`,
      );
    }
    return entry;
  }

  /**
   * The one title a window has: the app's (BrowserWindow.getTitle, which follows the page's
   * <title> unless the app prevents page-title-updated, and keeps the `title` option or setTitle
   * when the page has none) when the main process can tell, else the document's.
   */
  async titleOf(page: Page): Promise<string> {
    const unknown = () => undefined;
    const fromMain = await within(this.hooks.windowState?.(page).catch(unknown) ?? Promise.resolve(undefined), 2_000, unknown);
    return fromMain?.title ?? (await safeTitle(page));
  }

  /** The title is the app's (set from the main process) when reachable, else the document's. */
  private async describe(page: Page, id: string): Promise<WindowInfo> {
    const state = await this.state(page);
    const title = state.title ?? (await safeTitle(page));
    const entry = this.pages.find((p) => p.page === page);
    if (entry && title) entry.title = title;
    const info: WindowInfo = { id, title, url: page.url(), visible: state.visible, focused: state.focused, active: id === this.activeId };
    if (state.bounds) info.bounds = state.bounds;
    if (state.state) info.state = state.state;
    return info;
  }

  private async state(page: Page): Promise<WindowState> {
    const unknown = () => undefined;
    const fromMain = await within(this.hooks.windowState?.(page).catch(unknown) ?? Promise.resolve(undefined), 2_000, unknown);
    if (fromMain) return fromMain;
    const fromPage = page
      .evaluate(() => ({ visible: document.visibilityState === 'visible', focused: document.hasFocus() }))
      .catch(() => ({ visible: false, focused: false }));
    return within(fromPage, 2_000, () => ({ visible: false, focused: false }));
  }

  /** A window as an action's answer names it: its id and its title, read now. */
  async brief(id: string): Promise<{ id: string; title: string } | undefined> {
    const page = this.pageOf(id);
    return page ? { id, title: (await this.describe(page, id)).title } : undefined;
  }

  private onClose(id: string, title: string | undefined): void {
    const index = this.pages.findIndex((p) => p.id === id);
    if (index >= 0) this.pages.splice(index, 1);
    this.record('closed', id, title);
    if (this.activeId !== id) return;
    this.activeId = this.pages[0]?.id;
    this.notices.push(
      this.activeId ? `Active window ${id} closed; now ${this.activeId}.` : `Active window ${id} closed; no window is open.`,
    );
  }
}

/** The title, or '' when the page cannot answer (closed, or hung in a busy loop). */
export async function safeTitle(page: Page): Promise<string> {
  return within(
    page.title().catch(() => ''),
    2_000,
    () => '',
  );
}

/** Notices for the next tool response, bounded so a chatty app cannot grow them without limit. */
export class Notices {
  private items: string[] = [];

  constructor(private readonly max = 10) {}

  push(message: string): void {
    if (this.items.includes(message)) return;
    this.items.push(message);
    if (this.items.length > this.max) this.items.shift();
  }

  take(): string[] {
    const out = this.items;
    this.items = [];
    return out;
  }
}
