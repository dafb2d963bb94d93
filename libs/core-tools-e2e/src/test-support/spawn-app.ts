import { spawn, type ChildProcess } from 'node:child_process';
import { electronCommand, endpointAnswers, freePort, freshUserData, listsAPage } from '@stagewright/fake-electron';
import { alive, processTree, waitUntil } from './processes.js';

/** Re-exported for the tests that pick fixed ports for an app they start themselves. */
export { endpointAnswers as answers, freePort };

export interface SpawnedApp {
  child: ChildProcess;
  pid: number;
  /** Kill the app and whatever it started; resolves when all of it is gone. */
  kill(): Promise<void>;
}

/**
 * Start an app on fake-electron the way a developer would, outside the server, with the given
 * switches (e.g. --remote-debugging-port=N, --inspect=M), and wait until its CDP port lists a
 * window. The port answers before the app's window exists, so a test that attached at that moment
 * met an app with no window yet (WINDOW_NOT_FOUND), more often on a loaded machine. The app gets
 * a fresh --user-data-dir (removed by kill()), never the developer's profile.
 */
export async function spawnApp(appDir: string, switches: string[], cdpPort: number): Promise<SpawnedApp> {
  const userData = freshUserData();
  const { command, args } = electronCommand([userData.arg, ...switches, appDir]);
  const child = spawn(command, args, { stdio: 'ignore' });
  const pid = child.pid!;
  const failed = async (message: string): Promise<never> => {
    await kill();
    throw new Error(message);
  };
  if (!(await waitUntil(() => endpointAnswers(cdpPort), 20_000))) return failed('the spawned app never opened its DevTools port');
  if (!(await waitUntil(() => listsAPage(cdpPort), 20_000))) return failed('the spawned app never opened a window');
  return { child, pid, kill };

  async function kill(): Promise<void> {
    const tree = processTree(pid);
    for (const p of tree) {
      try {
        process.kill(p, 'SIGKILL');
      } catch {
        // gone
      }
    }
    await waitUntil(() => tree.every((p) => !alive(p)));
    userData.remove();
  }
}
