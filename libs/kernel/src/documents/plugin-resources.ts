import type { Plugin, PluginResource } from '@stagewright/sdk';

export const PLUGIN_RESOURCES_PREFIX = 'stagewright://plugins/';
/** Largest plugin document served (PLUGIN_API 1.4): a detail document, not a data channel. */
export const MAX_PLUGIN_RESOURCE_CHARS = 64 * 1024;

export function pluginResourceUri(plugin: string, name: string): string {
  return `${PLUGIN_RESOURCES_PREFIX}${plugin}/${name}`;
}

/** One plugin document as resources/list shows it, and how to read it. */
export interface PluginDocument {
  uri: string;
  name: string;
  title: string;
  description: string;
  mimeType: string;
  read(): Promise<string>;
}

/**
 * The documents loaded plugins contribute, each served as stagewright://plugins/<plugin>/<name>.
 * A document is read when asked for (a function runs then); one over MAX_PLUGIN_RESOURCE_CHARS, or
 * one whose function fails, is refused naming the plugin, and nothing else is affected.
 */
export function pluginDocuments(plugins: readonly { plugin: Plugin }[]): PluginDocument[] {
  return plugins.flatMap(({ plugin }) =>
    (plugin.resources ?? []).map((resource: PluginResource) => ({
      uri: pluginResourceUri(plugin.name, resource.name),
      name: `${plugin.name}/${resource.name}`,
      title: resource.title,
      description: resource.description,
      mimeType: resource.mimeType ?? 'text/markdown',
      read: async () => {
        let text: unknown;
        try {
          text = typeof resource.text === 'function' ? await resource.text() : resource.text;
        } catch (error) {
          throw new Error(
            `plugin "${plugin.name}" failed to write ${resource.name}: ${String((error as Error)?.message ?? error).slice(0, 200)}`,
          );
        }
        if (typeof text !== 'string') throw new Error(`plugin "${plugin.name}": resource ${resource.name} is not text.`);
        if (text.length > MAX_PLUGIN_RESOURCE_CHARS) {
          throw new Error(
            `plugin "${plugin.name}": resource ${resource.name} is ${text.length} characters, over the ${MAX_PLUGIN_RESOURCE_CHARS} allowed.`,
          );
        }
        return text;
      },
    })),
  );
}
