import type { Frame, Locator, Page } from 'playwright-core';
import type { MainInstrumentation } from './main-instrumentation.js';
import type { FailedElement } from './failure.js';

/** Exactly one of ref (from the latest snapshot of the active surface) or selector. */
export interface ElementTarget {
  ref?: string;
  selector?: string;
}

/**
 * Tool arguments that target an element by snapshot ref, each with the selector argument the same
 * tools accept instead. Refs are local to one snapshot: traces record a stable selector for each,
 * and replay specs hold the selector, never the ref (docs/adr/0016).
 */
export const REF_ARGUMENTS: Readonly<Record<string, string>> = Object.freeze({ ref: 'selector', targetRef: 'targetSelector' });

export interface WindowInfo {
  /** Stable id within the session (`w1`, `w2`, ...). */
  id: string;
  title: string;
  url: string;
  visible: boolean;
  focused: boolean;
  active: boolean;
  /** Outer bounds `[x, y, width, height]` in screen pixels, when the main process can tell. */
  bounds?: WindowBounds;
  /** `normal`, `maximized`, `minimized` or `fullscreen`, when the main process can tell. */
  state?: WindowStateWord;
}

/** A window's outer bounds as `[x, y, width, height]` (BrowserWindow.getBounds). */
export type WindowBounds = [number, number, number, number];
export type WindowStateWord = 'normal' | 'maximized' | 'minimized' | 'fullscreen';

/** What electron_window_set changes; each part only when given (Session.setWindow). */
export interface WindowChange {
  bounds?: { x?: number; y?: number; width?: number; height?: number };
  state?: WindowStateWord;
  focus?: boolean;
}

/** One download of the app (`will-download` on any of its sessions), as Session.downloads reports it. */
export interface DownloadRecord {
  /** `d1`, `d2`... in the order they began. */
  id: string;
  url: string;
  /** The file name the server suggested (DownloadItem.getFilename). */
  name: string;
  /** Total bytes, 0 when the server did not say. */
  size: number;
  received: number;
  state: 'progressing' | 'completed' | 'cancelled' | 'interrupted';
  /** Where it is saved (DownloadItem.getSavePath); absent until a path is set. */
  path?: string;
}

export interface SurfaceInfo {
  /** `main` for the window's top document, `f1`, `f2`... for frames and webviews. */
  id: string;
  kind: 'page' | 'frame' | 'webview';
  url: string;
  name?: string;
  active: boolean;
}

export interface SessionCapabilities {
  /** Main-process evaluation is available (launched, or attached with an inspect port, or injected). */
  mainProcess: boolean;
  /** The server started the app and may stop/kill it. */
  owned: boolean;
  renderer: boolean;
}

export type SessionKind = 'launched' | 'attached' | 'injected';

export interface SessionSummary {
  id: string;
  kind: SessionKind;
  state: 'running' | 'exited';
  pid?: number;
  windows: number;
  activeWindow?: string;
  exit?: { code: number | null; signal: string | null };
  startedAt: string;
}

export interface SnapshotOptions {
  /** `last`: only the lines that changed since this surface's previous snapshot. */
  since?: 'last';
  /** Root the snapshot at this ref. */
  ref?: string;
  /** Limit nesting depth. */
  depth?: number;
  /** Only the elements one can act on, each with its subtree, at the top level (ADR-0044). */
  interactive?: boolean;
  /** Character bound; longer output is truncated and flagged. */
  maxChars?: number;
  /** The whole text, never cut (for tools that search it, such as electron_find); maxChars is ignored. */
  whole?: boolean;
  /**
   * Whether this snapshot becomes the baseline of the next `since: 'last'` (default true).
   * Tools that snapshot for their own lookups (electron_find) pass false, so `since: 'last'`
   * always means "since the agent's last electron_snapshot".
   */
  baseline?: boolean;
}

export interface SnapshotResult {
  /** YAML with `[ref=eN]` markers, or the changed lines when `since: 'last'`. */
  snapshot: string;
  /** true when `since: 'last'` produced a diff (false: a full snapshot was returned). */
  diff: boolean;
  /** Why a full snapshot was returned although a diff was asked for. */
  fullReason?: 'no-previous' | 'navigated' | 'reloaded';
  /**
   * For a diff: which snapshot it compares against ("last whole page snapshot", "last snapshot
   * with depth 3"), when a snapshot of another ref or depth came in between. Each scope keeps
   * its own baseline. Added additively (issue 29).
   */
  baseline?: string;
  truncated: boolean;
  /** When truncated: what the cut left out (whole lines, about one element each, and characters). */
  omitted?: { lines: number; chars: number };
  /** When a full snapshot was truncated: its landmarks and large containers with ref and size (ADR-0017). */
  outline?: string;
  url: string;
  title: string;
  /** For a diff: the url / title are those of the previous snapshot, so a tool may leave them out. */
  urlUnchanged?: boolean;
  titleUnchanged?: boolean;
}

