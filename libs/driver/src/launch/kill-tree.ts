import { spawn } from 'node:child_process';

/**
 * Windows has no process groups and no signals: `process.kill(pid, 'SIGKILL')` is a
 * TerminateProcess of that one process, and Electron's GPU, utility and renderer helpers are its
 * children. `taskkill /T /F` ends the whole tree. It runs without a shell, hidden, and is cut
 * short after TASKKILL_TIMEOUT_MS so a stuck taskkill never holds a stop or the server's exit.
 */
export const TASKKILL_TIMEOUT_MS = 10_000;

export function taskkillArgs(pid: number): string[] {
  return ['/pid', String(pid), '/T', '/F'];
}

/** What runs a command; `child_process.spawn` in the server, a recorder in tests. */
export type Spawner = (
  command: string,
  args: string[],
  options: { shell: false; stdio: 'ignore'; windowsHide: true; timeout: number },
) => { on(event: 'error' | 'exit', listener: (code?: number | null) => void): unknown };

/** Resolves true when taskkill ended the tree (exit code 0), false when it failed, was missing or timed out. */
export function taskkillTree(pid: number, spawner: Spawner = spawn as unknown as Spawner): Promise<boolean> {
  return new Promise((resolve) => {
    try {
      const child = spawner('taskkill', taskkillArgs(pid), {
        shell: false,
        stdio: 'ignore',
        windowsHide: true,
        timeout: TASKKILL_TIMEOUT_MS,
      });
      child.on('error', () => resolve(false));
      child.on('exit', (code) => resolve(code === 0));
    } catch {
      resolve(false);
    }
  });
}
