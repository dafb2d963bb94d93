import { spawn, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';
import { WATCHDOG_SCRIPT } from './watchdog-script.js';

export interface AppGuard {
  /** The app ended and was cleaned up by the server: let the watchdog go. Idempotent. */
  release(): void;
}

/**
 * Ties a launched app's life to the server's: a detached Node process holding the read end of a
 * pipe from the server. When the server dies in any way (SIGKILL included) the kernel closes the
 * pipe and the watchdog ends the app, its process group and its descendants. It runs in its own
 * session, so a signal to the server's group (Ctrl-C in a terminal) does not take it first, and it
 * exits by itself once the app is gone. The pipe is unref'd: it never keeps the server alive.
 */
export function guardAppLife(child: ChildProcess): AppGuard {
  if (child.pid === undefined) return { release: () => undefined };
  let watchdog: ChildProcess;
  try {
    watchdog = spawn(process.execPath, ['-e', WATCHDOG_SCRIPT, 'stagewright-watchdog', String(child.pid)], {
      detached: true,
      stdio: ['pipe', 'ignore', 'ignore'],
      // Nothing of the server's runtime options (NODE_OPTIONS --inspect...) reaches it.
      env: { PATH: process.env.PATH ?? '', ...(process.env.SystemRoot ? { SystemRoot: process.env.SystemRoot } : {}) },
      cwd: '/',
      windowsHide: true,
    });
  } catch {
    return { release: () => undefined };
  }
  watchdog.on('error', () => undefined);
  watchdog.unref();
  const pipe = watchdog.stdin as Socket;
  pipe.on('error', () => undefined);
  pipe.unref();
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      pipe.end('done\n');
    },
  };
}
