// The server half of the web-notification record (issue 26 item 3). Chromium shows a page's
// `new Notification(...)` itself: Electron's main process never sees it, so the record is made in
// the page (page-hook.ts) and pushed here over a Playwright binding as soon as it is made. Kept per
// session (the kernel drops it with the session), so a notification outlives the page that showed
// it; clicking one needs that page's document still there.
import { CoreTools, ToolError, pageAfter, type PluginSetupContext, type Session, type SessionState } from '@stagewright/sdk';
import type { Disposable, Frame } from 'playwright-core';
import { type PageRecord, webNotificationClick, webNotificationHook, webNotificationUnhook } from './page-hook.js';

/** One web notification as native_web_notifications reports it. */
export interface WebNotification {
  seq: number;
  at: string;
  title: string;
  body: string;
  tag?: string;
  silent?: true;
  url: string;
}

interface Kept extends WebNotification {
  id: string;
  frame: Frame;
}

interface SessionRecord {
  seq: number;
  dropped: number;
  kept: Kept[];
  hooked?: Promise<void>;
  disposables: Disposable[];
  /** Documents already open when the hooks went in, and when: what they showed earlier is not seen. */
  late?: { pages: number; at: string };
}

const MAX_TEXT = 300;
const clip = (value: unknown) => {
  const s = typeof value === 'string' ? value : '';
  return s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT)}…` : s;
};

export class WebNotifications {
  private sessions?: SessionState<SessionRecord>;
  private readonly binding: string;

  constructor(
    private readonly key: string,
    private readonly capacity: () => number,
  ) {
    this.binding = `__stagewrightNotify_${key}`;
  }

  /** In setup: launched apps are hooked as soon as their session starts; a detach takes the hooks out. */
  setup(ctx: Pick<PluginSetupContext, 'sessionState' | 'onSessionStart' | 'sessions' | 'guard' | 'log'>): void {
    this.sessions = ctx.sessionState(() => ({ seq: 0, dropped: 0, kept: [], disposables: [] }));
    ctx.onSessionStart(async (start) => {
      if (start.kind !== 'launched') return;
      const session = await ctx.sessions.getOrThrow(start.id);
      if (session.capabilities.renderer) await this.ensure(session);
    });
    ctx.guard(async (call) => {
      if (call.tool !== CoreTools.detach) return;
      try {
        const session = await ctx.sessions.getOrThrow(call.args.sessionId as string | undefined);
        await this.unhook(session);
      } catch (error) {
        ctx.log.warn(`native: could not take the page notification hooks out before detaching: ${String(error)}`);
      }
    });
  }

  /** Hooks every document of the session once (idempotent); later documents get the hook at their start. */
  ensure(session: Session): Promise<void> {
    const record = this.recordOf(session);
    record.hooked ??= this.hook(session, record).catch(async (error) => {
      // A half-made hook (binding without init script) would block the next try's binding name.
      for (const disposable of record.disposables.splice(0)) await disposable.dispose().catch(() => undefined);
      record.hooked = undefined;
      throw error;
    });
    return record.hooked;
  }

  read(session: Session, cursor: number | undefined, limit: number, title?: string) {
    const record = this.recordOf(session);
    const wanted = title?.toLowerCase();
    const kept = wanted ? record.kept.filter((n) => n.title.toLowerCase().includes(wanted)) : record.kept;
    const { items, cursor: next, more } = pageAfter(kept, cursor, limit, record.seq);
    const notifications = items.map(({ id: _id, frame: _frame, ...shown }) => shown);
    const note = record.late
      ? `Page hooks went in at ${record.late.at}, when ${record.late.pages} document(s) were already open: notifications those showed before then are not seen.`
      : undefined;
    return { notifications, cursor: next, more, dropped: record.dropped, ...(note ? { note } : {}) };
  }

  /** The newest web notification's seq: a mark for titlesAfter. */
  mark(session: Session): number {
    return this.sessions?.get(session.id)?.seq ?? 0;
  }

  /** Titles of the web notifications shown after the mark that the record still keeps. */
  titlesAfter(session: Session, mark: number): string[] {
    return (this.sessions?.get(session.id)?.kept ?? []).filter((n) => n.seq > mark).map((n) => n.title);
  }

  /** Runs the page's own click handlers of notification `seq`, in the document that made it. */
  async click(session: Session, seq: number) {
    const record = this.recordOf(session);
    const shown = record.kept.find((n) => n.seq === seq);
    if (!shown) {
      const range = record.kept.length ? `kept: ${record.kept[0].seq}..${record.kept.at(-1)?.seq}` : 'none is kept';
      throw new ToolError('native.NO_NOTIFICATION', `No web notification ${seq} (${range}); read them with native_web_notifications.`);
    }
    const gone = () =>
      new ToolError(
        'native.NO_NOTIFICATION',
        `Web notification ${seq} ("${shown.title}") was shown by a page that has since navigated or closed, so nothing can receive its click.`,
        { details: { gone: true, url: shown.url } },
      );
    if (shown.frame.isDetached()) throw gone();
    const result = await shown.frame
      .evaluate(webNotificationClick, { key: this.key, id: shown.id })
      .catch(() => ({ clicked: false, defaultPrevented: false }));
    if (!result.clicked) throw gone();
    return { clicked: { web: seq, title: shown.title }, ...(result.defaultPrevented ? { defaultPrevented: true } : {}) };
  }

  private recordOf(session: Session): SessionRecord {
    if (!this.sessions) throw new Error('WebNotifications used before setup');
    return this.sessions.ensure(session.id);
  }

  private async hook(session: Session, record: SessionRecord): Promise<void> {
    const context = session.pageOrThrow().context();
    record.disposables.push(await context.exposeBinding(this.binding, ({ frame }, raw: PageRecord) => this.store(record, frame, raw)));
    const arg = { key: this.key, binding: this.binding };
    record.disposables.push(await context.addInitScript(webNotificationHook, arg));
    const frames = context.pages().flatMap((page) => page.frames());
    await Promise.all(frames.map((frame) => frame.evaluate(webNotificationHook, arg).catch(() => undefined)));
    if (frames.length) record.late = { pages: frames.length, at: new Date().toISOString() };
  }

  /** The page's report is app content: only the known fields are kept, each cut to size. */
  private store(record: SessionRecord, frame: Frame, raw: PageRecord): void {
    if (typeof raw !== 'object' || raw === null || typeof raw.id !== 'string') return;
    record.seq += 1;
    const shown: Kept = {
      seq: record.seq,
      at: new Date().toISOString(),
      title: clip(raw.title),
      body: clip(raw.body),
      url: clip(raw.url),
      id: raw.id.slice(0, 40),
      frame,
    };
    if (raw.tag) shown.tag = clip(raw.tag);
    if (raw.silent === true) shown.silent = true;
    record.kept.push(shown);
    while (record.kept.length > this.capacity()) {
      record.kept.shift();
      record.dropped += 1;
    }
  }

  private async unhook(session: Session): Promise<void> {
    const record = this.sessions?.get(session.id);
    if (!record?.hooked) return;
    await record.hooked.catch(() => undefined);
    for (const disposable of record.disposables.splice(0)) await disposable.dispose().catch(() => undefined);
    const frames = session
      .pageOrThrow()
      .context()
      .pages()
      .flatMap((page) => page.frames());
    await Promise.all(frames.map((frame) => frame.evaluate(webNotificationUnhook, { key: this.key }).catch(() => undefined)));
    this.sessions?.delete(session.id);
  }
}
