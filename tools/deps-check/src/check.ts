import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { extractImports } from './imports.js';
import { checkImport, type Violation } from './rules.js';
import { discoverProjects, ownerOf, projectFiles, readAliases, resolveAlias, type ProjectInfo } from './workspace.js';

/** The workspace-relative path an import designates, when it points into the workspace. */
function targetPath(file: string, specifier: string, aliases: Map<string, string>): string | undefined {
  if (specifier.startsWith('.'))
    return normalize(join(dirname(file), specifier))
      .split('\\')
      .join('/');
  return resolveAlias(specifier, aliases);
}

/** Every dependency-rule violation in the workspace at `workspace` (CONTRIBUTING.md, "Layout"). */
export function checkWorkspace(workspace: string): Violation[] {
  const projects = discoverProjects(workspace);
  const aliases = readAliases(workspace);
  const violations: Violation[] = [];
  for (const project of projects) {
    for (const file of projectFiles(workspace, project, projects)) {
      for (const specifier of extractImports(readFileSync(join(workspace, file), 'utf8'))) {
        const path = targetPath(file, specifier, aliases);
        const to: ProjectInfo | undefined = path === undefined || path.startsWith('..') ? undefined : ownerOf(path, projects);
        violations.push(...checkImport(file, specifier, project, to));
      }
    }
  }
  return violations;
}

export function formatViolations(violations: readonly Violation[]): string {
  return violations.map((v) => `${v.file}: import "${v.specifier}": ${v.rule}`).join('\n');
}
