import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PluginLoadError, isPathSpec, type PluginSpec } from '@stagewright/kernel';

/** Folders never holding a project of the workspace's own. */
const SKIPPED = new Set(['node_modules', 'dist', 'tmp', 'coverage']);
const MAX_DEPTH = 4;

interface ProjectFile {
  name?: string;
  tags?: string[];
  targets?: { build?: { options?: { outputPath?: string; outputFileName?: string } } };
}

function findWorkspaceRoot(cwd: string): string | undefined {
  for (let dir = cwd; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'nx.json'))) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}

function findPluginProject(dir: string, name: string, depth: number): ProjectFile | undefined {
  const file = join(dir, 'project.json');
  if (existsSync(file)) {
    const project = JSON.parse(readFileSync(file, 'utf8')) as ProjectFile;
    if (project.name === name && project.tags?.includes('type:plugin')) return project;
  }
  if (depth === MAX_DEPTH) return undefined;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.') || SKIPPED.has(entry.name)) continue;
    const found = findPluginProject(join(dir, entry.name), name, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * `--plugin <project>` (or `--plugin <name>` for project `plugin-<name>`) inside an Nx workspace: a project tagged `type:plugin` (what
 * `nx g @stagewright/nx-plugin:plugin` makes) stands for the bundle its build target writes.
 * Paths, plugin objects and names that are no such project pass through unchanged (files and
 * packages, resolved by the kernel). An unbuilt project fails with the command that builds it.
 */
export function resolveWorkspacePluginSpec(spec: PluginSpec, cwd: string): PluginSpec {
  if (typeof spec !== 'string' || isPathSpec(spec)) return spec;
  const root = findWorkspaceRoot(cwd);
  // `--plugin ipc` also finds `plugin-ipc`, the project the generator makes for plugin "ipc".
  const project = root === undefined ? undefined : (findPluginProject(root, spec, 0) ?? findPluginProject(root, `plugin-${spec}`, 0));
  if (!root || !project) return spec;
  const options = project.targets?.build?.options;
  if (!options?.outputPath)
    throw new PluginLoadError(`--plugin ${spec}: workspace plugin project ${spec} has no build target with an outputPath.`);
  const entry = join(root, options.outputPath, options.outputFileName ?? 'index.mjs');
  if (!existsSync(entry))
    throw new PluginLoadError(
      `--plugin ${spec}: workspace plugin ${project.name} is not built (${entry} is missing); run: npx nx build ${project.name}`,
    );
  return entry;
}
