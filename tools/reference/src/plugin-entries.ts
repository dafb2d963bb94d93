import type { ReferenceEntry, ReferenceTool } from './render.js';
import { importPlugin, type WorkspacePlugin } from './workspace-plugins.js';

interface PluginShape {
  name: string;
  tools: readonly ReferenceTool[];
}

function isPluginShape(value: unknown): value is PluginShape {
  const v = value as PluginShape | undefined;
  return typeof v?.name === 'string' && Array.isArray(v.tools);
}

/** Plugin tools are listed whatever the profile; gated ones also need the eval grant. */
export function pluginProfiles(plugin: Pick<WorkspacePlugin, 'project'>, tool: Pick<ReferenceTool, 'gate'>): string[] {
  const load = `any (--plugin ${plugin.project})`;
  return tool.gate ? [`${load} + eval (--allow-eval=${tool.gate.slice('eval:'.length)})`] : [load];
}

/**
 * Reference entries of workspace plugins, read from their built bundles (what `--plugin` loads),
 * one section per plugin, with tool names as the server registers them (`<plugin>_<tool>`).
 */
export async function collectPluginEntries(plugins: readonly WorkspacePlugin[]): Promise<ReferenceEntry[]> {
  const entries: ReferenceEntry[] = [];
  for (const plugin of plugins) {
    const value = await importPlugin(plugin.entry);
    if (!isPluginShape(value)) throw new Error(`${plugin.entry} (project ${plugin.project}) exports no plugin object with name and tools.`);
    for (const tool of value.tools) {
      entries.push({
        module: `${value.name} plugin`,
        profiles: pluginProfiles(plugin, tool),
        tool: { ...tool, name: `${value.name}_${tool.name}` },
      });
    }
  }
  return entries;
}