export interface ConsoleEntry {
  seq: number;
  time: string;
  source: 'renderer' | 'main';
  level: 'debug' | 'log' | 'info' | 'warning' | 'error';
  text: string;
  window?: string;
  /**
   * What produced the entry when it is not a console API call (absent: console.log/warn/...):
   * an uncaught exception, an unhandled promise rejection, a preload script that failed to load,
   * or a chunk of the main process's stderr. Added in PLUGIN_API 1.0 additively (ADR-0009).
   */
  kind?: 'exception' | 'rejection' | 'preload' | 'stderr';
  /** Where it came from: `url:line:column` of the script, when known. */
  location?: string;
}

export interface DialogRecord {
  time: string;
  type: 'alert' | 'confirm' | 'prompt' | 'beforeunload';
  message: string;
  action: 'accept' | 'dismiss';
  promptText?: string;
}

export interface DialogPolicy {
  action: 'accept' | 'dismiss';
  promptText?: string;
  oneShot?: boolean;
}

/**
 * What an action caused within its settle window (ADR-0020), for its answer's `caused` field.
 * Each field is there only when it happened; nothing happened is no `caused` at all.
 */
export interface ActionEffects {
  /** Windows that opened, with the id to switch to and their title. */
  opened?: { id: string; title: string }[];
  /** Windows that closed, with the title they last had. */
  closed?: { id: string; title: string }[];
  /** The active window's new URL (same window, another document or fragment). */
  url?: string;
  /** Dialogs that appeared (answered by the dialog policy), message cut to a line. */
  dialogs?: { type: DialogRecord['type']; message: string }[];
  /**
   * Native dialogs (electron.dialog) main-process hooks saw open or time out during the action
   * (ADR-0042), one line each, as the hooks pushed them to the main process's effects list.
   */
  nativeDialogs?: Record<string, unknown>[];
  /** Downloads the action started (ADR-0043), as far as they got by the answer. */
  downloads?: Pick<DownloadRecord, 'id' | 'name' | 'state'>[];
  /** A window the action moved, resized or changed the state of (ADR-0043): read back after the change. */
  window?: { id: string; bounds: WindowBounds; state: WindowStateWord };
  /** The active window loaded its document again at the same URL (ADR-0044). */
  reloaded?: true;
  /** Page errors thrown during the action, one line each (pageErrorLines; ADR-0044). */
  errors?: string[];
  /** Notifications shown during the action, a title line each; a plugin that records them adds it (ADR-0044). */
  notified?: string[];
}

/**
 * One kind of effect an action can cause (ADR-0044): `begin` runs as the action starts and
 * returns the reader that, at the settle, gives the `caused` fields it adds, or undefined when
 * nothing of its kind happened. The driver's own kinds are one list (action-watch.ts); a plugin
 * adds one with `Session.addEffectKind`.
 */
export interface EffectKind {
  /** Names the kind in logs and tests: `notifications`, `downloads`... */
  readonly name: string;
  begin(): EffectReader;
}
export type EffectReader = () => Promise<Partial<ActionEffects> | undefined> | Partial<ActionEffects> | undefined;

/** One action call on a session, from its start to its settle (Session.beginAction). */
export interface ActionWatch {
  /** Waits out the settle window and says what the action caused; undefined when nothing. */
  settle(): Promise<ActionEffects | undefined>;
}

export interface AppInfo {
  name?: string;
  version?: string;
  paths?: Record<string, string>;
  versions: { electron?: string; chrome?: string; node?: string };
  packaged?: boolean;
  pid?: number;
  capabilities: SessionCapabilities;
}

/**
 * One running app under automation. Implemented by the driver; tools see only this.
 * Methods that touch the app throw APP_EXITED once it is gone.
 */
export interface Session {
  readonly id: string;
  readonly kind: SessionKind;
  readonly capabilities: SessionCapabilities;
  summary(): SessionSummary;

