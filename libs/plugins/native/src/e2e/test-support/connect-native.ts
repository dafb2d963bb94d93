// Test support: the shipped server with the native plugin, apps on the fake-electron stand-in.
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { FAKE_ELECTRON_BIN, endpointAnswers, freePort } from '@stagewright/fake-electron';
import { connectInMemory } from '@stagewright/harness';
import { createStagewrightServer, type StagewrightServerOptions } from '@stagewright/mcp-server';
import nativePlugin from '../../index.js';

export const connectNative = (allowEval: ('main' | 'renderer')[] = []) =>
  connectInMemory<StagewrightServerOptions, Awaited<ReturnType<typeof createStagewrightServer>>>({
    plugins: [nativePlugin],
    allowEval,
    create: (options) => createStagewrightServer({ ...options, driverOptions: { fallbackExecutablePath: FAKE_ELECTRON_BIN } }),
  });

export interface SpawnedApp {
  cdp: number;
  inspect: number;
  kill(): void;
}

/** Starts `appDir` outside any server (as a developer runs it), with fixed debugging ports to attach to. */
export async function spawnApp(appDir: string): Promise<SpawnedApp> {
  const [cdp, inspect] = [await freePort(), await freePort()];
  const child = spawn(process.execPath, [FAKE_ELECTRON_BIN, `--remote-debugging-port=${cdp}`, `--inspect=${inspect}`, appDir], {
    stdio: 'ignore',
    detached: true,
  });
  const kill = () => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  for (let tries = 0; tries < 300; tries++) {
    if (await endpointAnswers(cdp)) return { cdp, inspect, kill };
    await sleep(100);
  }
  kill();
  throw new Error(`the spawned app ${appDir} never opened its DevTools port`);
}
