import { ToolError } from '@stagewright/sdk';
import { assertLoopbackDebugArgs } from './debug-binds.js';
import { PAUSING_SWITCHES, SAFE_SWITCHES } from './safe-switches.js';
import { normaliseSwitchName, readLaunchArg, shownSwitch } from './switch-spelling.js';

export interface ArgsPolicyInput {
  args: readonly string[] | undefined;
  /** Switch names the operator opened (`--allow-launch-switch`), any spelling. */
  granted: readonly string[] | undefined;
  /** The launch names `main`: positional arguments then follow the app and stay its data. */
  hasMain: boolean;
  /** `--app-root` is set: without main, a positional would be what Electron runs as the app. */
  confined: boolean;
}

const SAFE_NAMES = Object.keys(SAFE_SWITCHES).join(', ');

/**
 * The launch-argument allowlist (ADR-0010). Every argument that reads as a switch (see
 * switch-spelling.ts) must be in SAFE_SWITCHES with an accepted value, or opened by the operator;
 * pausing switches are refused whatever was opened. Positional arguments, and everything after a
 * bare `--`, are the app's data (Chromium and Node stop reading switches there), except under
 * --app-root without `main`. Switches the operator opened still may not bind a debugger beyond
 * loopback. Throws LAUNCH_ARG_NOT_ALLOWED naming the argument, its index path and the flag.
 */
export function assertLaunchArgs(input: ArgsPolicyInput): void {
  const list = input.args ?? [];
  const granted = new Set((input.granted ?? []).map(normaliseSwitchName));
  let data = false;
  for (const [i, arg] of list.entries()) {
    const read = data ? ({ kind: 'positional' } as const) : readLaunchArg(arg);
    if (read.kind === 'terminator') {
      data = true;
      continue;
    }
    if (read.kind === 'positional') {
      if (!input.hasMain && input.confined) throw positionalWithoutMain(i);
      continue;
    }
    if (PAUSING_SWITCHES.has(read.name)) throw pausing(read.name, i);
    if (granted.has(read.name)) continue;
    const safe = SAFE_SWITCHES[read.name];
    const valueOk = safe && (read.value === undefined ? !safe.value || safe.valueOptional : !!safe.value?.test(read.value));
    if (!valueOk) throw notAllowed(i, read.name, safe !== undefined);
  }
  assertLoopbackDebugArgs(list);
}

function notAllowed(i: number, name: string, badValue: boolean): ToolError {
  const flag = `--allow-launch-switch ${name || '<name>'}`;
  const what = badValue ? `has a value ${shownSwitch(name)} does not accept here` : 'is not an allowed launch switch';
  return new ToolError('LAUNCH_ARG_NOT_ALLOWED', `args/${i} (switch ${shownSwitch(name)}) ${what} (the operator opens it with ${flag}).`, {
    details: { path: `/args/${i}`, refused: shownSwitch(name), switch: name, flag, accepted: SAFE_NAMES },
  });
}

function pausing(name: string, i: number): ToolError {
  return new ToolError(
    'LAUNCH_ARG_NOT_ALLOWED',
    `args/${i} (switch ${shownSwitch(name)}) would pause the app until a debugger attaches; the launch could only time out.`,
    { details: { path: `/args/${i}`, refused: shownSwitch(name), switch: name } },
  );
}

function positionalWithoutMain(i: number): ToolError {
  return new ToolError(
    'LAUNCH_ARG_NOT_ALLOWED',
    `args/${i} (a positional argument): without main, Electron would run the first positional argument as the app, outside the --app-root check.`,
    { details: { path: `/args/${i}`, refused: 'positional argument' } },
  );
}
