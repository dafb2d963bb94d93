import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { moveIntoPlace, privateFolder, tempFileIn, type SessionManager } from '@stagewright/sdk';

export interface SavedPlaywrightTrace {
  sessionId: string;
  file?: string;
  error?: string;
}

/** Tools after which the app's windows are gone: the Playwright trace must be saved before them. */
const ENDING_TOOLS = new Set(['electron_stop', 'electron_force_kill', 'electron_detach']);

/**
 * Playwright tracing of the app's windows (screenshots + DOM snapshots), one zip per session,
 * viewable with `npx playwright show-trace`. Driven from the dispatch guard: before each call it
 * starts tracing on sessions not yet traced, and before a call that ends a session it saves that
 * session's zip while the context is still open. A session that crashes loses its zip (reported).
 */
export class PlaywrightTraces {
  private readonly active = new Map<string, { stop: (path: string) => Promise<void> }>();
  readonly saved: SavedPlaywrightTrace[] = [];

  constructor(
    private readonly sessions: SessionManager,
    private readonly dir: string,
    private readonly base: string,
  ) {}

  /** Start on every live session not traced yet. Failures are recorded, never thrown. */
  async ensureStarted(): Promise<void> {
    for (const summary of this.sessions.list()) {
      if (summary.state !== 'running' || this.active.has(summary.id) || this.saved.some((s) => s.sessionId === summary.id)) continue;
      try {
        const session = await this.sessions.getOrThrow(summary.id);
        const tracing = session.pageOrThrow().context().tracing;
        await tracing.start({ screenshots: true, snapshots: true, title: `${this.base} ${summary.id}` });
        this.active.set(summary.id, { stop: (path) => tracing.stop({ path }) });
      } catch (error) {
        this.saved.push({ sessionId: summary.id, error: `could not start: ${(error as Error).message}` });
      }
    }
  }

  /** Before a call: save the zip of the session it is about to end. */
  async beforeCall(tool: string, args: Readonly<Record<string, unknown>>): Promise<void> {
    if (!ENDING_TOOLS.has(tool)) return this.ensureStarted();
    const requested = typeof args.sessionId === 'string' ? args.sessionId : undefined;
    const ids = requested ? [requested] : this.active.size === 1 ? [...this.active.keys()] : [];
    for (const id of ids) await this.save(id);
  }

  /** The session ended without a save (crash, exit): its trace is lost. */
  lost(sessionId: string): void {
    if (this.active.delete(sessionId)) this.saved.push({ sessionId, error: 'the session ended before its trace was saved' });
  }

  async saveAll(): Promise<SavedPlaywrightTrace[]> {
    for (const id of [...this.active.keys()]) await this.save(id);
    return this.saved;
  }

  private async save(sessionId: string): Promise<void> {
    const entry = this.active.get(sessionId);
    if (!entry) return;
    this.active.delete(sessionId);
    const file = join(this.dir, `${this.base}.playwright-${sessionId}.zip`);
    const temp = `${tempFileIn(this.dir, file)}.zip`;
    try {
      // Playwright writes wherever it is told, following links: it writes a fresh temporary
      // name in our folder, which is then linked to the final name only if nothing is there.
      await privateFolder(this.dir, 'trace folder');
      await entry.stop(temp);
      await moveIntoPlace(temp, file, true);
      this.saved.push({ sessionId, file });
    } catch (error) {
      await unlink(temp).catch(() => undefined);
      const exists = (error as NodeJS.ErrnoException).code === 'EEXIST';
      this.saved.push({
        sessionId,
        error: exists ? `${file} already exists (a file or a link); the trace was not saved` : (error as Error).message,
      });
    }
  }
}
