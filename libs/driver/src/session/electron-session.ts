import type { Readable } from 'node:stream';
import type { BrowserContext, Frame, Locator, Page } from 'playwright-core';
import { WellFormedSelectors, plainlyWellFormed } from './well-formed-selectors.js';
import {
  ToolError,
  clampTimeout,
  isToolError,
  pageErrorLines,
  type ActionWatch,
  type AppInfo,
  type AppStateInfo,
  type ConsoleEntry,
  type DialogPolicy,
  type DialogRecord,
  type EffectKind,
  type ElementTarget,
  type FailedElement,
  type Session,
  type SessionCapabilities,
  type SessionKind,
  type SessionSummary,
  type SnapshotOptions,
  type SnapshotResult,
  type SurfaceInfo,
  type DownloadRecord,
  type WindowChange,
  type WindowIdentity,
  type WindowInfo,
} from '@stagewright/sdk';
import { Notices } from './window-tracker.js';
import { WindowTracker, type WindowState } from './window-tracker.js';
import { SurfaceTracker } from './surface-tracker.js';
import { ConsoleBuffer } from './console-buffer.js';
import { DialogAnswerer } from './dialog-answerer.js';
import { captureMainStderr } from './main-stderr.js';
import { locate } from './locate.js';
import type { MainProcess } from './main-process.js';
import { readAppInfo } from './app-info.js';
import { explainFailure } from './explain-failure.js';
import { type MainWatchState, SessionActionWatch } from './action-watch.js';
import { setWindowViaMain, windowIdsViaMain } from './window-state-via-main.js';
import { DownloadWatch } from './downloads.js';
import { NavigationTracker } from '../snapshot/navigation-tracker.js';
import { SnapshotStore } from '../snapshot/snapshot-store.js';
import { warmPage } from './warm-page.js';
import type { UserData } from '../launch/user-data.js';

/** How long an exit the OS reports may take to arrive as the child's exit event. */
const EXIT_REPORT_MS = 2_000;

export interface ExitInfo {
  code: number | null;
  signal: string | null;
}

/** How the session's app is stopped, killed or left: one per way of connecting. */
export interface SessionControl {
  stop(timeoutMs: number): Promise<{ graceful: boolean } & ExitInfo>;
  kill(): Promise<ExitInfo>;
  /** Drop the connections, leave the app running. */
  detach(): Promise<void>;
}

export interface SessionInit {
  id: string;
  kind: SessionKind;
  capabilities: SessionCapabilities;
  pid?: number;
  main?: MainProcess;
  control: SessionControl;
  /**
   * Whether the operating system already reports the app's process as ended. The exit event
   * arrives asynchronously (after the event loop reaps the child), so without this a call made
   * right after a crash could still be served from the dead app's state.
   */
  processGone?(): boolean;
  /** DriverOptions.snapshotReadMs: the bound of one aria read (snapshot-store.ts). */
  snapshotReadMs?: number;
  windowState?(page: Page): Promise<WindowState | undefined>;
  /** Creation order of a window (BrowserWindow id), for sessions that can ask the main process. */
  creationOrder?(page: Page): Promise<number>;
  /** A launched app's userData (ADR-0033): the session manager saves and removes it when the session ends. */
  userData?: UserData;
}

/** One app under automation: windows, surfaces, snapshots, main process, console, dialogs. */
/** The main process's window count, read after one turn of its event loop, so IPC already sent is handled first. */
// The window count and the main process's effects list (Symbol.for('stagewright.effects')), where
// main-process hooks push one line for what an action caused there, e.g. a native dialog (ADR-0042).
const MAIN_WINDOW_COUNT =
  "await new Promise((resolve) => setImmediate(resolve)); const effects = globalThis[Symbol.for('stagewright.effects')]; " +
  'return { windows: electron.BrowserWindow.getAllWindows().length, effects: effects ? effects.list.slice(-20) : [] };';

