import type { DependencyContainer, InjectionToken } from 'tsyringe';
import { SESSION_MANAGER, TOOL_MODULE, type SessionManager, type ToolModule } from '@stagewright/sdk';

/**
 * Composition helpers. Core tool modules are plain values (a name and an array of definitions)
 * registered under the TOOL_MODULE multi-token and resolved all at once: DI is kept for what is
 * actually injected (the session manager, configuration, logger).
 */
export function registerToolModules(container: DependencyContainer, modules: readonly ToolModule[]): void {
  for (const module of modules) container.register(TOOL_MODULE, { useValue: module });
}

export function resolveToolModules(container: DependencyContainer): ToolModule[] {
  return container.isRegistered(TOOL_MODULE, true) ? container.resolveAll<ToolModule>(TOOL_MODULE as InjectionToken<ToolModule>) : [];
}

export function resolveSessionManager(container: DependencyContainer): SessionManager | undefined {
  return container.isRegistered(SESSION_MANAGER, true) ? container.resolve<SessionManager>(SESSION_MANAGER) : undefined;
}
