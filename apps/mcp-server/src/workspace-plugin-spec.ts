import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { PluginLoadError } from '@stagewright/kernel';

/** Where a workspace keeps plugin `<name>` (project `plugin-<name>`): what the plugin generator creates. */
export const WORKSPACE_PLUGINS_FOLDER = 'libs/plugins';

interface ProjectFile {
  name?: string;
  tags?: string[];
  targets?: { build?: { options?: { outputPath?: string; outputFileName?: string } } };
}

/** Whether `path` is strictly below `root` (both absolute); `<root>-evil` is not below `<root>`. */
export function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel !== '' && !isAbsolute(rel) && rel !== '..' && !rel.startsWith(`..${sep}`);
}

function outside(spec: string, what: string, root: string, real: string): PluginLoadError {
  return new PluginLoadError(
    `--plugin ${spec}: ${what} resolves to ${real}, outside the workspace ${root}; a workspace plugin's project and build output must be inside it (or name the file with --plugin /abs/path.mjs).`,
  );
}

function readProject(spec: string, file: string): ProjectFile {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as ProjectFile;
  } catch (error) {
    throw new PluginLoadError(
      `--plugin ${spec}: ${file} is not valid JSON (${(error as Error).message}); fix it, or name the plugin's file.`,
    );
  }
}

/**
 * The built bundle of plugin `name` in workspace `root`, found at the one place the convention
 * allows (`libs/plugins/<name>/project.json`, a `type:plugin` project named `plugin-<name>`), or
 * undefined when the workspace has no such folder. Nothing else in the workspace is read, so a
 * malformed project file elsewhere changes nothing. The project file and the bundle must lie inside
 * the workspace after following symlinks; a missing bundle names the command that builds it.
 */
export function workspacePluginEntry(root: string, name: string, spec: string): string | undefined {
  const file = join(root, WORKSPACE_PLUGINS_FOLDER, name, 'project.json');
  if (!existsSync(file)) return undefined;
  const realRoot = realpathSync(root);
  const realFile = realpathSync(file);
  if (!isInside(realRoot, realFile)) throw outside(spec, file, realRoot, realFile);
  const project = readProject(spec, file);
  const expected = `plugin-${name}`;
  if (project.name !== expected || !project.tags?.includes('type:plugin'))
    throw new PluginLoadError(`--plugin ${spec}: ${file} is not the type:plugin project ${expected}.`);
  const options = project.targets?.build?.options;
  if (!options?.outputPath)
    throw new PluginLoadError(`--plugin ${spec}: workspace plugin project ${expected} has no build target with an outputPath.`);
  const entry = resolve(root, options.outputPath, options.outputFileName ?? 'index.mjs');
  if (!isInside(resolve(root), entry)) throw outside(spec, `the outputPath "${options.outputPath}" of ${expected}`, root, entry);
  if (!existsSync(entry))
    throw new PluginLoadError(
      `--plugin ${spec}: workspace plugin ${expected} is not built (${entry} is missing); run: npx nx build ${expected}`,
    );
  const realEntry = realpathSync(entry);
  if (!isInside(realRoot, realEntry)) throw outside(spec, entry, realRoot, realEntry);
  return entry;
}