export class ElectronSession implements Session {
  readonly id: string;
  readonly kind: SessionKind;
  readonly capabilities: SessionCapabilities;
  readonly control: SessionControl;
  readonly startedAt = new Date().toISOString();
  readonly pid?: number;
  readonly userData?: UserData;
  private exitInfo: ExitInfo | undefined;
  private readonly notices = new Notices();
  private readonly navigation = new NavigationTracker();
  private readonly snapshots: SnapshotStore;
  private readonly consoleBuffer = new ConsoleBuffer();
  private readonly dialogAnswerer = new DialogAnswerer();
  private readonly windowTracker: WindowTracker;
  private readonly surfaceTracker = new SurfaceTracker(this.notices);
  private readonly wellFormed = new WellFormedSelectors();
  private readonly main?: MainProcess;
  private readonly processGone: () => boolean;
  /** The console sequence number up to which page errors have been told in an answer. */
  private toldErrors = 0;
  private windowIds?: ReturnType<typeof windowIdsViaMain>;
  private windowSetter?: ReturnType<typeof setWindowViaMain>;
  private downloadWatch?: DownloadWatch;
  /** Kinds of effect plugins added (addEffectKind), read by every later action's watch. */
  private readonly effectKinds: EffectKind[] = [];

  constructor(init: SessionInit) {
    this.id = init.id;
    this.kind = init.kind;
    this.capabilities = init.capabilities;
    this.control = init.control;
    this.pid = init.pid;
    this.userData = init.userData;
    this.main = init.main;
    this.processGone = init.processGone ?? (() => false);
    this.snapshots = new SnapshotStore(this.navigation, (page) => this.windowTracker.titleOf(page), init.snapshotReadMs);
    this.windowTracker = new WindowTracker(this.notices, {
      onPage: (page, windowId) => {
        this.navigation.watch(page);
        this.consoleBuffer.watch(page, windowId);
        this.dialogAnswerer.watch(page);
        page.on('crash', () => this.notices.push(`Renderer of window ${windowId} crashed; reload it or relaunch the app.`));
      },
      windowState: init.windowState,
      creationOrder: init.creationOrder,
    });
  }

  watch(context: BrowserContext): Promise<void> {
    return this.windowTracker.watch(context);
  }

  get exited(): ExitInfo | undefined {
    return this.exitInfo;
  }

  markExited(info: ExitInfo): void {
    if (this.exitInfo) return;
    this.exitInfo = info;
    for (const wake of this.exitWaiters.splice(0)) wake();
    this.onExited?.(info);
  }

  /** Set by the session manager: told once, when the app is first known to have exited. */
  onExited?: (info: ExitInfo) => void;

  private readonly exitWaiters: (() => void)[] = [];

