/** `nx graph --file` output, reduced to what the affected figures need. */
export interface ProjectGraphFile {
  graph: { dependencies: Record<string, readonly { target: string }[]> };
}

/** The projects that depend on `project` directly. */
export function directDependents(graph: ProjectGraphFile, project: string): string[] {
  return Object.entries(graph.graph.dependencies)
    .filter(([source, deps]) => source !== project && deps.some((dep) => dep.target === project))
    .map(([source]) => source)
    .sort();
}

/**
 * `project` and every project that depends on it, directly or not: what `nx affected` runs when
 * only a file of `project` changes (and no target input names that file). Sorted.
 */
export function affectedClosure(graph: ProjectGraphFile, project: string): string[] {
  const seen = new Set([project]);
  const queue = [project];
  while (queue.length) {
    for (const dependent of directDependents(graph, queue.shift()!)) {
      if (!seen.has(dependent)) {
        seen.add(dependent);
        queue.push(dependent);
      }
    }
  }
  return [...seen].sort();
}
