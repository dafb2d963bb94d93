import type { LaunchGrants } from '@stagewright/sdk';
import { isRefusedEnvKey } from './env-policy.js';
import { PAUSING_SWITCHES } from './safe-switches.js';
import { normaliseSwitchName } from './switch-spelling.js';

/**
 * What an operator may not open, even on purpose: env keys that change the runtime, and switches
 * that pause the app for a debugger (a launch could only time out). Returns one problem per
 * refused grant, naming the flag; the server refuses to start with any.
 */
export function launchGrantProblems(grants: LaunchGrants | undefined): string[] {
  const problems: string[] = [];
  for (const name of grants?.env ?? [])
    if (isRefusedEnvKey(name)) problems.push(`--allow-env ${name}: it changes how the runtime starts and is never passed to an app.`);
  for (const name of grants?.switches ?? [])
    if (normaliseSwitchName(name) === 'user-data-dir')
      problems.push(
        `--allow-launch-switch ${name}: the agent never chooses where the app keeps its data; name a persistent folder with --user-data-dir <dir> instead (ADR-0033).`,
      );
    else if (PAUSING_SWITCHES.has(normaliseSwitchName(name)))
      problems.push(
        `--allow-launch-switch ${name}: it pauses the app until a debugger attaches; start the app yourself and attach instead.`,
      );
  return problems;
}
