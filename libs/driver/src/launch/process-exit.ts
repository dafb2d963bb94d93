import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { ExitInfo } from '../session/electron-session.js';
import { processTree } from '../attach/proc-ports.js';

const exits = new WeakMap<ChildProcess, Promise<ExitInfo>>();

/** Resolves with how the process ended (immediately when it already has). */
export function exitOf(child: ChildProcess): Promise<ExitInfo> {
  let exit = exits.get(child);
  if (!exit) {
    exit =
      child.exitCode !== null || child.signalCode !== null
        ? Promise.resolve({ code: child.exitCode, signal: child.signalCode })
        : new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    exits.set(child, exit);
  }
  return exit;
}

/**
 * SIGKILL the app and everything it started. Playwright spawns Electron as a process-group
 * leader, so the negative pid reaches renderers and helpers too.
 */
export function killGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  const tree = processTree(child.pid).slice(1);
  try {
    // Also after the leader has exited: helpers it left behind keep the group alive.
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  // Helpers that left the group (a stand-in runtime may detach its browser) go too.
  for (const pid of tree) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/**
 * Whether the operating system still runs `pid`. A zombie (ended, not yet reaped by our event
 * loop) counts as ended: that is the window in which the child's exit event has not fired yet.
 */
export function processRunning(pid: number): boolean {
  if (process.platform === 'linux') {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      return stat.charAt(stat.lastIndexOf(')') + 2) !== 'Z';
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    }
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
