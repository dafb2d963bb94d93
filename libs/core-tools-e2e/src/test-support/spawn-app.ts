import { spawn, type ChildProcess } from 'node:child_process';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { FAKE_ELECTRON_BIN } from '@stagewright/fake-electron';
import { alive, processTree, waitUntil } from './processes.js';

/** A loopback port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export function answers(port: number, path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = get({ host: '127.0.0.1', port, path, timeout: 500 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('error', () => resolve(false));
    req.on('timeout', () => req.destroy());
  });
}

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
  const child = spawn(process.execPath, [FAKE_ELECTRON_BIN, ...switches, appDir], { stdio: 'ignore' });
  const up = await waitUntil(() => answers(cdpPort, '/json/version'), 20_000);
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
