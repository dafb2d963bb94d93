import { sep } from 'node:path';

/**
 * Whether `path` is `root` or below it. Both must already be resolved the same way (realpath, or
 * both absolute): this compares names only. A sibling sharing the root's name as a prefix
 * (`<root>-evil/app`) is outside; so is `<root>/../x` when not normalised first.
 */
export function isInsideRoot(root: string, path: string): boolean {
  const base = root.endsWith(sep) ? root.slice(0, -1) : root;
  return path === base || path.startsWith(base + sep);
}
