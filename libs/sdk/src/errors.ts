import { CoreTools } from './core-tool-names.js';

/**
 * Error contract. Handlers throw ToolError with a stable code, a message and facts (`details`);
 * one catch in the dispatcher turns it into the `{ ok: false, code, error, hint, next_actions,
 * retryable }` envelope, taking hint, next actions and retryable from the code's registry entry
 * alone (ADR-0040): a throw site cannot set them.
 */
export interface ErrorCodeSpec {
  /** Whether the same call may succeed when retried unchanged (after a wait). */
  retryable: boolean;
  /** The hint: what the agent should do next (as listed in stagewright://errors). */
  hint: string;
  /** What happened, for the error catalogue (stagewright://errors). Every core code has one; optional for plugin codes. */
  meaning?: string;
  /** Next actions (tool names). */
  next?: readonly string[];
  /** A hint that depends on the facts thrown (`details`); undefined falls back to `hint`. Core codes only. */
  hintFor?: (details: Readonly<Record<string, unknown>>) => string | undefined;
  /** Next actions that depend on the facts thrown; undefined falls back to `next`. Core codes only. */
  nextFor?: (details: Readonly<Record<string, unknown>>) => readonly string[] | undefined;
  /** Codes split from this one that any tool listing it may also answer; stagewright://errors lists them with it. */
  alsoAnswered?: readonly string[];
}