  windows(): Promise<WindowInfo[]>;
  switchWindow(by: { id?: string; title?: string; index?: number }): Promise<WindowInfo>;
  surfaces(): Promise<SurfaceInfo[]>;
  switchSurface(surfaceId: string): Promise<SurfaceInfo>;
  /** The page of window `id` (`w2`), undefined when no such window is open. Optional (additive). */
  pageOfWindow?(id: string): Page | undefined;
  /** The active window's page. Throws WINDOW_NOT_FOUND (no open window), RENDERER_UNRESPONSIVE (it crashed) or NOT_SUPPORTED (a main-process-only session). */
  pageOrThrow(): Page;
  /** The active surface (the page or a frame inside it). Throws as `pageOrThrow` does. */
  surfaceOrThrow(): Page | Frame;
  /** @deprecated since PLUGIN_API 1.3: `pageOrThrow()`, the same method under a name that says it throws. */
  page(): Page;
  /** @deprecated since PLUGIN_API 1.3: `surfaceOrThrow()`. */
  surface(): Page | Frame;
  /** Resolve a ref or selector on the active surface. Throws REF_NOT_FOUND (with similar refs) or BAD_ARGUMENT. */
  locate(target: ElementTarget): Promise<Locator>;
  snapshot(options?: SnapshotOptions): Promise<SnapshotResult>;
  /** Evaluate a function body in the main process with `electron` and `arg` in scope. Throws MAIN_PROCESS_UNAVAILABLE. */
  evaluateMain(body: string, arg?: unknown, timeoutMs?: number): Promise<unknown>;
  info(): Promise<AppInfo>;

  consoleEntries(): readonly ConsoleEntry[];
  dialogs(): readonly DialogRecord[];
  setDialogPolicy(policy: DialogPolicy | undefined): void;
  /** The policy in force; undefined means the default (dismiss, beforeunload accepted). */
  dialogPolicy(): DialogPolicy | undefined;

  /** Notices for the next response (e.g. "active window closed; now w2"), drained on read. */
  takeNotices(): string[];

  /**
   * Starts watching one action call: the element and session definers call it for action tools
   * and put what `settle()` reports in the answer as `caused` (ADR-0020). Optional (additive).
   */
  beginAction?(): ActionWatch;

  /** Adds a kind of effect every later action of this session reports (ADR-0044). Optional (additive). */
  addEffectKind?(kind: EffectKind): void;

  /** Where a launched app keeps its state (ADR-0033); undefined for attached apps. Optional (additive). */
  appState?(): AppStateInfo | undefined;

  /**
   * The first few page errors (uncaught exceptions, unhandled rejections, failed preloads and
   * failed loads) of the active window, as short lines (sdk pageErrorLines), for an answer about
   * a page that is empty or did not load. Marks them told, so a failed action does not repeat
   * them. Optional (additive).
   */
  pageErrors?(): string[];

  /**
   * The one translator of a failed call into our codes (STYLE 8a): a ToolError keeps its code
   * unless the app has exited (APP_EXITED); Playwright's "target closed" becomes APP_EXITED,
   * RENDERER_UNRESPONSIVE or WINDOW_NOT_FOUND; with the element the call worked on, one read of
   * its state says ELEMENT_DETACHED, ELEMENT_NOT_FOUND, AMBIGUOUS_SELECTOR, ELEMENT_NOT_VISIBLE,
   * ELEMENT_DISABLED, ELEMENT_NOT_EDITABLE, ELEMENT_COVERED or ACTION_TIMEOUT. Anything else is
   * returned unchanged (the kernel reports it as INTERNAL_ERROR). The session and element definers'
   * single catch calls it, so core and plugin tools get the same codes. Returns what to throw.
   *
   * With the watch of an action call (ADR-0020): a window closing under the action because the
   * action closed it (Control+W, a Close button) is its effect, not a failure, and the result is
   * undefined (the definer answers ok with what the action caused); a failure carries, in
   * `details.pageErrors`, the page errors thrown since the agent was last told of any.
   */
  explainFailure(error: unknown, element?: FailedElement, action?: ActionWatch): Promise<unknown>;

