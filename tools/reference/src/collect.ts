import { container } from 'tsyringe';
import { CORE_TOOL_MODULES } from '@stagewright/core-tools';
import { PROFILE_LISTS, registerToolModules, resolveToolModules } from '@stagewright/kernel';
import { LOGGER, SERVER_CONFIG, SESSION_MANAGER, type AnyToolDefinition } from '@stagewright/sdk';
import type { ReferenceEntry } from './render.js';

/**
 * Stands in for a dependency a module may inject but must not use while only listing its tools:
 * any use fails loudly instead of documenting a half-built module.
 */
function unusable(token: symbol): object {
  return new Proxy(
    {},
    {
      get(_target, property) {
        throw new Error(
          `Reading ${String(property)} of ${String(token)} while collecting tool definitions: tools() must not use dependencies.`,
        );
      },
    },
  );
}

/** Named profiles that list a tool (ADR-0035); `full` holds every non-eval core tool. */
export function profilesOf(tool: Pick<AnyToolDefinition, 'name' | 'gate'>): string[] {
  if (tool.gate) return [`eval (--allow-eval=${tool.gate.slice('eval:'.length)})`];
  const named = Object.entries(PROFILE_LISTS)
    .filter(([, names]) => names.includes(tool.name))
    .map(([profile]) => profile);
  return [...named, 'full'];
}

/** Every core tool definition with its module, resolved exactly as the composition root registers them. */
export function collectCoreEntries(): ReferenceEntry[] {
  const scope = container.createChildContainer();
  for (const token of [SESSION_MANAGER, SERVER_CONFIG, LOGGER]) scope.register(token, { useValue: unusable(token) });
  registerToolModules(scope, CORE_TOOL_MODULES);
  return resolveToolModules(scope).flatMap((module) =>
    module.tools.map((tool) => ({ module: module.name, profiles: profilesOf(tool), tool })),
  );
}