/** The flag a grant-refusal names (`details.flag`), when the throw site gave one. */
const flagOf = (details: Readonly<Record<string, unknown>>): string | undefined =>
  typeof details.flag === 'string' ? details.flag : undefined;

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
    hintFor: (details) =>
      flagOf(details)
        ? `Restart the server with ${flagOf(details)}${details.profile === 'full' ? '' : ' (or --tool-profile full)'}.`
        : undefined,
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
    hintFor: (details) => (flagOf(details) ? `Restart the server with ${flagOf(details)}.` : undefined),
  },
  IMPERSONATION_NOT_ALLOWED: {
    meaning: "A call would answer or write as the app's server, storage or IPC peer without the operator's --allow-impersonation grant.",
    retryable: false,
    hint: 'Restart the server with the --allow-impersonation flag named in the error, or test through the UI.',
    hintFor: (details) =>
      flagOf(details)
        ? `The operator opens it by restarting the server with ${flagOf(details)} (or --allow-impersonation for all three), or test through the UI.`
        : undefined,
  },
  INTERNAL_ERROR: {
    meaning: 'An unexpected failure inside the server; the server keeps serving.',
    retryable: false,
    hint: 'An unexpected failure; check electron_status, then retry or report it.',
    hintFor: (details) =>
      typeof details.plugin === 'string'
        ? `A fault in plugin "${details.plugin}", not in the app or the server: other tools keep working. Report it to the plugin's author, or restart without --plugin ${details.plugin}.`
        : undefined,
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
    next: [CoreTools.launch, CoreTools.attach],
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
    next: [CoreTools.stop],
  },
  APP_EXITED: {
    meaning: 'The app process ended (crash, quit or killed).',
    retryable: false,
    hint: 'The app is gone; call electron_launch to start it again.',
  },
  LAUNCH_FAILED: {
    meaning: 'The app could not be started (main or the Electron executable is missing or unusable).',
    retryable: false,
    hint: "Check main (the app's folder or main script) and executablePath or STAGEWRIGHT_ELECTRON; electron_doctor shows which Electron a launch would use.",
    hintFor: (details) =>
      typeof details.param === 'string' && details.param !== 'main'
        ? `Check ${details.param}: it must name an existing file or directory.`
        : undefined,
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
    hint: 'Check that the app runs with --remote-debugging-port or --inspect on that port (electron_discover_running), or use electron_inject.',
  },
  NOT_LOOPBACK: {
    meaning: 'The address is not on this machine (127.0.0.1, ::1, localhost).',
    retryable: false,
    hint: 'Only 127.0.0.1, ::1 and localhost may be attached to.',
  },
  INJECT_FAILED: {
    meaning: 'The inspector of the process could not be opened or reached.',
    retryable: false,
    hint: 'Check the pid is an Electron main process you own; a packaged app may refuse SIGUSR1: start it with --inspect and use electron_attach.',
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
    meaning: 'This session (launch, attach or inject) or platform cannot do that.',
    retryable: false,
    hint: 'The message names what can; electron_info lists the capabilities.',
    // The throw site names the tool that does it instead (a fact); the next step follows from it.
    nextFor: (details) => (typeof details.instead === 'string' ? [details.instead] : undefined),
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
    hintFor: (details) =>
      flagOf(details)
        ? `Use a path inside --app-root, leave ${details.param ?? 'it'} out, or the operator opens it with ${flagOf(details)}.`
        : undefined,
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
    hintFor: (details) =>
      flagOf(details)
        ? `Remove it (details.accepted are allowed without a flag), or ask the operator to open it with ${flagOf(details)}.`
        : undefined,
  },
  LAUNCH_ARG_NOT_ALLOWED: {
    meaning: 'A launch argument is outside the allowlist and not opened by the operator, or would pause the app; nothing was started.',
    retryable: false,
    hint: 'Remove the launch argument named in the error, pass app arguments after "--", or ask the operator to open it with the flag the error names.',
    hintFor: (details) =>
      flagOf(details)
        ? `Remove it (details.accepted are allowed without a flag), pass app arguments after "--", or ask the operator to open it with ${flagOf(details)}.`
        : undefined,
  },
  WINDOW_NOT_FOUND: {
    meaning: 'No window matches that id, title or index, or the app has none open.',
    retryable: false,
    hint: 'Call electron_windows and use one of its ids, titles or indexes, or wait for the app to open one.',
    next: [CoreTools.windows],
  },
  SURFACE_NOT_FOUND: {
    meaning: 'No frame or surface matches that id.',
    retryable: false,
    hint: 'Call electron_surfaces and use one of its ids.',
    next: [CoreTools.surfaces],
  },
  REF_NOT_FOUND: {
    meaning: 'The ref is not in the latest snapshot of the active surface.',
    retryable: false,
    hint: 'Refs expire when the page changes; take a new electron_snapshot and use its refs.',
    hintFor: (details) =>
      Array.isArray(details.similar) && details.similar.length
        ? 'Refs expire when the page changes; use one of the similar refs or take a new electron_snapshot.'
        : undefined,
    next: [CoreTools.snapshot],
  },
  ELEMENT_NOT_FOUND: {
    meaning: 'No element matches the selector.',
    retryable: true,
    hint: 'Nothing matches; check the selector against a new electron_snapshot or wait with electron_wait_for_selector.',
    next: [CoreTools.snapshot, CoreTools.find],
  },
  AMBIGUOUS_SELECTOR: {
    meaning: 'More than one element matches where one is needed.',
    retryable: false,
    hint: 'Several elements match; use a ref from electron_snapshot or a more specific selector.',
    next: [CoreTools.snapshot, CoreTools.find],
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
    meaning: 'The element of a ref left the page; the same ref will not find it again.',
    retryable: false,
    hint: 'The element left the DOM; take a new electron_snapshot and use the new ref.',
    next: [CoreTools.snapshot],
  },
  ELEMENT_COVERED: {
    meaning: 'Another element receives the pointer at that point.',
    retryable: true,
    hint: 'Another element covers it (a dialog or overlay); close that first, or scroll.',
  },
  ELEMENT_NOT_EDITABLE: {
    meaning: 'The element does not take text.',
    retryable: false,
    hint: 'Target the input, textarea or contenteditable itself, not a preview or container.',
  },
  ELEMENT_HAS_NO_VALUE: {
    meaning: 'The element has no value to read (not an input, textarea, select or contenteditable).',
    retryable: false,
    hint: 'Target an input, textarea, select or contenteditable; read other elements with electron_get_text.',
    next: [CoreTools.getText],
  },
  ELEMENT_OUTSIDE_WINDOW: {
    meaning: 'The element lies outside the window, where scrolling does not bring it (the snapshot marks it [offscreen]).',
    retryable: false,
    hint: 'Bring it into the window first: open the drawer or panel that holds it, or make the window larger (a scrollable page is scrolled for you).',
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
    next: [CoreTools.snapshot],
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
    hintFor: (details) => (details.mainResponsive === false ? 'The main process does not answer; stop and relaunch the app.' : undefined),
    nextFor: (details) => (details.mainResponsive === false ? [CoreTools.stop, CoreTools.launch] : undefined),
  },
  RESULT_TOO_LARGE: {
    meaning: 'The result is over the size limit.',
    retryable: false,
    hint: 'Return a smaller value: select fields, slice arrays, or return a count.',
  },
  RENDERER_UNRESPONSIVE: {
    meaning: 'The page did not answer within the bound: it is busy or hung.',
    retryable: false,
    hint: 'The page is busy or hung; reload it or stop and relaunch the app.',
    next: [CoreTools.stop],
    alsoAnswered: ['RENDERER_CRASHED', 'PAGE_READ_SLOW'],
  },
  RENDERER_CRASHED: {
    meaning: "The window's renderer crashed; it answers nothing until the app reloads it.",
    retryable: false,
    hint: 'Switch to another window, or stop and relaunch the app.',
    next: [CoreTools.windows, CoreTools.stop],
  },
  PAGE_READ_SLOW: {
    meaning: 'The page answered, but reading it whole took too long: it is big, not hung.',
    retryable: true,
    hint: `Call ${CoreTools.snapshot} again in a few seconds (later reads are faster), or read one element (${CoreTools.getText}).`,
    next: [CoreTools.snapshot, CoreTools.getText],
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

/**
 * What a throw site may give besides code and message: facts and a cause. Hint, next actions and
 * retryable belong to the code's registry entry (ADR-0040); a new meaning is a new code.
 */
export interface ToolErrorOptions {
  /** Structured facts (expected/actual, accepted values, similar refs, the flag a grant needs...). Keep it small. */
  details?: Record<string, unknown>;
  cause?: unknown;
}

export class ToolError extends Error {
  readonly code: ErrorCode;
  readonly details?: Record<string, unknown>;

  constructor(code: ErrorCode, message: string, options: ToolErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ToolError';
    this.code = code;
    this.details = options.details;
  }
}

export function isToolError(value: unknown): value is ToolError {
  return value instanceof ToolError || (value instanceof Error && value.name === 'ToolError' && 'code' in value);
}
