import type { ChildProcess } from 'node:child_process';
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
