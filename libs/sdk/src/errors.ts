/**
 * Error contract. Handlers throw ToolError with a stable code; one catch in the dispatcher turns it
 * into the `{ ok: false, code, error, hint, next_actions, retryable }` envelope.
 */
export interface ErrorCodeSpec {
  /** Whether the same call may succeed when retried unchanged (after a wait). */
  retryable: boolean;
  /** Default hint: what the agent should do next. */
  hint: string;
  /** What happened, for the error catalogue (stagewright://errors). Every core code has one; optional for plugin codes. */
  meaning?: string;
  /** Default next actions (tool names), used when the throw site names none (STYLE 19). */
  next?: readonly string[];
}

/**
 * The one registry of core codes: each is registered here once, with its meaning, its default
 * hint and whether retrying unchanged may help. The kernel reads it for envelopes and the
 * catalogue; nothing else lists codes with their properties.
 */
export const CORE_ERROR_CODES = {
  BAD_ARGUMENT: {
    meaning: 'A parameter is missing, of the wrong type, out of range or unknown; nothing was done.',
    retryable: false,
    hint: 'Fix the named parameter; accepted values per tool: stagewright://tools/{name}.',
  },
  UNKNOWN_TOOL: {
    meaning: 'No tool has that name.',
    retryable: false,
    hint: 'Call tools/list; details.capabilities names tools with the words of the name and how to get each.',
  },
  TOOL_NOT_IN_PROFILE: {
    meaning: 'The tool exists but the server profile does not list it.',
    retryable: false,
    hint: 'Restart the server with a --tool-profile that contains this tool.',
  },
  TOOL_NOT_ENABLED: {
    meaning: 'The tool is in a plugin or profile the operator offers for this session, not yet enabled.',
    retryable: false,
    hint: 'Call electron_enable with details.enable.name; its answer lists the tools, callable at once.',
    next: ['electron_enable'],
  },
  PLUGIN_NOT_LOADED: {
    meaning: 'The tool belongs to a first-party plugin this server has not loaded (nor offered).',
    retryable: false,
    hint: 'Ask the operator to restart the server with the --plugin flag in details.flag (or to offer it with --offer).',
  },
  NOT_OFFERED: {
    meaning: 'electron_enable was asked for a plugin or profile the operator did not offer; grants are never offered.',
    retryable: false,
    hint: 'Enable one of details.offered; anything else (a grant included) only the operator can switch on.',
  },
  EVAL_NOT_ALLOWED: {
    meaning: 'An eval-gated tool was called without the --allow-eval grant.',
    retryable: false,
    hint: 'Restart the server with the --allow-eval flag named in the error.',
  },
  IMPERSONATION_NOT_ALLOWED: {
    meaning: "A call would answer or write as the app's server, storage or IPC peer without the operator's --allow-impersonation grant.",
    retryable: false,
    hint: 'Restart the server with the --allow-impersonation flag named in the error, or test through the UI.',
  },
  INTERNAL_ERROR: {
    meaning: 'An unexpected failure inside the server; the server keeps serving.',
    retryable: false,
    hint: 'An unexpected failure; check electron_status, then retry or report it.',
  },
  OPERATION_TIMEOUT: {
    meaning: 'The call passed the server-wide operation timeout and was aborted.',
    retryable: true,
    hint: 'The operation exceeded the server timeout; check electron_status and retry with a smaller scope.',
  },
  CANCELLED: {
    meaning: 'The client cancelled the request; the operation was stopped.',
    retryable: true,
    hint: 'The request was cancelled by the client.',
  },
  NO_SESSION: {
    meaning: 'No app is launched or attached.',
    retryable: false,
    hint: 'Start an app with electron_launch or electron_attach first.',
  },
  SESSION_NOT_FOUND: {
    meaning: 'The sessionId names no live session.',
    retryable: false,
    hint: 'Use one of the live session ids from electron_status.',
  },
  SESSION_AMBIGUOUS: {
    meaning: 'Several sessions are live and the call did not say which.',
    retryable: false,
    hint: 'Several sessions are live; pass sessionId (see electron_status).',
  },
  SESSION_LIMIT: {
    meaning: 'The maximum number of concurrent sessions is reached.',
    retryable: false,
    hint: 'Stop a session with electron_stop before starting another.',
  },
  APP_EXITED: {
    meaning: 'The app process ended (crash, quit or killed).',
    retryable: false,
    hint: 'The app is gone; call electron_launch to start it again.',
  },
  LAUNCH_FAILED: {
    meaning: 'The app could not be started.',
    retryable: false,
    hint: 'Check main/executablePath. electron_doctor shows which Electron a launch would use.',
  },
  LAUNCH_TIMEOUT: {
    meaning:
      'The app started, reported no error and showed no window in time. details: hiddenWindows (created, never shown), stderr, consoleFile.',
    retryable: true,
    hint: 'The app did not show a window in time and reported no error; raise timeoutMs, or check that it creates and shows a BrowserWindow (details.hiddenWindows).',
  },
  APP_CRASHED_AT_START: {
    meaning:
      "The app's main process threw or exited before showing a window. details: exceptions (file:line), stderr (its tail), exitCode, hiddenWindows, consoleFile (the launch's whole console).",
    retryable: false,
    hint: 'Fix the error at the file and line in details.exceptions (or details.stderr), then launch again; details.consoleFile holds the launch console from its first line.',
    next: ['electron_launch'],
  },
  STATE_EXISTS: {
    meaning: 'A saved app state of that name exists; nothing was stopped or written.',
    retryable: false,
    hint: 'Pick another saveState name, or pass overwrite: true to replace it.',
  },
  STATE_NOT_FOUND: {
    meaning: 'No saved app state has that name; nothing was started. details.states lists the saved ones.',
    retryable: false,
    hint: 'Use a name from details.states, or save one first with electron_stop {saveState}.',
  },
  ATTACH_FAILED: {
    meaning: 'No debuggable app answered at that port or URL.',
    retryable: true,
    hint: 'Check that the app runs with --remote-debugging-port and the port is right (electron_discover_running).',
  },
  NOT_LOOPBACK: {
    meaning: 'The address is not on this machine (127.0.0.1, ::1, localhost).',
    retryable: false,
    hint: 'Only 127.0.0.1, ::1 and localhost may be attached to.',
  },
  INJECT_FAILED: {
    meaning: 'The inspector of the process could not be opened or reached.',
    retryable: false,
    hint: 'Check the pid belongs to a running Electron main process you own.',
  },
  PROCESS_NOT_INSPECTABLE: {
    meaning: 'The pid is not an Electron or Node.js main process of this user.',
    retryable: false,
    hint: 'Pass the pid of an Electron or Node.js main process of your user (not a renderer or helper), or start the app with --inspect=<port> and use electron_attach.',
  },
  APP_OWNED_BY_ANOTHER_SESSION: {
    meaning: 'The pid, port or URL leads to an app another session of this server launched; nothing was signalled or attached.',
    retryable: false,
    hint: 'Apps belong to the session that launched them; launch your own with electron_launch, or use the session that launched this one.',
  },
  NOT_SUPPORTED: {
    meaning: 'This session (launch, attach or inject) cannot do that.',
    retryable: false,
    hint: 'This session cannot do that; see capabilities in electron_info.',
  },
  MAIN_PROCESS_UNAVAILABLE: {
    meaning: 'The session has no connection to the main process.',
    retryable: false,
    hint: 'Attach with inspectPort or use electron_inject to reach the main process.',
  },
  PATH_OUTSIDE_ROOT: {
    meaning: 'A path resolves outside --app-root or the screenshot folder.',
    retryable: false,
    hint: 'Use a path inside the configured --app-root / --screenshot-dir.',
  },
  UNSAFE_FOLDER: {
    meaning: 'An output folder is a symbolic link, not a directory, or owned by another user; nothing was written.',
    retryable: false,
    hint: 'The output folder is a symlink or belongs to another user: remove it, or configure a folder of your own (--screenshot-dir, the plugin config dir).',
  },
  ENV_NOT_ALLOWED: {
    meaning: 'An env name is outside the launch allowlist and not opened by the operator, or changes how the runtime starts.',
    retryable: false,
    hint: 'Remove the env key named in the error, or ask the operator to open it with --allow-env <NAME> (never ELECTRON_RUN_AS_NODE, NODE_OPTIONS, LD_*, DYLD_*).',
  },
  LAUNCH_ARG_NOT_ALLOWED: {
    meaning: 'A launch argument is outside the allowlist and not opened by the operator, or would pause the app; nothing was started.',
    retryable: false,
    hint: 'Remove the launch argument named in the error, pass app arguments after "--", or ask the operator to open it with the flag the error names.',
  },
  WINDOW_NOT_FOUND: {
    meaning: 'No window matches that id, title or index.',
    retryable: false,
    hint: 'Call electron_windows_list and use one of its ids, titles or indexes.',
  },
  SURFACE_NOT_FOUND: {
    meaning: 'No frame or surface matches that id.',
    retryable: false,
    hint: 'Call electron_surfaces_list and use one of its ids.',
  },
  REF_NOT_FOUND: {
    meaning: 'The ref is not in the latest snapshot of the active surface.',
    retryable: false,
    hint: 'Refs expire when the page changes; take a new electron_snapshot and use its refs.',
  },
  ELEMENT_NOT_FOUND: {
    meaning: 'No element matches the selector.',
    retryable: true,
    hint: 'Nothing matches; check the selector against a new electron_snapshot or wait with electron_wait_for_selector.',
  },
  AMBIGUOUS_SELECTOR: {
    meaning: 'More than one element matches where one is needed.',
    retryable: false,
    hint: 'Several elements match; use a ref from electron_snapshot or a more specific selector.',
  },
  ELEMENT_NOT_VISIBLE: {
    meaning: 'The element exists but is hidden.',
    retryable: true,
    hint: 'The element is hidden; reveal it (open its container, electron_scroll_into_view) or wait for it.',
  },
  ELEMENT_DISABLED: {
    meaning: 'The element is disabled.',
    retryable: true,
    hint: 'The element is disabled; satisfy what enables it, or wait with electron_wait_for_state.',
  },
  ELEMENT_DETACHED: {
    meaning: 'The element was removed from the page during the action.',
    retryable: true,
    hint: 'The element left the DOM; take a new electron_snapshot and use the new ref.',
  },
  ELEMENT_COVERED: {
    meaning: 'Another element receives the pointer at that point.',
    retryable: true,
    hint: 'Another element covers it (a dialog or overlay); close that first, or scroll.',
  },
  ELEMENT_NOT_EDITABLE: {
    meaning: 'The element does not take text.',
    retryable: false,
    hint: 'Target an input, textarea or contenteditable element.',
  },
  ACTION_TIMEOUT: {
    meaning: 'The element did not become actionable in time.',
    retryable: true,
    hint: 'The element never became actionable; check its state with electron_get_state.',
  },
  OPTION_NOT_FOUND: {
    meaning: 'The select has no such option.',
    retryable: false,
    hint: 'Use an option value or label that the select contains (electron_snapshot lists them).',
  },
  EXPECTATION_FAILED: {
    meaning: 'The expected condition did not hold before timeoutMs; details carry expected and actual.',
    retryable: true,
    hint: 'The expectation did not hold within timeoutMs; compare expected with actual, act, then expect again.',
  },
  WAIT_TIMEOUT: {
    meaning: 'The awaited condition did not happen before timeoutMs.',
    retryable: true,
    hint: 'The condition did not hold within timeoutMs; check the page with electron_snapshot.',
  },
  EVAL_ERROR: {
    meaning: 'The evaluated code threw.',
    retryable: false,
    hint: 'The code threw; fix it and try again.',
  },
  EVAL_TIMEOUT: {
    meaning: 'The evaluated code did not finish in time.',
    retryable: false,
    hint: 'The code did not finish; avoid long loops. Check electron_status before continuing.',
  },
  RESULT_TOO_LARGE: {
    meaning: 'The result is over the size limit.',
    retryable: false,
    hint: 'Return a smaller value.',
  },
  RENDERER_UNRESPONSIVE: {
    meaning: 'The page is hung or crashed.',
    retryable: false,
    hint: 'The page is hung; reload it or stop and relaunch the app.',
  },
  UNSAFE_REGEX: {
    meaning: 'The pattern could backtrack catastrophically.',
    retryable: false,
    hint: 'Use a simpler pattern without nested quantifiers, or a plain contains.',
  },
} as const satisfies Record<string, ErrorCodeSpec & { meaning: string }>;

export type CoreErrorCode = keyof typeof CORE_ERROR_CODES;
/** Core codes, or `<plugin>.CODE` for plugin codes. */
export type ErrorCode = CoreErrorCode | `${string}.${string}`;

export interface ToolErrorOptions {
  /** What to do next, overriding the registry's default hint. */
  hint?: string;
  /** Tool calls that would make progress, e.g. `['electron_snapshot']`. */
  next?: string[];
  /** Structured facts (expected/actual, accepted values, similar refs...). Keep it small. */
  details?: Record<string, unknown>;
  /** Overrides the registry's retryable flag. */
  retryable?: boolean;
  cause?: unknown;
}

export class ToolError extends Error {
  readonly code: ErrorCode;
  readonly hint?: string;
  readonly next?: string[];
  readonly details?: Record<string, unknown>;
  readonly retryable?: boolean;

  constructor(code: ErrorCode, message: string, options: ToolErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ToolError';
    this.code = code;
    this.hint = options.hint;
    this.next = options.next;
    this.details = options.details;
    this.retryable = options.retryable;
  }
}

export function isToolError(value: unknown): value is ToolError {
  return value instanceof ToolError || (value instanceof Error && value.name === 'ToolError' && 'code' in value);
}
