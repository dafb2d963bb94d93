// An app started outside any server, as a developer runs it, with fixed debugging ports: tests
// attach to it (or inject into it) and detach while it keeps running.
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { endpointAnswers, listsAPage } from './endpoints.js';
import { freePort } from './app-scope.js';
import { electronCommand } from './runtime-switch.js';
import { freshUserData } from './user-data.js';

export interface SpawnedApp {
  cdp: number;
  inspect: number;
  kill(): void;
}

/**
 * Starts `appDir` on the switch's binary (ADR-0023) in its own process group, with a fresh
 * `--user-data-dir` (removed by kill()), and waits (up to 30 s) until its CDP port lists a window (listsAPage).
 */
export async function spawnApp(appDir: string): Promise<SpawnedApp> {
  const [cdp, inspect] = [await freePort(), await freePort()];
  const userData = freshUserData();
  const { command, args } = electronCommand([userData.arg, `--remote-debugging-port=${cdp}`, `--inspect=${inspect}`, appDir]);
  const child = spawn(command, args, { stdio: 'ignore', detached: true });
  const kill = () => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
    userData.remove();
  };
  for (let tries = 0; tries < 300; tries++) {
    if ((await endpointAnswers(cdp)) && (await listsAPage(cdp))) return { cdp, inspect, kill };
    await sleep(100);
  }
  kill();
  throw new Error(`the spawned app ${appDir} never opened its DevTools port and a window`);
}
