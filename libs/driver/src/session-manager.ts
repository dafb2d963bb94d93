import { inject, injectable } from 'tsyringe';
import {
  DRIVER_OPTIONS,
  ToolError,
  clampTimeout,
  type AppOwnership,
  type AttachOptions,
  type DiscoveredEndpoint,
  type DoctorCheck,
  type DriverOptions,
  type LaunchOptions,
  type MainInstrumentation,
  type Session,
  type SessionEnd,
  type SessionManager,
  type SessionStart,
  type SessionSummary,
  type StopOptions,
} from '@stagewright/sdk';
import { assertCanSave, saveState } from './launch/user-data.js';
import type { ElectronSession } from './session/electron-session.js';
import { launchSession } from './launch/launch.js';
import { attachSession } from './attach/attach.js';
import { injectSession } from './attach/inject.js';
import { discoverEndpoints, runtimeChecks } from './diagnostics.js';
import { AppOwnershipRegistry } from './attach/app-ownership.js';
import { OwnershipGuard } from './attach/ownership-guard.js';

export const DEFAULT_MAX_SESSIONS = 8;
/** Exited sessions kept so the next call can say how the app ended. */
const MAX_EXITED_KEPT = 8;

/**
 * Every session of one server instance (no process-global state). A call may omit the session
 * id when exactly one session is live; an app that exited is reported once per call as
 * APP_EXITED until it is stopped or replaced by newer sessions.
 */
@injectable()
export class PlaywrightSessionManager implements SessionManager {
  private readonly sessions = new Map<string, ElectronSession>();
  private nextId = 1;
  private pending = 0;
  private readonly options: DriverOptions;
  private readonly endListeners = new Set<(end: SessionEnd) => void>();
  private readonly startListeners = new Set<(start: SessionStart) => void>();
  /** Why a session is ending, set before the tool's stop/kill/detach so its exit is reported with that reason. */
  private readonly ending = new Map<string, SessionEnd['reason']>();
  private readonly ended = new Set<string>();
  /** Plugin instrumentation run in every app this manager launches (PLUGIN_API 1.1). */
  private readonly instrumentation = new Set<MainInstrumentation>();
  /** This manager's identity in the ownership record shared with the other sessions of the server. */
  private readonly owner = Symbol('session-manager');
  private readonly ownership: AppOwnership;
  private readonly guard: OwnershipGuard;

  constructor(@inject(DRIVER_OPTIONS, { isOptional: true }) options?: DriverOptions) {
    this.options = options ?? {};
    this.ownership = this.options.appOwnership ?? new AppOwnershipRegistry();
    this.guard = new OwnershipGuard(this.ownership, this.owner);
  }

  /** The app is claimed from the moment its process exists; the claim goes when its session ends. */
  async launch(options: LaunchOptions): Promise<Session> {
    let claimed: number | undefined;
    const claim = (pid: number) => {
      claimed = pid;
      this.ownership.claim(pid, this.owner);
    };
    try {
      return await this.starting((id) => launchSession(id, options, this.options, [...this.instrumentation], claim));
    } catch (error) {
      if (claimed !== undefined) this.ownership.release(claimed, this.owner);
      throw error;
    }
  }

  addMainInstrumentation(script: MainInstrumentation): () => void {
    const entry = { ...script };
    this.instrumentation.add(entry);
    return () => void this.instrumentation.delete(entry);
  }

  async attach(options: AttachOptions): Promise<Session> {
    return this.starting((id) => attachSession(id, options, this.guard));
  }

  async inject(pid: number, options: { timeoutMs?: number; cdpPort?: number } = {}): Promise<Session> {
    return this.starting((id) => injectSession(id, pid, options, this.guard));
  }

  async getOrThrow(sessionId?: string): Promise<Session> {
    const session = this.find(sessionId);
    await session.confirmAlive();
    return session;
  }

  list(): SessionSummary[] {
    return [...this.sessions.values()].map((s) => s.summary());
  }

  /** Exited sessions are skipped: what they had to say is in how they ended (electron_status). */
  takeNotices(): string[] {
    return [...this.sessions.values()].filter((s) => !s.exited).flatMap((s) => s.takeNotices());
  }

  /**
   * With `saveState`, the app's userData is copied into the state folder once the app has exited
   * (so everything it keeps is on disk, as after a quit); a name already saved without `overwrite`
   * is refused before anything is stopped.
   */
  async stop(sessionId: string, timeoutMs?: number, options: StopOptions = {}) {
    const session = this.byIdOrThrow(sessionId);
    const save = options.saveState;
    if (save !== undefined) {
      if (!session.userData) {
        throw new ToolError(
          'NOT_SUPPORTED',
          `Session ${sessionId} was not launched by this server; only a launched app's state can be saved.`,
          {
            details: { param: 'saveState' },
          },
        );
      }
      await assertCanSave(this.options, save, options.overwrite);
    }
    let result: { graceful: boolean; code: number | null; signal: string | null };
    if (session.exited) {
      result = { graceful: true, ...session.exited };
    } else {
      this.ending.set(sessionId, 'stopped');
      result = await session.control.stop(clampTimeout(timeoutMs, 5_000, 60_000));
      session.markExited(result);
    }
    this.sessions.delete(sessionId);
    try {
      if (save !== undefined && session.userData) await saveState(this.options, session.userData.path, save, options.overwrite);
    } finally {
      await session.userData?.release();
    }
    return { graceful: result.graceful, exitCode: result.code, signal: result.signal, ...(save !== undefined ? { savedState: save } : {}) };
  }