  /**
   * The main-process identity of the active window (PLUGIN_API 1.4): the ids the app's own code
   * uses (`webContents.fromId`, `BrowserWindow.fromId`, `event.sender.id`), found through the
   * page's DevTools target as Electron maps it (`webContents.fromDevToolsTargetId`). Throws
   * WINDOW_NOT_FOUND, NOT_SUPPORTED (no renderer) or MAIN_PROCESS_UNAVAILABLE (attached without
   * an inspect port).
   */
  activeWindowIdentityOrThrow(): Promise<WindowIdentity>;

  /**
   * The app's downloads (ADR-0043): every `will-download` of every Electron session it uses,
   * oldest first. Empty when the session does not reach the main process. Optional (additive).
   */
  downloads?(): Promise<DownloadRecord[]>;

  /**
   * Moves, resizes, maximises, minimises, restores (`state: 'normal'`) or focuses window `window`
   * (the active one when undefined) and reads its geometry back once the change has landed
   * (ADR-0043). Throws WINDOW_NOT_FOUND or MAIN_PROCESS_UNAVAILABLE. Optional (additive).
   */
  setWindow?(window: string | undefined, change: WindowChange): Promise<{ id: string; bounds: WindowBounds; state: WindowStateWord }>;
}

/** A window as the app's main process names it (PLUGIN_API 1.4). */
export interface WindowIdentity {
  /** The session's window id (`w1`). */
  window: string;
  /** `webContents.id` of the window's page. */
  webContentsId: number;
  /** `BrowserWindow.id`; absent for contents without a BrowserWindow of their own. */
  browserWindowId?: number;
}

export interface LaunchOptions {
  /** App directory or main script (dev). */
  main?: string;
  /** Packaged app executable, or an Electron binary to run `main` with. */
  executablePath?: string;
  args?: string[];
  env?: Record<string, string>;
  cwd?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
  onProgress?: (message: string) => void;
  /** A saved app state (`stop` with `saveState`) to start from: copied into the fresh userData (ADR-0033). */
  state?: string;
}

/**
 * Where a launched app keeps its state (ADR-0033): a fresh temporary `userData` the server removes
 * when the session ends, or the operator's persistent `--user-data-dir`.
 */
export interface AppStateInfo {
  userData: 'temporary' | 'persistent';
  /** The saved state the launch started from. */
  state?: string;
}

/** Options of SessionManager.stop (additive). */
export interface StopOptions {
  /** Save the app's userData, after it exited, as this saved state (ADR-0033). */
  saveState?: string;
  /** Replace a saved state of that name (otherwise STATE_EXISTS, and nothing is stopped). */
  overwrite?: boolean;
}

export interface AttachOptions {
  port?: number;
  cdpUrl?: string;
  inspectPort?: number;
  timeoutMs?: number;
}

/** A session that has just started (launched, attached or injected), as `onSessionStart` listeners see it (PLUGIN_API 1.4). */
export interface SessionStart {
  id: string;
  kind: SessionKind;
}

/** How a session ended, as `onSessionEnd` listeners see it. */
export interface SessionEnd {
  id: string;
  kind: SessionKind;
  /** stopped / killed / detached by a tool; exited on its own (or crashed); disposed at shutdown. */
  reason: 'stopped' | 'killed' | 'detached' | 'exited' | 'disposed';
  exit?: { code: number | null; signal: string | null };
}

/** Owns every session of one server instance. */
export interface SessionManager {
  launch(options: LaunchOptions): Promise<Session>;
  attach(options: AttachOptions): Promise<Session>;
  /** `cdpPort`: the app's renderer debugging port when known (otherwise discovered, or main-only). */
  inject(pid: number, options?: { timeoutMs?: number; cdpPort?: number }): Promise<Session>;
  /**
   * The session by id, or the only live one. Rejects with NO_SESSION / SESSION_AMBIGUOUS /
   * SESSION_NOT_FOUND, or APP_EXITED when the app is gone, including an exit the operating system
   * has reported but whose event has not been delivered yet.
   */
  getOrThrow(sessionId?: string): Promise<Session>;
  list(): SessionSummary[];
  /**
   * The notices of every session, drained, for the next response; no liveness check (the call
   * already made its one). Optional: without it the kernel drains each live session's own.
   */
  takeNotices?(): string[];
  /** Close gracefully, kill after timeoutMs. Returns how it ended. */
  stop(
    sessionId: string,
    timeoutMs?: number,
    options?: StopOptions,
  ): Promise<{ graceful: boolean; exitCode: number | null; signal: string | null; savedState?: string }>;
  forceKill(sessionId: string): Promise<{ exitCode: number | null; signal: string | null }>;
  detach(sessionId: string): Promise<void>;
  /** Close everything this manager owns (server shutdown). */
  dispose(): Promise<void>;
  /** Subscribe to session ends (each session ends once); returns the unsubscribe function. Optional. */
  onSessionEnd?(listener: (end: SessionEnd) => void): () => void;
  /** Subscribe to session starts, told once the session is usable; returns the unsubscribe function. Optional (PLUGIN_API 1.4). */
  onSessionStart?(listener: (start: SessionStart) => void): () => void;
  /** Preflight checks of the runtime (which executable a launch would use, and why). Optional. */
  doctor?(): Promise<DoctorCheck[]>;
  /**
   * Run this fixed code in every app launched from now on, before its main script where the
   * runtime allows it (see MainInstrumentation). Returns the function that unregisters it. Optional.
   */
  addMainInstrumentation?(script: MainInstrumentation): () => void;
  /** Probe loopback ports for DevTools (CDP) and Node inspector endpoints. Optional. */
  discover?(ports: readonly number[]): Promise<DiscoveredEndpoint[]>;
}

