import type { Browser } from 'playwright-core';
import { ToolError } from '@stagewright/sdk';
import type { SessionControl } from '../session/electron-session.js';
import type { MainProcess } from '../session/main-process.js';
import { type Spawner, taskkillTree } from '../launch/kill-tree.js';
import { processTree, waitForGone } from './proc-ports.js';

/**
 * Stop/kill/detach for an app the server did not start (attach, inject). Stopping needs the
 * main process (to ask the app to quit) and killing needs its pid; detaching only drops the
 * connections and leaves the app running.
 */
export function foreignControl(parts: { browser?: Browser; main?: MainProcess; pid?: () => number | undefined }): SessionControl {
  const detach = async () => {
    parts.main?.close();
    await parts.browser?.close().catch(() => undefined);
  };
  const pidOrThrow = (what: string): number => {
    const pid = parts.pid?.();
    if (pid === undefined) {
      throw new ToolError(
        'NOT_SUPPORTED',
        `Cannot ${what} an attached app without its main process; attach with inspectPort (or electron_inject) to control it, or electron_detach to leave it.`,
      );
    }
    return pid;
  };
  return {
    async stop(timeoutMs) {
      const pid = pidOrThrow('stop');
      await parts.main?.evaluate('setTimeout(() => electron.app.quit(), 0); return true;', null, 2_000).catch(() => undefined);
      const graceful = await waitForGone(pid, timeoutMs);
      if (!graceful) await killTree(pid);
      await detach();
      return { graceful, code: null, signal: graceful ? null : 'SIGKILL' };
    },
    async kill() {
      const pid = pidOrThrow('kill');
      await killTree(pid);
      await detach();
      return { code: null, signal: 'SIGKILL' };
    },
    detach,
  };
}

/**
 * SIGKILL the main process and its descendants (helpers would otherwise outlive it). On Windows,
 * where there are no signals and no /proc to find the descendants, `taskkill /T /F` ends the tree.
 */
export async function killTree(pid: number, platform: NodeJS.Platform = process.platform, spawner?: Spawner): Promise<void> {
  if (platform === 'win32') {
    if (!(await taskkillTree(pid, spawner))) {
      try {
        process.kill(pid, 'SIGKILL'); // TerminateProcess of the main process alone
      } catch {
        // already gone
      }
    }
    await waitForGone(pid, 5_000);
    return;
  }
  for (const member of processTree(pid)) {
    try {
      process.kill(member, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  await waitForGone(pid, 5_000);
}
