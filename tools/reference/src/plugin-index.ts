import type { ReferenceEntry } from './render.js';

/** Where the shipped server reads the first-party plugin index from (ADR-0045). */
export const PLUGIN_INDEX_FILE = 'apps/mcp-server/src/plugin-index.json';

/** Plugin folders whose plugins ship with the server: only their tools are known by name. */
const FIRST_PARTY_ROOT = 'libs/plugins/';

/**
 * The first-party plugins' tools as the server's discovery reads them (the kernel's PluginIndex):
 * per plugin, each tool's listed name, its title and description (the words a keyword finds) and
 * the grant it needs. Generated from the built plugins, so a tool cannot be missing from it.
 */
export function renderPluginIndex(entries: readonly ReferenceEntry[], firstParty: ReadonlySet<string>): string {
  const plugins = new Map<string, { name: string; about: string; gate?: string; impersonates?: string }[]>();
  for (const { module, tool } of entries) {
    if (!module.endsWith(' plugin')) continue;
    const plugin = module.slice(0, -' plugin'.length);
    if (!firstParty.has(plugin)) continue;
    const list = plugins.get(plugin) ?? [];
    list.push({
      name: tool.name,
      about: `${tool.title}. ${tool.description}`,
      ...(tool.gate ? { gate: tool.gate } : {}),
      ...(tool.impersonates ? { impersonates: tool.impersonates } : {}),
    });
    plugins.set(plugin, list);
  }
  const index = [...plugins.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([plugin, tools]) => ({ plugin, tools: tools.sort((a, b) => (a.name < b.name ? -1 : 1)) }));
  return `${JSON.stringify(index, null, 1)}\n`;
}

/** Names of the plugins whose project lives under libs/plugins (what the package ships). */
export function firstPartyNames(plugins: readonly { name: string; root: string }[]): Set<string> {
  return new Set(plugins.filter((plugin) => plugin.root.startsWith(FIRST_PARTY_ROOT)).map((plugin) => plugin.name));
}