export interface DoctorCheck {
  name: string;
  ok: boolean;
  detail: string;
}

export interface DiscoveredEndpoint {
  port: number;
  /** `cdp`: a renderer debugging port (electron_attach port); `inspector`: a Node inspector (inspectPort). */
  kind: 'cdp' | 'inspector';
  /** CDP: the Browser string, e.g. `Chrome/130.0`; inspector: the process title when shown. */
  product?: string;
  /** Electron version when the user agent reveals one. */
  electron?: string;
  /** Page targets (windows) behind a CDP port. */
  pages?: number;
}

/**
 * Driver configuration supplied through the DRIVER_OPTIONS token. The driver never imports the
 * stand-in runtime: whoever composes the server passes its executable as the last-resort fallback.
 */
export interface DriverOptions {
  /** Used when neither the call, STAGEWRIGHT_ELECTRON nor the app's own `electron` package gives an executable. */
  fallbackExecutablePath?: string;
  /** Live sessions allowed at once (default 8). */
  maxSessions?: number;
  /**
   * Which apps the session managers of this server process launched. A server serving several
   * clients (HTTP) creates one and passes it to every session's manager, so an app one session
   * launched is refused to the others (APP_OWNED_BY_ANOTHER_SESSION). Without it each manager
   * keeps its own record, and only its own apps are known.
   */
  appOwnership?: AppOwnership;
  /** What the operator opened beyond the built-in launch allowlist (ADR-0010). PLUGIN_API 1.2. */
  launchGrants?: LaunchGrants;
  /**
   * The operator's `--app-root`: a launch's executablePath must resolve inside it unless it is the
   * operator's own runtime (STAGEWRIGHT_ELECTRON, the fallback) or granted. PLUGIN_API 1.2.
   */
  appRoot?: string;
  /**
   * The operator's `--user-data-dir`: every launch uses this persistent folder as the app's
   * userData. Unset (the default), each launch gets a fresh temporary one (ADR-0033).
   */
  userDataDir?: string;
  /** Where saved app states live (`--state-dir`; default `<tmp>/stagewright-<uid>/states`). */
  stateDir?: string;
  /**
   * The session's artifact folder (the screenshot folder): downloads the app starts are saved in
   * its `downloads` folder without a save dialog (ADR-0043). Unset, they are recorded only.
   */
  artifactDir?: string;
  /**
   * How long one aria read of a launched app's page may take once the page answers its probe
   * (default 60 s). For benchmarks of very big pages on a loaded machine; no CLI flag sets it.
   */
  snapshotReadMs?: number;
}

/**
 * The apps launched in one server process, by main pid, each with the manager that launched it.
 * `owner` is an opaque identity a manager creates for itself; only the owner's release counts.
 */
export interface AppOwnership {
  claim(pid: number, owner: symbol): void;
  release(pid: number, owner: symbol): void;
  /** Main pids of the apps launched by managers other than `owner`. */
  claimedByOthers(owner: symbol): number[];
}

/**
 * Launch inputs the operator opened with server flags (ADR-0010). Names are as the flags took them:
 * switches without dashes (`--allow-launch-switch`), env names (`--allow-env`), absolute
 * executable paths (`--allow-executable`).
 */
export interface LaunchGrants {
  switches?: readonly string[];
  env?: readonly string[];
  executables?: readonly string[];
}
