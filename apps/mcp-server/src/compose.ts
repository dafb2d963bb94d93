import { container as rootContainer } from 'tsyringe';
import { CORE_TOOL_MODULES } from '@stagewright/core-tools';
import { PlaywrightSessionManager, launchGrantProblems } from '@stagewright/driver';
import {
  ServerOptionsError,
  createServer,
  registerToolModules,
  type CreateServerOptions,
  type StagewrightServer,
} from '@stagewright/kernel';
import { resolve } from 'node:path';
import { DRIVER_OPTIONS, SESSION_MANAGER, type DriverOptions, type LaunchGrants } from '@stagewright/sdk';
import { STAGEWRIGHT_VERSION } from './version.js';
import { resolvePluginName } from './plugin-names.js';
import { pluginSourcesFor } from './plugin-sources.js';
import { refuseUnknownOptions } from './server-option-names.js';

export interface StagewrightServerOptions extends CreateServerOptions {
  /** Driver configuration (e.g. the fallback executable tests point at fake-electron). */
  driverOptions?: DriverOptions;
  /**
   * Nx workspaces (relative to `cwd`) whose `libs/plugins/<name>` projects a plugin name may also
   * mean, after the shipped plugins and the server's own workspace (`--plugin-workspace`).
   */
  pluginWorkspaces?: readonly string[];
  /** Launch inputs the operator opened (`--allow-launch-switch`, `--allow-env`, `--allow-executable`; ADR-0010). */
  launchGrants?: LaunchGrants;
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
  const { driverOptions, launchGrants, container = rootContainer, plugins, pluginWorkspaces = [], ...serverOptions } = options;
  const cwd = serverOptions.cwd ?? process.cwd();
  const refusedGrants = launchGrantProblems(launchGrants);
  if (refusedGrants.length) throw new ServerOptionsError(refusedGrants.join(' '));
  const sources = pluginSourcesFor(pluginWorkspaces, cwd);
  const scope = container.createChildContainer();
  // The launch policy sees the same --app-root as the tools, and the operator's grants.
  const appRoot = serverOptions.appRoot === undefined ? undefined : resolve(cwd, serverOptions.appRoot);
  scope.register(DRIVER_OPTIONS, { useValue: { ...driverOptions, appRoot, launchGrants } satisfies DriverOptions });
  scope.register(SESSION_MANAGER, { useClass: PlaywrightSessionManager });
  registerToolModules(scope, CORE_TOOL_MODULES);
  return createServer({
    version: STAGEWRIGHT_VERSION,
    ...serverOptions,
    plugins: plugins?.map((spec) => resolvePluginName(spec, sources)),
    container: scope,
  });
}

export { STAGEWRIGHT_VERSION };
