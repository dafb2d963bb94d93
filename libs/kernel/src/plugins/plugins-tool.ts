import { defineTool, type AnyToolDefinition, type EvalTarget, type ImpersonationGrant } from '@stagewright/sdk';
import type { ErrorCatalog } from '../errors/error-catalog.js';
import { missingGrant } from '../tools/surface.js';
import { pluginResourceUri } from '../documents/plugin-resources.js';
import type { LoadedPlugins } from './plugin-loader.js';
import { pluginStatusOf } from './plugin-status.js';
import type { ToolRegistry } from '../tools/registry.js';

function safeConfig(config: unknown, fields: readonly string[] | undefined): Record<string, unknown> {
  if (typeof config !== 'object' || config === null || !fields?.length) return {};
  const source = config as Record<string, unknown>;
  return Object.fromEntries(fields.filter((field) => field in source).map((field) => [field, source[field]]));
}

function withStatus(plugin: Parameters<typeof pluginStatusOf>[0]): { status?: Record<string, unknown> } {
  const status = pluginStatusOf(plugin);
  return status ? { status } : {};
}

/**
 * `electron_plugins`, registered whenever at least one plugin is loaded: each plugin's version,
 * its tools (and which an eval gate or a missing impersonation grant disables), its error codes and the config fields it marks safe.
 */
export function createPluginsTool(
  plugins: LoadedPlugins,
  registry: ToolRegistry,
  catalog: ErrorCatalog,
  grants: readonly EvalTarget[],
  impersonation: readonly ImpersonationGrant[] = [],
): AnyToolDefinition {
  return defineTool({
    name: 'electron_plugins',
    title: 'Loaded plugins',
    description: 'List loaded plugins with their tools, error codes and safe config.',
    kind: 'read',
    input: {},
    detail: {
      notes:
        'Plugins are loaded with --plugin at startup; their tools are named <plugin>_<tool> and their codes <plugin>.CODE. A plugin with a status() hook shows its state under status; resources lists the documents it contributes.',
    },
    handle: () => ({
      plugins: plugins.list().map(({ plugin, config, tools }) => ({
        name: plugin.name,
        version: plugin.version,
        tools: tools.map((name) => {
          const def = registry.get(name)?.def;
          const missing = def && missingGrant(def, grants, impersonation);
          return missing ? { name, disabled: `needs ${missing}` } : { name };
        }),
        errorCodes: catalog.pluginCodes(plugin.name),
        config: safeConfig(config, plugin.safeConfigFields),
        ...withStatus(plugin),
        ...(plugin.resources?.length ? { resources: plugin.resources.map((r) => pluginResourceUri(plugin.name, r.name)) } : {}),
      })),
    }),
  });
}
