import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PluginLoadError, isPluginName, type PluginSpec } from '@stagewright/kernel';
import type { PluginSources } from './plugin-sources.js';
import { WORKSPACE_PLUGINS_FOLDER, workspacePluginEntry } from './workspace-plugin-spec.js';

function namesIn(sources: PluginSources): string[] {
  const shipped = existsSync(sources.shippedDir)
    ? readdirSync(sources.shippedDir)
        .filter((file) => file.endsWith('.mjs'))
        .map((file) => file.slice(0, -'.mjs'.length))
    : [];
  const projects = sources.workspaces.flatMap((root) => {
    const folder = join(root, WORKSPACE_PLUGINS_FOLDER);
    return existsSync(folder) ? readdirSync(folder).filter((name) => isPluginName(name)) : [];
  });
  return [...new Set([...shipped, ...projects])].sort();
}

/**
 * A plugin name (`trace`, or the project name `plugin-trace`) becomes the file it stands for:
 * the bundle the server ships (`<shippedDir>/<name>.mjs`), else the built bundle of
 * `libs/plugins/<name>` in the first workspace of `sources` that has that folder. An unknown name
 * fails with what is available and the other forms. Paths, packages (`@acme/x`, `npm:x`) and
 * plugin objects pass through to the kernel unchanged. The working directory is not consulted.
 */
export function resolvePluginName(spec: PluginSpec, sources: PluginSources): PluginSpec {
  if (typeof spec !== 'string' || !isPluginName(spec)) return spec;
  const name = spec.replace(/^plugin-/, '');
  const shipped = join(sources.shippedDir, `${name}.mjs`);
  if (existsSync(shipped)) return shipped;
  for (const root of sources.workspaces) {
    const entry = workspacePluginEntry(root, name, spec);
    if (entry !== undefined) return entry;
  }
  const where = sources.workspaces.map((root) => join(root, WORKSPACE_PLUGINS_FOLDER, name)).join(', ');
  throw new PluginLoadError(
    `--plugin ${spec}: no shipped plugin is named "${name}" (available: ${namesIn(sources).join(', ') || 'none'}), nor is there ${where || `a ${WORKSPACE_PLUGINS_FOLDER}/${name} of a workspace`}; name a file (./path.mjs), a package (@scope/name or npm:name), or the workspace with --plugin-workspace <dir>.`,
  );
}
