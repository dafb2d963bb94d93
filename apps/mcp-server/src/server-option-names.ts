import { ServerOptionsError } from '@stagewright/kernel';
import type { StagewrightServerOptions } from './compose.js';

/**
 * Every option createStagewrightServer takes. Typed against the options interface, so a new option
 * fails the typecheck until it is listed here: a misspelt option (`plugin` for `plugins`,
 * `pluginConfig` for `pluginConfigs`) is refused instead of silently ignored.
 */
const KNOWN: Record<keyof StagewrightServerOptions, true> = {
  container: true,
  toolProfile: true,
  allowEval: true,
  plugins: true,
  pluginConfigs: true,
  pluginSetupTimeoutMs: true,
  operationTimeoutMs: true,
  screenshotDir: true,
  appRoot: true,
  tools: true,
  name: true,
  version: true,
  cwd: true,
  driverOptions: true,
  pluginWorkspaces: true,
  launchGrants: true,
};

export const SERVER_OPTION_NAMES: readonly string[] = Object.keys(KNOWN).sort();

/** Throws ServerOptionsError naming each unknown option and the accepted ones. */
export function refuseUnknownOptions(options: object): void {
  const unknown = Object.keys(options).filter((key) => !Object.hasOwn(KNOWN, key));
  if (unknown.length === 0) return;
  const near = (key: string) => SERVER_OPTION_NAMES.find((name) => name.toLowerCase().startsWith(key.toLowerCase().slice(0, 5)));
  const named = unknown.map((key) => (near(key) ? `"${key}" (did you mean "${near(key)}"?)` : `"${key}"`)).join(', ');
  throw new ServerOptionsError(`Unknown server option ${named}; accepted: ${SERVER_OPTION_NAMES.join(', ')}.`);
}