  async forceKill(sessionId: string) {
    const session = this.byIdOrThrow(sessionId);
    if (session.exited) {
      this.sessions.delete(sessionId);
      await session.userData?.release();
      return { exitCode: session.exited.code, signal: session.exited.signal };
    }
    this.ending.set(sessionId, 'killed');
    const result = await session.control.kill();
    this.sessions.delete(sessionId);
    session.markExited(result);
    await session.userData?.release();
    return { exitCode: result.code, signal: result.signal };
  }

  async detach(sessionId: string): Promise<void> {
    const session = this.byIdOrThrow(sessionId);
    this.ending.set(sessionId, 'detached');
    await session.releaseDownloads();
    await session.control.detach();
    this.sessions.delete(sessionId);
    this.emitEnd(session);
  }

  async dispose(): Promise<void> {
    const all = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.all(
      all.map(async (s) => {
        if (s.exited) return;
        this.ending.set(s.id, 'disposed');
        if (s.capabilities.owned) await s.control.stop(3_000).catch(() => s.control.kill().catch(() => undefined));
        else {
          await s.releaseDownloads();
          await s.control.detach().catch(() => undefined);
        }
        this.emitEnd(s);
      }),
    );
    await Promise.all(all.map((s) => s.userData?.release()));
  }

  onSessionEnd(listener: (end: SessionEnd) => void): () => void {
    this.endListeners.add(listener);
    return () => this.endListeners.delete(listener);
  }

  onSessionStart(listener: (start: SessionStart) => void): () => void {
    this.startListeners.add(listener);
    return () => this.startListeners.delete(listener);
  }

  /** Tells the listeners once per session, with the reason a tool gave or `exited` when the app went on its own. */
  private emitEnd(session: ElectronSession): void {
    if (this.ended.has(session.id)) return;
    this.ended.add(session.id);
    if (session.kind === 'launched' && session.pid !== undefined) this.ownership.release(session.pid, this.owner);
    const reason = this.ending.get(session.id) ?? 'exited';
    this.ending.delete(session.id);
    const end: SessionEnd = { id: session.id, kind: session.kind, reason, ...(session.exited ? { exit: { ...session.exited } } : {}) };
    for (const listener of this.endListeners) {
      try {
        listener(end);
      } catch {
        // A listener's failure is its own; the kernel wraps plugin listeners and logs theirs.
      }
    }
  }

  doctor(): Promise<DoctorCheck[]> {
    return runtimeChecks(this.options.fallbackExecutablePath);
  }

  /** Ports where another session's app listens are not probed, so they are never offered. */
  discover(ports: readonly number[]): Promise<DiscoveredEndpoint[]> {
    const others = this.guard.portsOfOthers();
    return discoverEndpoints(ports.filter((port) => !others.has(port)));
  }

  /** Resolve an id, or the single live session, including exited ones (stop reports their end). */
  resolveId(sessionId?: string): string {
    return this.find(sessionId).id;
  }

  private find(sessionId?: string): ElectronSession {
    if (sessionId !== undefined) return this.byIdOrThrow(sessionId);
    const all = [...this.sessions.values()];
    const live = all.filter((s) => !s.exited);
    if (live.length === 1) return live[0];
    if (live.length > 1) {
      throw new ToolError('SESSION_AMBIGUOUS', `${live.length} sessions are live: ${live.map((s) => s.id).join(', ')}; pass sessionId.`, {
        details: { sessionIds: live.map((s) => s.id) },
      });
    }
    const exited = all.at(-1);
    if (exited) return exited;
    throw new ToolError('NO_SESSION', 'No app is running.');
  }

  private byIdOrThrow(sessionId: string): ElectronSession {
    const session = this.sessions.get(sessionId);
    if (!session) {
      const ids = [...this.sessions.keys()];
      throw new ToolError('SESSION_NOT_FOUND', `No session ${sessionId}; live: ${ids.join(', ') || 'none'}.`, {
        details: { sessionIds: ids },
      });
    }
    return session;
  }

  /** Sessions being started count against the cap, so parallel launches cannot exceed it. */
  private async starting(start: (id: string) => Promise<ElectronSession>): Promise<Session> {
    const id = this.reserveId();
    this.pending++;
    try {
      const session = await start(id);
      // Attached and injected apps too: their downloads are recorded and saved (ADR-0043).
      session.watchDownloads(this.options.artifactDir);
      return this.add(session);
    } finally {
      this.pending--;
    }
  }

  private reserveId(): string {
    const live = [...this.sessions.values()].filter((s) => !s.exited).length + this.pending;
    const max = this.options.maxSessions ?? DEFAULT_MAX_SESSIONS;
    if (live >= max) {
      throw new ToolError('SESSION_LIMIT', `${live} sessions are live (limit ${max}).`, {
        details: { sessionIds: [...this.sessions.keys()] },
      });
    }
    return `s${this.nextId++}`;
  }

  private add(session: ElectronSession): Session {
    this.sessions.set(session.id, session);
    const start: SessionStart = { id: session.id, kind: session.kind };
    for (const listener of this.startListeners) {
      try {
        listener(start);
      } catch {
        // As for end listeners: the kernel wraps plugin listeners and logs their failures.
      }
    }
    session.onExited = () => this.emitEnd(session);
    if (session.exited) this.emitEnd(session);
    const exited = [...this.sessions.values()].filter((s) => s.exited);
    for (const old of exited.slice(0, Math.max(0, exited.length - MAX_EXITED_KEPT))) {
      this.sessions.delete(old.id);
      void old.userData?.release();
    }
    return session;
  }
}
