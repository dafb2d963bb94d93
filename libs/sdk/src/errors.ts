/**
 * Error contract. Handlers throw ToolError with a stable code; one catch in the dispatcher turns it
 * into the `{ ok: false, code, error, hint, next_actions, retryable }` envelope.
 */
export interface ErrorCodeSpec {
  /** Whether the same call may succeed when retried unchanged (after a wait). */
  retryable: boolean;
  /** Default hint: what the agent should do next. */
  hint: string;
}

export const CORE_ERROR_CODES = {
  BAD_ARGUMENT: { retryable: false, hint: 'Fix the named parameter; accepted values per tool: stagewright://tools/{name}.' },
  UNKNOWN_TOOL: { retryable: false, hint: 'Call tools/list for the available tools.' },
  TOOL_NOT_IN_PROFILE: { retryable: false, hint: 'Restart the server with a --tool-profile that contains this tool.' },
  EVAL_NOT_ALLOWED: { retryable: false, hint: 'Restart the server with the --allow-eval flag named in the error.' },
  INTERNAL_ERROR: { retryable: false, hint: 'An unexpected failure; check electron_status, then retry or report it.' },
  OPERATION_TIMEOUT: {
    retryable: true,
    hint: 'The operation exceeded the server timeout; check electron_status and retry with a smaller scope.',
  },
  CANCELLED: { retryable: true, hint: 'The request was cancelled by the client.' },
  NO_SESSION: { retryable: false, hint: 'Start an app with electron_launch or electron_attach first.' },
  SESSION_NOT_FOUND: { retryable: false, hint: 'Use one of the live session ids from electron_status.' },
  SESSION_AMBIGUOUS: { retryable: false, hint: 'Several sessions are live; pass sessionId (see electron_status).' },
  SESSION_LIMIT: { retryable: false, hint: 'Stop a session with electron_stop before starting another.' },
  APP_EXITED: { retryable: false, hint: 'The app is gone; call electron_launch to start it again.' },
  LAUNCH_FAILED: { retryable: false, hint: 'Check main/executablePath. electron_doctor shows which Electron a launch would use.' },
  LAUNCH_TIMEOUT: {
    retryable: true,
    hint: 'The app did not show a window in time; raise timeoutMs or check that it creates a BrowserWindow.',
  },
  ATTACH_FAILED: {
    retryable: true,
    hint: 'Check that the app runs with --remote-debugging-port and the port is right (electron_discover_running).',
  },
  NOT_LOOPBACK: { retryable: false, hint: 'Only 127.0.0.1, ::1 and localhost may be attached to.' },
  INJECT_FAILED: { retryable: false, hint: 'Check the pid belongs to a running Electron main process you own.' },
  PROCESS_NOT_INSPECTABLE: {
    retryable: false,
    hint: 'Pass the pid of an Electron or Node.js main process of your user (not a renderer or helper), or start the app with --inspect=<port> and use electron_attach.',
  },
  APP_OWNED_BY_ANOTHER_SESSION: {
    retryable: false,
    hint: 'Apps belong to the session that launched them; launch your own with electron_launch, or use the session that launched this one.',
  },
  NOT_SUPPORTED: { retryable: false, hint: 'This session cannot do that; see capabilities in electron_info.' },
  MAIN_PROCESS_UNAVAILABLE: { retryable: false, hint: 'Attach with inspectPort or use electron_inject to reach the main process.' },
  PATH_OUTSIDE_ROOT: { retryable: false, hint: 'Use a path inside the configured --app-root / --screenshot-dir.' },
  UNSAFE_FOLDER: {
    retryable: false,
    hint: 'The output folder is a symlink or belongs to another user: remove it, or configure a folder of your own (--screenshot-dir, the plugin config dir).',
  },
  ENV_NOT_ALLOWED: {
    retryable: false,
    hint: 'Remove the env key named in the error, or ask the operator to open it with --allow-env <NAME> (never ELECTRON_RUN_AS_NODE, NODE_OPTIONS, LD_*, DYLD_*).',
  },
  LAUNCH_ARG_NOT_ALLOWED: {
    retryable: false,
    hint: 'Remove the launch argument named in the error, pass app arguments after "--", or ask the operator to open it with the flag the error names.',
  },
  WINDOW_NOT_FOUND: { retryable: false, hint: 'Call electron_windows_list and use one of its ids, titles or indexes.' },
  SURFACE_NOT_FOUND: { retryable: false, hint: 'Call electron_surfaces_list and use one of its ids.' },
  REF_NOT_FOUND: { retryable: false, hint: 'Refs expire when the page changes; take a new electron_snapshot and use its refs.' },
  ELEMENT_NOT_FOUND: {
    retryable: true,
    hint: 'Nothing matches; check the selector against a new electron_snapshot or wait with electron_wait_for_selector.',
  },
  AMBIGUOUS_SELECTOR: { retryable: false, hint: 'Several elements match; use a ref from electron_snapshot or a more specific selector.' },
  ELEMENT_NOT_VISIBLE: {
    retryable: true,
    hint: 'The element is hidden; reveal it (open its container, electron_scroll_into_view) or wait for it.',
  },
  ELEMENT_DISABLED: { retryable: true, hint: 'The element is disabled; satisfy what enables it, or wait with electron_wait_for_state.' },
  ELEMENT_DETACHED: { retryable: true, hint: 'The element left the DOM; take a new electron_snapshot and use the new ref.' },
  ELEMENT_COVERED: { retryable: true, hint: 'Another element covers it (a dialog or overlay); close that first, or scroll.' },
  ELEMENT_NOT_EDITABLE: { retryable: false, hint: 'Target an input, textarea or contenteditable element.' },
  ACTION_TIMEOUT: { retryable: true, hint: 'The element never became actionable; check its state with electron_get_state.' },
  OPTION_NOT_FOUND: { retryable: false, hint: 'Use an option value or label that the select contains (electron_snapshot lists them).' },
  EXPECTATION_FAILED: {
    retryable: true,
    hint: 'The expectation did not hold within timeoutMs; compare expected with actual, act, then expect again.',
  },
  WAIT_TIMEOUT: { retryable: true, hint: 'The condition did not hold within timeoutMs; check the page with electron_snapshot.' },
  EVAL_ERROR: { retryable: false, hint: 'The code threw; fix it and try again.' },
  EVAL_TIMEOUT: { retryable: false, hint: 'The code did not finish; avoid long loops. Check electron_status before continuing.' },
  RESULT_TOO_LARGE: { retryable: false, hint: 'Return a smaller value.' },
  RENDERER_UNRESPONSIVE: { retryable: false, hint: 'The page is hung; reload it or stop and relaunch the app.' },
  UNSAFE_REGEX: { retryable: false, hint: 'Use a simpler pattern without nested quantifiers, or a plain contains.' },
} as const satisfies Record<string, ErrorCodeSpec>;

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