  /** Resolves when the app exits or after `ms`, whichever is first. */
  private waitForExit(ms: number): Promise<void> {
    if (this.exitInfo) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.exitWaiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  /** Record a main-process console message (launched sessions). */
  mainConsole(message: { type(): string; text(): string }): void {
    this.consoleBuffer.fromMessage(message, undefined, 'main');
  }

  /** Record the main process's stderr (launched sessions: the server holds the pipe). */
  mainStderr(stderr: Readable | null | undefined, early?: Promise<readonly string[]>): void {
    captureMainStderr(stderr, this.consoleBuffer, early);
  }

  appState(): AppStateInfo | undefined {
    return this.userData && { ...this.userData.info };
  }

  summary(): SessionSummary {
    const s: SessionSummary = {
      id: this.id,
      kind: this.kind,
      state: this.exitInfo ? 'exited' : 'running',
      windows: this.exitInfo ? 0 : this.windowTracker.count,
      startedAt: this.startedAt,
    };
    if (this.pid !== undefined) s.pid = this.pid;
    if (this.windowTracker.active && !this.exitInfo) s.activeWindow = this.windowTracker.active;
    if (this.exitInfo) s.exit = this.exitInfo;
    return s;
  }

  assertAlive(): void {
    if (!this.exitInfo) return;
    const { code, signal } = this.exitInfo;
    const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
    throw new ToolError('APP_EXITED', `The app of session ${this.id} ${how}.`, { details: { sessionId: this.id, exitCode: code, signal } });
  }

  /**
   * assertAlive, after letting an exit the OS already reports be recorded: the exit event (with
   * its code and signal) is awaited briefly, and an exit that never reports is recorded as unknown.
   */
  async confirmAlive(): Promise<void> {
    if (!this.exitInfo && this.processGone()) {
      await this.waitForExit(EXIT_REPORT_MS);
      this.markExited({ code: null, signal: null });
    }
    this.assertAlive();
  }

  /** Whether the session reaches renderers at all; liveness is the call's to check, once (getOrThrow). */
  private assertRenderer(): void {
    if (!this.capabilities.renderer) {
      throw new ToolError(
        'NOT_SUPPORTED',
        `Session ${this.id} reaches only the main process (no renderer debugging port); electron_attach with the app's --remote-debugging-port reaches its windows.`,
      );
    }
  }

  async windows(): Promise<WindowInfo[]> {
    this.assertAlive();
    this.assertRenderer();
    return this.windowTracker.list();
  }

  async switchWindow(by: { id?: string; title?: string; index?: number }): Promise<WindowInfo> {
    this.assertAlive();
    this.assertRenderer();
    return this.windowTracker.switchTo(by);
  }

  async surfaces(): Promise<SurfaceInfo[]> {
    return this.surfaceTracker.list(this.pageOrThrow());
  }

  async switchSurface(surfaceId: string): Promise<SurfaceInfo> {
    return this.surfaceTracker.switchTo(this.pageOrThrow(), surfaceId);
  }

  pageOfWindow(id: string): Page | undefined {
    this.assertRenderer();
    return this.windowTracker.pageOf(id);
  }

  pageOrThrow(): Page {
    this.assertRenderer();
    return this.windowTracker.activePageOrThrow();
  }

  surfaceOrThrow(): Page | Frame {
    return this.surfaceTracker.surfaceOf(this.pageOrThrow());
  }

  page(): Page {
    return this.pageOrThrow();
  }

  surface(): Page | Frame {
    return this.surfaceOrThrow();
  }

  async locate(target: ElementTarget): Promise<Locator> {
    const page = this.pageOrThrow();
    const surface = this.surfaceTracker.surfaceOf(page);
    const selectorOnly = target.ref === undefined && typeof target.selector === 'string';
    if (selectorOnly && (this.wellFormed.has(target.selector!) || plainlyWellFormed(target.selector!)))
      return surface.locator(target.selector!);
    const locator = await locate(target, {
      page,
      surface,
      lastSnapshot: () => this.snapshots.lastText(surface),
      freshSnapshot: async () => (await this.snapshots.take(page, surface, { baseline: false })).snapshot,
    });
    if (selectorOnly) this.wellFormed.add(target.selector!);
    return locator;
  }

  async snapshot(options: SnapshotOptions = {}): Promise<SnapshotResult> {
    const page = this.pageOrThrow();
    const surface = this.surfaceTracker.surfaceOf(page);
    if (options.ref) await this.locate({ ref: options.ref });
    return this.snapshots.take(page, surface, options);
  }

  /** Pays a window's first reads before the agent's (warm-page.ts); read-only, sets no `since` baseline. */
  warm(page: Page): Promise<void> {
    return warmPage(page, () => this.snapshots.take(page, page, { whole: true, baseline: false }));
  }

  async activeWindowIdentityOrThrow(): Promise<WindowIdentity> {
    this.assertAlive();
    const page = this.pageOrThrow();
    if (!this.main) {
      throw new ToolError(
        'MAIN_PROCESS_UNAVAILABLE',
        `Session ${this.id} has no main-process connection, so its windows have no main-process ids.`,
      );
    }
    this.windowIds ??= windowIdsViaMain(this.main);
    const window = this.windowTracker.idOf(page) ?? this.windowTracker.active ?? '';
    return { window, ...(await this.windowIds(page)) };
  }

  /**
   * Starts recording the app's downloads and saving them under `artifactDir` (ADR-0043); once per
   * session, and only when the main process is reachable.
   */
  watchDownloads(artifactDir: string | undefined): void {
    if (!this.main || this.downloadWatch) return;
    this.downloadWatch = new DownloadWatch(this.main, artifactDir);
  }

  /** Before leaving an app running (detach): its downloads go back to the app's own handling. */
  async releaseDownloads(): Promise<void> {
    if (!this.exitInfo) await this.downloadWatch?.release();
  }

  async downloads(): Promise<DownloadRecord[]> {
    this.assertAlive();
    return this.downloadWatch ? this.downloadWatch.list() : [];
  }

  async setWindow(window: string | undefined, change: WindowChange) {
    this.assertAlive();
    this.assertRenderer();
    const id = window ?? this.windowTracker.active;
    const page = id === undefined ? undefined : this.windowTracker.pageOf(id);
    if (id === undefined || !page) {
      throw new ToolError('WINDOW_NOT_FOUND', window ? `No open window ${window}.` : 'The app has no open window.', {
        details: { window: window ?? null },
      });
    }
    if (!this.main) {
      throw new ToolError('MAIN_PROCESS_UNAVAILABLE', `Session ${this.id} has no main-process connection to move its windows with.`);
    }
    this.windowSetter ??= setWindowViaMain(this.main);
    return { id, ...(await this.windowSetter(page, change)) };
  }

  async evaluateMain(body: string, arg?: unknown, timeoutMs?: number): Promise<unknown> {
    this.assertAlive();
    if (!this.main) {
      throw new ToolError('MAIN_PROCESS_UNAVAILABLE', `Session ${this.id} has no main-process connection.`);
    }
    return this.main.evaluate(body, arg, clampTimeout(timeoutMs, 10_000, 60_000));
  }

  async info(): Promise<AppInfo> {
    this.assertAlive();
    return readAppInfo(this);
  }

  consoleEntries(): readonly ConsoleEntry[] {
    return this.consoleBuffer.all();
  }

  dialogs(): readonly DialogRecord[] {
    return this.dialogAnswerer.records();
  }

  setDialogPolicy(policy: DialogPolicy | undefined): void {
    this.dialogAnswerer.setPolicy(policy);
  }

  dialogPolicy(): DialogPolicy | undefined {
    return this.dialogAnswerer.currentPolicy();
  }

  takeNotices(): string[] {
    return this.notices.take();
  }

  beginAction(): ActionWatch {
    return new SessionActionWatch({
      windows: this.windowTracker,
      dialogs: this.dialogAnswerer,
      documents: this.navigation,
      mainWindowCount: (timeoutMs) =>
        this.capabilities.renderer ? this.tryMain<MainWatchState>(MAIN_WINDOW_COUNT, timeoutMs) : Promise.resolve(undefined),
      downloads: this.exitInfo ? undefined : this.downloadWatch,
      consoleMark: () => this.consoleBuffer.all().at(-1)?.seq ?? 0,
      pageErrorsAfter: (mark) => this.tellPageErrors({ afterSeq: mark }),
      addedKinds: this.effectKinds,
    });
  }

  addEffectKind(kind: EffectKind): void {
    this.effectKinds.push(kind);
  }

  pageErrors(): string[] {
    return this.tellPageErrors({ window: this.windowTracker.active });
  }

  /** Page errors as answer lines, marking everything up to now as told. */
  private tellPageErrors(selection: { window?: string; afterSeq?: number }): string[] {
    const entries = this.consoleBuffer.all();
    const lines = pageErrorLines(entries, selection);
    this.toldErrors = Math.max(this.toldErrors, entries.at(-1)?.seq ?? 0);
    return lines;
  }

  explainFailure(error: unknown, element?: FailedElement, action?: ActionWatch): Promise<unknown> {
    const watch = action instanceof SessionActionWatch ? action : undefined;
    return explainFailure(error, element, {
      action: watch && {
        closedItsWindow: () => watch.closedItsWindow(),
        untoldPageErrors: () => this.tellPageErrors({ afterSeq: this.toldErrors }),
      },
      appExited: async (waitMs) => {
        if (waitMs > 0) await this.waitForExit(waitMs);
        try {
          await this.confirmAlive();
          return undefined;
        } catch (exited) {
          return exited as ToolError;
        }
      },
      pageProblem: () => {
        try {
          this.pageOrThrow();
          return undefined;
        } catch (problem) {
          return isToolError(problem) ? problem : undefined;
        }
      },
    });
  }

  /** Main-process evaluation for driver internals (info, window state): undefined when unavailable. */
  async tryMain<T>(body: string, timeoutMs = 3_000): Promise<T | undefined> {
    if (!this.main || this.exitInfo) return undefined;
    return (await this.main.evaluate(body, null, timeoutMs).catch(() => undefined)) as T | undefined;
  }

  closeMain(): void {
    this.main?.close();
  }
}
