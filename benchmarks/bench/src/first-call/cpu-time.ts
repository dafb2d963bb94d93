import { readFileSync, readdirSync } from 'node:fs';

/**
 * CPU time (ms) spent so far by a process and all its descendants, from Linux's
 * /proc/<pid>/schedstat (nanoseconds on a CPU). Wall-clock latency on a loaded machine measures
 * the machine; CPU time measures the work a call caused, in this process and in the app's
 * processes (main, renderer, GPU). Undefined off Linux. Processes that exited are not counted.
 */
export function treeCpuMs(root: number): number | undefined {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  const parent = new Map<number, number>();
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // The command name is in parentheses and may hold spaces: fields start after the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parent.set(Number(pid), Number(fields[1]));
    } catch {
      // The process exited while the table was read.
    }
  }
  const inTree = (pid: number): boolean => {
    for (let at: number | undefined = pid; at !== undefined && at > 1; at = parent.get(at)) if (at === root) return true;
    return false;
  };
  let ns = 0;
  for (const pid of parent.keys()) {
    if (!inTree(pid)) continue;
    try {
      ns += Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // Exited meanwhile.
    }
  }
  return ns / 1e6;
}
