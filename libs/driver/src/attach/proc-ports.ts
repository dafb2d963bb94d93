import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';

/**
 * Linux procfs helpers for inject: which loopback TCP ports a process tree listens on. Used to
 * find the inspector that SIGUSR1 opened and the renderer's DevTools port without guessing.
 * Elsewhere they return nothing and the well-known inspector port is tried instead.
 */
export function processTree(pid: number): number[] {
  const out = [pid];
  for (let i = 0; i < out.length && out.length < 256; i++) {
    for (const child of childrenOf(out[i])) if (!out.includes(child)) out.push(child);
  }
  return out;
}

function childrenOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((tid) =>
      readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').split(/\s+/).filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

export function listeningPorts(pids: number[]): number[] {
  const inodes = new Set<string>();
  for (const pid of pids) {
    try {
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        try {
          const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
          if (m) inodes.add(m[1]);
        } catch {
          // fd closed while listing
        }
      }
    } catch {
      // not ours or gone
    }
  }
  if (!inodes.size) return [];
  const ports = new Set<number>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const row of text.split('\n').slice(1)) {
      const cols = row.trim().split(/\s+/);
      if (cols.length < 10 || cols[3] !== '0A' || !inodes.has(cols[9])) continue;
      const [addr, portHex] = cols[1].split(':');
      if (isLoopbackOrAny(addr)) ports.add(parseInt(portHex, 16));
    }
  }
  return [...ports].sort((a, b) => a - b);
}

function isLoopbackOrAny(hex: string): boolean {
  if (hex.length === 8) return hex.endsWith('7F') || hex === '00000000';
  return hex === '00000000000000000000000001000000' || /^0+$/.test(hex) || hex.endsWith('0100007F');
}

/** The parent of `pid` (Linux: /proc/<pid>/stat; macOS: ps), or undefined when it cannot be read. */
export function parentPid(pid: number): number | undefined {
  try {
    if (process.platform === 'linux') {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) || undefined;
    }
    if (process.platform === 'darwin')
      return Number(execFileSync('ps', ['-o', 'ppid=', '-p', String(pid)], { encoding: 'utf8' }).trim()) || undefined;
  } catch {
    // gone, or not readable
  }
  return undefined;
}

/** Whether the process exists and is not a zombie waiting to be reaped. */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

/** Resolves true once the process is gone, false if it is still there after `timeoutMs`. */
export async function waitForGone(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (processAlive(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
}
