import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Projects carrying this tag are Stagewright plugins (made by `nx g @stagewright/nx-plugin:plugin`). */
export const PLUGIN_TAG = 'type:plugin';

/** What discovery reads of an Nx project graph node. */
export interface ProjectNodeLike {
  name: string;
  data: { root: string; tags?: string[]; targets?: Record<string, { options?: unknown }> };
}

/** A plugin library of this workspace, as the manifest benchmark and the reference need it. */
export interface WorkspacePlugin {
  /** Nx project name (`plugin-trace`); `--plugin plugin-trace` loads its built output. */
  project: string;
  /** Plugin namespace (`trace`): variant names `plugin-<name>-safe|eval`, tools `<name>_<tool>`. */
  name: string;
  root: string;
  /** Absolute path of the loadable ESM bundle its `build` target writes. */
  entry: string;
}

/** The file a project's `build` target writes: `outputPath/outputFileName` (the generator's shape). */
export function builtEntry(workspaceRoot: string, node: ProjectNodeLike): string {
  const options = (node.data.targets?.build?.options ?? {}) as { outputPath?: string; outputFileName?: string };
  if (!options.outputPath)
    throw new Error(
      `Plugin project ${node.name} has no build target with an outputPath; regenerate it with nx g @stagewright/nx-plugin:plugin.`,
    );
  return join(workspaceRoot, options.outputPath, options.outputFileName ?? 'index.mjs');
}

/** Plugin projects of a project graph, sorted by name: the one list the bench and the reference use. */
export function pluginsOfGraph(workspaceRoot: string, nodes: Record<string, ProjectNodeLike>): WorkspacePlugin[] {
  return Object.values(nodes)
    .filter((node) => (node.data.tags ?? []).includes(PLUGIN_TAG))
    .map((node) => ({
      project: node.name,
      name: node.name.startsWith('plugin-') ? node.name.slice('plugin-'.length) : basename(node.data.root),
      root: node.data.root,
      entry: builtEntry(workspaceRoot, node),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Reads the Nx project graph of the workspace at `workspaceRoot` (the working directory of Nx targets). */
export async function discoverWorkspacePlugins(workspaceRoot = process.cwd()): Promise<WorkspacePlugin[]> {
  const { createProjectGraphAsync } = await import('@nx/devkit');
  const graph = await createProjectGraphAsync({ exitOnError: false });
  return pluginsOfGraph(workspaceRoot, graph.nodes as Record<string, ProjectNodeLike>);
}

/** Fails with the command that builds them when a plugin's bundle is missing (they are measured built). */
export function assertPluginsBuilt(plugins: readonly WorkspacePlugin[]): void {
  const missing = plugins.filter((plugin) => !existsSync(plugin.entry));
  if (missing.length === 0) return;
  const projects = missing.map((plugin) => plugin.project).join(',');
  throw new Error(
    `Plugin bundles missing: ${missing.map((p) => p.entry).join(', ')}. Build them with: npx nx run-many -t build --projects=${projects}`,
  );
}

/** The plugin object a built module exports (default or `plugin` export; a factory is called). */
export async function importPlugin(entry: string): Promise<unknown> {
  const mod = (await import(pathToFileURL(entry).href)) as { default?: unknown; plugin?: unknown };
  const value = mod.default ?? mod.plugin;
  return typeof value === 'function' ? await (value as () => unknown)() : value;
}
