/**
 * One launch argument as the runtimes would read it. Chromium trims ASCII whitespace and takes
 * `-name` or `--name`, with a value only after `=`, until a bare `--`; Node (inside Electron)
 * reads one or two dashes, `_` for `-`, and a value after `=` or as the next argument. The
 * normalised name (dashes stripped, lower case, `_` → `-`) is what the allowlist compares, so a
 * respelling of a refused switch is still refused.
 */
export type LaunchArg = { kind: 'terminator' } | { kind: 'positional' } | { kind: 'switch'; name: string; value?: string };

export function readLaunchArg(arg: string): LaunchArg {
  if (arg === '--') return { kind: 'terminator' };
  // JS trim() is a superset of Chromium's: a padded switch counts as one (and so is checked).
  const trimmed = arg.trim();
  if (!trimmed.startsWith('-')) return { kind: 'positional' };
  const body = trimmed.replace(/^--?/, '');
  const eq = body.indexOf('=');
  const name = (eq < 0 ? body : body.slice(0, eq)).toLowerCase().replace(/_/g, '-');
  return eq < 0 ? { kind: 'switch', name } : { kind: 'switch', name, value: body.slice(eq + 1) };
}

/** A switch name as an operator writes it in `--allow-launch-switch`: the same normalisation. */
export function normaliseSwitchName(name: string): string {
  const read = readLaunchArg(name.startsWith('-') ? name : `--${name}`);
  return read.kind === 'switch' ? read.name : name;
}

/**
 * How a refusal names a switch: its normalised name, never its value (`--password=hunter2` is
 * refused as `--password`), since a refusal travels into answers and traces (issue 38, item 3).
 */
export function shownSwitch(name: string): string {
  return `--${name.slice(0, 100)}`;
}
