import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { extractImports } from './imports.js';
import { isTestFile } from './rules.js';
import { discoverProjects, projectFiles } from './workspace.js';

const TYPESCRIPT = /\.[cm]?ts$/;

/** A relative specifier's workspace-relative file (`./x.js` is written for `x.ts`), if it exists. */
function resolveRelative(workspace: string, file: string, specifier: string): string | undefined {
  const base = normalize(join(dirname(file), specifier))
    .split('\\')
    .join('/');
  const candidates = [base, base.replace(/\.js$/, '.ts'), base.replace(/\.mjs$/, '.mts'), `${base}.ts`, `${base}/index.ts`];
  return candidates.find((candidate) => existsSync(join(workspace, candidate)));
}

/**
 * The import graph of a workspace's TypeScript source files (tests left out): file -> the files it
 * imports relatively. The fake-electron runtime's CommonJS mirrors Electron's own module web and
 * is not part of it.
 */
export function importGraph(workspace: string): Map<string, string[]> {
  const projects = discoverProjects(workspace);
  const graph = new Map<string, string[]>();
  for (const project of projects) {
    for (const file of projectFiles(workspace, project, projects).filter((path) => TYPESCRIPT.test(path) && !isTestFile(path))) {
      const specifiers = extractImports(readFileSync(join(workspace, file), 'utf8')).filter((spec) => spec.startsWith('.'));
      const targets = specifiers.map((spec) => resolveRelative(workspace, file, spec)).filter((path) => path !== undefined);
      graph.set(
        file,
        targets.filter((path) => TYPESCRIPT.test(path) && !isTestFile(path)),
      );
    }
  }
  return graph;
}

/**
 * Import cycles between source files (type-only imports included: a type cycle still ties the
 * files together), each as the files on it in import order, starting at its smallest path.
 * Each cycle is listed once, however many of its files the walk enters it from.
 */
export function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const cycles: string[][] = [];
  const done = new Set<string>();
  const visit = (file: string, path: string[]): void => {
    const at = path.indexOf(file);
    if (at >= 0) {
      const cycle = path.slice(at);
      const start = cycle.indexOf([...cycle].sort()[0]);
      const key = [...cycle.slice(start), ...cycle.slice(0, start)];
      if (!cycles.some((found) => found.join() === key.join())) cycles.push(key);
      return;
    }
    if (done.has(file)) return;
    for (const next of graph.get(file) ?? []) visit(next, [...path, file]);
    done.add(file);
  };
  for (const file of [...graph.keys()].sort()) visit(file, []);
  return cycles;
}
