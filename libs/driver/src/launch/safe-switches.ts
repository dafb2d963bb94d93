/**
 * The launch switches an agent may pass without an operator flag (ADR-0010). Each changes only
 * presentation or diagnostics of the app's own code: none starts a process, loads code or a
 * file of the caller's choosing, opens a port, or weakens a security feature. Values are
 * checked against a narrow pattern so a value cannot smuggle another switch or a path.
 */
export interface SafeSwitch {
  /** Why it is safe, for the ADR and the refusal message. */
  why: string;
  /** `undefined`: takes no value. A pattern: a value is required and must match it. */
  value?: RegExp;
  /** The value may be left out (e.g. `--enable-logging` alone). */
  valueOptional?: boolean;
}

export const SAFE_SWITCHES: Readonly<Record<string, SafeSwitch>> = {
  lang: { why: 'UI locale: picks which of the app’s translations load', value: /^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*$/ },
  'force-device-scale-factor': { why: 'rendering scale of the windows', value: /^\d{1,2}(?:\.\d{1,3})?$/ },
  'force-dark-mode': { why: 'dark colour scheme for the UI' },
  'force-prefers-reduced-motion': { why: 'the prefers-reduced-motion media query' },
  'force-color-profile': { why: 'colour space of the rendering', value: /^[a-z0-9-]{1,32}$/ },
  'disable-gpu': { why: 'turns a subsystem off (software rendering)' },
  'disable-renderer-backgrounding': { why: 'keeps timers of hidden windows at full speed' },
  'disable-background-timer-throttling': { why: 'keeps timers of background pages at full speed' },
  'disable-backgrounding-occluded-windows': { why: 'keeps covered windows rendering' },
  'enable-logging': { why: 'Chromium logging to stderr (not to a file)', value: /^stderr$/, valueOptional: true },
  'log-level': { why: 'Chromium log verbosity', value: /^[0-3]$/ },
  'no-deprecation': { why: 'Node: silences deprecation warnings' },
  'trace-warnings': { why: 'Node: stack traces for process warnings' },
  'trace-deprecation': { why: 'Node: stack traces for deprecations' },
};

/**
 * Switches that stop the main process (or a child) until a debugger attaches: the launch could
 * only time out, so they are refused at once, whatever the operator opened. To debug from the
 * first line, start the app yourself and use electron_attach.
 */
export const PAUSING_SWITCHES: ReadonlySet<string> = new Set([
  'inspect-brk',
  'inspect-brk-node',
  'inspect-wait',
  'debug-brk',
  'wait-for-debugger',
  'wait-for-debugger-children',
  'renderer-startup-dialog',
  'gpu-startup-dialog',
  'utility-startup-dialog',
]);
