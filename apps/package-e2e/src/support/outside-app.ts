// An app a developer started outside any server, with a DevTools port and an inspector port that
// SIGUSR1 opens: what electron_discover_running, electron_attach and electron_inject reach.
import { spawn } from 'node:child_process';
import { electronCommand, endpointAnswers, freePort, listsAPage, processTree } from '@stagewright/fake-electron';

export interface OutsideApp {
  pid: number;
  cdp: number;
  alive(): boolean;
  kill(): void;
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Starts `appDir` on the switch's binary and resolves once its DevTools port lists a window. */
export async function startOutsideApp(appDir: string): Promise<OutsideApp> {
  const [cdp, inspect] = [await freePort(), await freePort()];
  // --inspect-port only says where SIGUSR1 will open the inspector: none is open at start.
  const { command, args } = electronCommand([`--remote-debugging-port=${cdp}`, `--inspect-port=${inspect}`, appDir]);
  const child = spawn(command, args, { stdio: 'ignore' });
  const pid = child.pid!;
  const kill = () => {
    for (const row of processTree(pid)) {
      try {
        process.kill(row.pid, 'SIGKILL');
      } catch {
        // gone
      }
    }
  };
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if ((await endpointAnswers(cdp)) && (await listsAPage(cdp))) return { pid, cdp, alive: () => isAlive(pid), kill };
    if (child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  kill();
  throw new Error(`${appDir} never listed a window on its DevTools port ${cdp}`);
}
