import { existsSync, realpathSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { DependencyContainer } from 'tsyringe';
import {
  SDK_VERSION,
  defaultOutputDir,
  type AnyToolDefinition,
  type EvalTarget,
  type ImpersonationGrant,
  type ServerConfig,
} from '@stagewright/sdk';
import { normalizeAllowEval, normalizeImpersonation } from './tools/surface.js';
import type { PluginSpec } from './plugins/plugin-import.js';
import type { PluginIndex } from './tools/capability-index.js';
import { DEFAULT_PROFILE, PROFILE_NAMES, isProfileName, type ProfileName } from './tools/profiles.js';

export const DEFAULT_OPERATION_TIMEOUT_MS = 120_000;

export interface CreateServerOptions {
  /** TOOL_MODULE registrations and the SESSION_MANAGER are resolved from it (a child scope is used). */
  container?: DependencyContainer;
  /** Core tool profile (default `full`). Excludes `tools`. */
  toolProfile?: ProfileName;
  /** `true` grants both eval targets; a list grants those. */
  allowEval?: boolean | readonly EvalTarget[];
  /** `true` grants all three impersonations (network, storage, ipc; ADR-0034); a list grants those. */
  allowImpersonation?: boolean | readonly ImpersonationGrant[];
  /** Package names, file paths, plugin objects or factories, loaded in order. */
  plugins?: readonly PluginSpec[];
  /** Config per plugin name, validated against that plugin's configSchema. */
  pluginConfigs?: Readonly<Record<string, unknown>>;
  /** Deadline for each plugin's setup (default 10 000 ms); past it startup fails naming the plugin. */
  pluginSetupTimeoutMs?: number;
  /** Backstop for every call; the call returns OPERATION_TIMEOUT past it. */
  operationTimeoutMs?: number;
  screenshotDir?: string;
  /** When set, launch and file paths must resolve inside it. Must be an existing directory. */
  appRoot?: string;
  /**
   * Advanced: the whole core surface, instead of the TOOL_MODULE registrations. Mutually exclusive
   * with toolProfile (a profile would be silently ignored otherwise).
   */
  tools?: readonly AnyToolDefinition[];
  name?: string;
  version?: string;
  /** Never list more tools than this (hosts refuse long lists: Cursor past 100); the rest stays callable (ADR-0045). */
  maxTools?: number;
  /** First-party plugins by name, loaded or not: an unknown tool name that is theirs names the plugin. */
  pluginIndex?: PluginIndex;
  /**
   * What the agent may switch on mid-session with electron_enable (ADR-0045): plugins (name to
   * spec, loaded only when enabled) and profiles. Never a grant.
   */
  offers?: { plugins?: Readonly<Record<string, PluginSpec>>; profiles?: readonly ProfileName[] };
  /** Where relative plugin paths (`./x.mjs`) resolve from (default: process.cwd()); never packages or names. */
  cwd?: string;
}

/** A createServer option that cannot work; the message says which and why. */
export class ServerOptionsError extends Error {
  override name = 'ServerOptionsError';
}

/** A plugin setup deadline in ms: a positive integer, or undefined for the default. */
export function pluginSetupTimeout(value: number | undefined): number | undefined {
  if (value !== undefined && (!Number.isInteger(value) || value <= 0)) {
    throw new ServerOptionsError(`pluginSetupTimeoutMs must be a positive integer (ms), got ${String(value)}.`);
  }
  return value;
}

function operationTimeout(value: number | undefined): number {
  if (value === undefined) return DEFAULT_OPERATION_TIMEOUT_MS;
  if (!Number.isInteger(value) || value <= 0)
    throw new ServerOptionsError(`operationTimeoutMs must be a positive integer (ms), got ${String(value)}.`);
  return value;
}

function appRootOf(value: string | undefined, cwd: string): string | undefined {
  if (value === undefined) return undefined;
  const path = resolve(cwd, value);
  if (!existsSync(path) || !statSync(path).isDirectory()) throw new ServerOptionsError(`appRoot must be an existing directory: ${path}`);
  return realpathSync(path);
}

/** Validate the options and derive the read-only config tools see. */
export function resolveServerConfig(options: CreateServerOptions): { config: ServerConfig; profile: ProfileName | 'custom' } {
  if (options.tools !== undefined && options.toolProfile !== undefined) {
    throw new ServerOptionsError(
      '`tools` and `toolProfile` are mutually exclusive: `tools` replaces the core surface, so the profile would be ignored. Pass one of them.',
    );
  }
  if (options.toolProfile !== undefined && !isProfileName(options.toolProfile)) {
    throw new ServerOptionsError(`toolProfile "${String(options.toolProfile)}" is not a profile; accepted: ${PROFILE_NAMES.join(', ')}.`);
  }
  if (options.maxTools !== undefined && (!Number.isInteger(options.maxTools) || options.maxTools < 1))
    throw new ServerOptionsError(`maxTools must be a positive integer, got ${String(options.maxTools)}.`);
  for (const offered of options.offers?.profiles ?? [])
    if (!isProfileName(offered))
      throw new ServerOptionsError(`offers: "${String(offered)}" is not a profile; accepted: ${PROFILE_NAMES.join(', ')}.`);
  let allowEval: EvalTarget[];
  let allowImpersonation: ImpersonationGrant[];
  try {
    allowEval = normalizeAllowEval(options.allowEval);
    allowImpersonation = normalizeImpersonation(options.allowImpersonation);
  } catch (error) {
    throw new ServerOptionsError((error as Error).message);
  }
  const cwd = options.cwd ?? process.cwd();
  const profile = options.tools !== undefined ? 'custom' : (options.toolProfile ?? DEFAULT_PROFILE);
  const config: ServerConfig = Object.freeze({
    toolProfile: profile,
    allowEval: Object.freeze(allowEval),
    allowImpersonation: Object.freeze(allowImpersonation),
    operationTimeoutMs: operationTimeout(options.operationTimeoutMs),
    screenshotDir: resolve(cwd, options.screenshotDir ?? defaultOutputDir('screenshots')),
    appRoot: appRootOf(options.appRoot, cwd),
    serverVersion: options.version ?? SDK_VERSION,
  });
  return { config, profile };
}
