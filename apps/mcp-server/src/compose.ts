import { container as rootContainer } from 'tsyringe';
import { CORE_TOOL_MODULES } from '@stagewright/core-tools';
import { PlaywrightSessionManager } from '@stagewright/driver';
import { createServer, registerToolModules, type CreateServerOptions, type StagewrightServer } from '@stagewright/kernel';
import { DRIVER_OPTIONS, SESSION_MANAGER, type DriverOptions } from '@stagewright/sdk';
import { STAGEWRIGHT_VERSION } from './version.js';
import { resolveBundledPluginSpec } from './bundled-plugin-spec.js';
import { resolveWorkspacePluginSpec } from './workspace-plugin-spec.js';

export interface StagewrightServerOptions extends CreateServerOptions {
  /** Driver configuration (e.g. the fallback executable tests point at fake-electron). */
  driverOptions?: DriverOptions;
}

/**
 * The shipped server: the composition root. A child container gets the driver's session manager
 * and every core tool module; the kernel does the rest. Each call builds an independent server.
 * A `--plugin` naming a workspace plugin project is replaced by that project's built bundle, and
 * in the installed package a first-party plugin name by the bundle the package ships.
 */
export async function createStagewrightServer(options: StagewrightServerOptions = {}): Promise<StagewrightServer> {
  const { driverOptions, container = rootContainer, plugins, ...serverOptions } = options;
  const cwd = serverOptions.cwd ?? process.cwd();
  const scope = container.createChildContainer();
  if (driverOptions) scope.register(DRIVER_OPTIONS, { useValue: driverOptions });
  scope.register(SESSION_MANAGER, { useClass: PlaywrightSessionManager });
  registerToolModules(scope, CORE_TOOL_MODULES);
  return createServer({
    version: STAGEWRIGHT_VERSION,
    ...serverOptions,
    plugins: plugins?.map((spec) => resolveBundledPluginSpec(resolveWorkspacePluginSpec(spec, cwd))),
    container: scope,
  });
}

export { STAGEWRIGHT_VERSION };
