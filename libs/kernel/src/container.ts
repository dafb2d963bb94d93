import type { DependencyContainer, InjectionToken } from 'tsyringe';
import { SESSION_MANAGER, TOOL_MODULE, type SessionManager, type ToolModule } from '@stagewright/sdk';

type ModuleClass = new (...args: never[]) => ToolModule;

/**
 * Composition helpers. Core tool modules are registered under the TOOL_MODULE multi-token and
 * resolved all at once; every constructor parameter of a module carries @inject(TOKEN).
 */
export function registerToolModules(container: DependencyContainer, modules: readonly ModuleClass[]): void {
  for (const module of modules) container.register(TOOL_MODULE, { useClass: module as unknown as new () => ToolModule });
}

export function resolveToolModules(container: DependencyContainer): ToolModule[] {
  return container.isRegistered(TOOL_MODULE, true) ? container.resolveAll<ToolModule>(TOOL_MODULE as InjectionToken<ToolModule>) : [];
}

export function resolveSessionManager(container: DependencyContainer): SessionManager | undefined {
  return container.isRegistered(SESSION_MANAGER, true) ? container.resolve<SessionManager>(SESSION_MANAGER) : undefined;
}
