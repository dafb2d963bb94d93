import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** `pid` and every descendant, from one `ps` listing (Linux and macOS). */
export function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  const listing = execFileSync('ps', ['-A', '-o', 'pid=,ppid='], { encoding: 'utf8' });
  for (const line of listing.split('\n')) {
    const [child, parent] = line.trim().split(/\s+/).map(Number);
    if (!Number.isInteger(child) || !Number.isInteger(parent)) continue;
    children.set(parent, [...(children.get(parent) ?? []), child]);
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]) ?? []));
  return tree;
}

/** Running (a zombie waiting for a parent that never reaps it counts as gone). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return process.platform !== 'linux';
  }
}

/** The pids still alive after waiting up to `ms` for all of them to go. */
export async function survivors(pids: Iterable<number>, ms = 10_000): Promise<number[]> {
  const all = [...pids];
  const deadline = Date.now() + ms;
  while (Date.now() < deadline && all.some(alive)) await new Promise((resolve) => setTimeout(resolve, 100));
  return all.filter(alive);
}
