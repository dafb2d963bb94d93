import { container as rootContainer } from 'tsyringe';
import { CORE_TOOL_MODULES } from '@stagewright/core-tools';
import { PlaywrightSessionManager, launchGrantProblems } from '@stagewright/driver';
import {
  ServerOptionsError,
  createServer,
  isProfileName,
  type PluginIndex,
  registerToolModules,
  type CreateServerOptions,
  type StagewrightServer,
} from '@stagewright/kernel';
import { resolve } from 'node:path';
import { DRIVER_OPTIONS, SESSION_MANAGER, defaultOutputDir, type DriverOptions, type LaunchGrants } from '@stagewright/sdk';
import { STAGEWRIGHT_VERSION } from './version.js';
import pluginIndex from './plugin-index.json' with { type: 'json' };

/** The first-party plugins' tools by name, generated from their definitions (`npm run gen`). */
const PLUGIN_INDEX = pluginIndex as PluginIndex;

/**
 * The most tools the shipped server lists unless the operator says otherwise (--max-tools):
 * Cursor refuses a server listing more than 100 (ADR-0045).
 */
export const DEFAULT_MAX_TOOLS = 100;
import { resolvePluginName } from './plugin-names.js';
import { pluginSourcesFor } from './plugin-sources.js';

export interface StagewrightServerOptions extends CreateServerOptions {
  /**
   * `--offer`: plugin names and profiles the agent may enable mid-session with electron_enable
   * (ADR-0045). A plugin name resolves like `--plugin`'s; grants are never offered.
   */
  offer?: readonly string[];
  /** Driver configuration (e.g. the fallback executable tests point at fake-electron). */
  driverOptions?: DriverOptions;
  /**
   * Nx workspaces (relative to `cwd`) whose `libs/plugins/<name>` projects a plugin name may also
   * mean, after the shipped plugins and the server's own workspace (`--plugin-workspace`).
   */
  pluginWorkspaces?: readonly string[];
  /** Launch inputs the operator opened (`--allow-launch-switch`, `--allow-env`, `--allow-executable`; ADR-0010). */
  launchGrants?: LaunchGrants;
  /** `--user-data-dir`: every launch uses this persistent userData (relative to `cwd`); default a fresh temporary one (ADR-0033). */
  userDataDir?: string;
  /** `--state-dir`: where saved app states live (relative to `cwd`). */
  stateDir?: string;
}

/**
 * The shipped server: the composition root. A child container gets the driver's session manager
 * and every core tool module; the kernel does the rest. Each call builds an independent server.
 * A plugin name (`--plugin trace`) is replaced by the file it stands for (ADR 0011): the bundle
 * the package ships, else the built bundle of that project in the server's own workspace or in
 * a workspace the operator named. The working directory never decides what a name means.
 */
export async function createStagewrightServer(options: StagewrightServerOptions = {}): Promise<StagewrightServer> {
  refuseUnknownOptions(options);
  const {
    driverOptions,
    launchGrants,
    userDataDir,
    stateDir,
    container = rootContainer,
    plugins,
    pluginWorkspaces = [],
    offer = [],
    maxTools = DEFAULT_MAX_TOOLS,
    ...serverOptions
  } = options;
  const cwd = serverOptions.cwd ?? process.cwd();
  const refusedGrants = launchGrantProblems(launchGrants);
  if (refusedGrants.length) throw new ServerOptionsError(refusedGrants.join(' '));
  const sources = pluginSourcesFor(pluginWorkspaces, cwd);
  const scope = container.createChildContainer();
  // The launch policy sees the same --app-root as the tools, and the operator's grants.
  const appRoot = serverOptions.appRoot === undefined ? undefined : resolve(cwd, serverOptions.appRoot);
  const appState = {
    ...(userDataDir !== undefined ? { userDataDir: resolve(cwd, userDataDir) } : {}),
    ...(stateDir !== undefined ? { stateDir: resolve(cwd, stateDir) } : {}),
  };
  // Downloads go to the session's artifact folder, the one screenshots use (ADR-0043).
  const artifactDir = resolve(cwd, serverOptions.screenshotDir ?? defaultOutputDir('screenshots'));
  scope.register(DRIVER_OPTIONS, {
    useValue: { ...driverOptions, appRoot, launchGrants, artifactDir, ...appState } satisfies DriverOptions,
  });
  scope.register(SESSION_MANAGER, { useClass: PlaywrightSessionManager });
  registerToolModules(scope, CORE_TOOL_MODULES);
  const offeredProfiles = offer.filter((name) => isProfileName(name));
  const offeredPlugins = Object.fromEntries(
    offer.filter((name) => !isProfileName(name)).map((name) => [name.replace(/^plugin-/, ''), resolvePluginName(name, sources)]),
  );
  return createServer({
    version: STAGEWRIGHT_VERSION,
    ...serverOptions,
    maxTools,
    pluginIndex: PLUGIN_INDEX,
    ...(offer.length ? { offers: { plugins: offeredPlugins, profiles: offeredProfiles } } : {}),
    plugins: plugins?.map((spec) => resolvePluginName(spec, sources)),
    container: scope,
  });
}

export { STAGEWRIGHT_VERSION };

/**
 * Every option createStagewrightServer takes. Typed against the options interface, so a new option
 * fails the typecheck until it is listed here: a misspelt option (`plugin` for `plugins`,
 * `pluginConfig` for `pluginConfigs`) is refused instead of silently ignored.
 */
const KNOWN: Record<keyof StagewrightServerOptions, true> = {
  container: true,
  toolProfile: true,
  allowEval: true,
  allowImpersonation: true,
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
  userDataDir: true,
  stateDir: true,
  offer: true,
  offers: true,
  maxTools: true,
  pluginIndex: true,
};

export const SERVER_OPTION_NAMES: readonly string[] = Object.keys(KNOWN).sort();

/** Throws ServerOptionsError naming each unknown option and the accepted ones. */
export function refuseUnknownOptions(options: object): void {
  const unknown = Object.keys(options).filter((key) => !Object.hasOwn(KNOWN, key));
  if (unknown.length === 0) return;
  // The closest spelling: a name that extends the key or that the key extends, nearest in length.
  const near = (key: string) =>
    SERVER_OPTION_NAMES.filter(
      (name) => name.toLowerCase().startsWith(key.toLowerCase()) || key.toLowerCase().startsWith(name.toLowerCase()),
    ).sort((a, b) => Math.abs(a.length - key.length) - Math.abs(b.length - key.length))[0];
  const named = unknown.map((key) => (near(key) ? `"${key}" (did you mean "${near(key)}"?)` : `"${key}"`)).join(', ');
  throw new ServerOptionsError(`Unknown server option ${named}; accepted: ${SERVER_OPTION_NAMES.join(', ')}.`);
}
