import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export interface ProjectInfo {
  name: string;
  /** Root relative to the workspace, with forward slashes (`libs/sdk`). */
  root: string;
  tags: string[];
}

const SKIP_DIRS = new Set(['node_modules', 'dist', '.nx', '.git', 'tmp', '.vite', 'coverage']);
export const SOURCE_FILE = /\.(?:[cm]?ts|[cm]?js)$/;

const posix = (path: string) => path.split(sep).join('/');

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) yield* walk(join(dir, entry.name));
    } else {
      yield join(dir, entry.name);
    }
  }
}

/** Every Nx project (a folder with project.json) under the workspace. */
export function discoverProjects(workspace: string): ProjectInfo[] {
  const projects: ProjectInfo[] = [];
  for (const file of walk(workspace)) {
    if (!file.endsWith(`${sep}project.json`)) continue;
    const config = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; tags?: string[] };
    const root = posix(relative(workspace, file.slice(0, -'/project.json'.length)));
    projects.push({ name: config.name ?? root, root, tags: config.tags ?? [] });
  }
  return projects.sort((a, b) => b.root.length - a.root.length);
}

/** Source files of a project (relative to the workspace), skipping nested projects' files. */
export function projectFiles(workspace: string, project: ProjectInfo, all: readonly ProjectInfo[]): string[] {
  const nested = all.filter((other) => other !== project && other.root.startsWith(`${project.root}/`));
  const dir = join(workspace, project.root);
  if (!existsSync(dir)) return [];
  return [...walk(dir)]
    .map((file) => posix(relative(workspace, file)))
    .filter((file) => SOURCE_FILE.test(file) && !nested.some((other) => file.startsWith(`${other.root}/`)));
}

/** The project owning a workspace-relative path (the deepest root that contains it). */
export function ownerOf(path: string, projects: readonly ProjectInfo[]): ProjectInfo | undefined {
  return projects.find((project) => path === project.root || path.startsWith(`${project.root}/`));
}

/**
 * `@stagewright/x` aliases to workspace-relative target paths, from tsconfig.base.json. A wildcard
 * alias (`@stagewright/fixtures/*`) keeps its `*` on both sides.
 */
export function readAliases(workspace: string): Map<string, string> {
  const tsconfig = JSON.parse(readFileSync(join(workspace, 'tsconfig.base.json'), 'utf8')) as {
    compilerOptions?: { paths?: Record<string, string[]> };
  };
  const aliases = new Map<string, string>();
  for (const [alias, [target]] of Object.entries(tsconfig.compilerOptions?.paths ?? {})) {
    aliases.set(alias, posix(target.replace(/^\.\//, '')));
  }
  return aliases;
}

/** The workspace-relative path an aliased specifier designates, the longest matching alias first. */
export function resolveAlias(specifier: string, aliases: Map<string, string>): string | undefined {
  for (const alias of [...aliases.keys()].sort((a, b) => b.length - a.length)) {
    const target = aliases.get(alias)!;
    if (alias.endsWith('/*')) {
      const prefix = alias.slice(0, -1);
      if (specifier.startsWith(prefix) && specifier.length > prefix.length) return target.replace('*', specifier.slice(prefix.length));
    } else if (specifier === alias || specifier.startsWith(`${alias}/`)) {
      return target;
    }
  }
  return undefined;
}
