import { spawn, type ChildProcess } from 'node:child_process';
import { electronCommand, endpointAnswers, freePort } from '@stagewright/fake-electron';
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
 * switches (e.g. --remote-debugging-port=N, --inspect=M), and wait until its CDP port answers.
 */
export async function spawnApp(appDir: string, switches: string[], cdpPort: number): Promise<SpawnedApp> {
  const { command, args } = electronCommand([...switches, appDir]);
  const child = spawn(command, args, { stdio: 'ignore' });
  const up = await waitUntil(() => endpointAnswers(cdpPort), 20_000);
  if (!up) throw new Error('the spawned app never opened its DevTools port');
  const pid = child.pid!;
  return {
    child,
    pid,
    async kill() {
      const tree = processTree(pid);
      for (const p of tree) {
        try {
          process.kill(p, 'SIGKILL');
        } catch {
          // gone
        }
      }
      await waitUntil(() => tree.every((p) => !alive(p)));
    },
  };
}
