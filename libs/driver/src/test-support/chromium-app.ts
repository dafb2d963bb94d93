import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ChromiumApp {
  port: number;
  pid: number;
  child: ChildProcess;
  close(): Promise<void>;
}

/**
 * Headless Chromium with a DevTools port showing `html`: a renderer to attach to while testing
 * snapshot, ref and window logic that does not need a main process.
 */
export async function startChromium(html: string): Promise<ChromiumApp> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'sw-driver-'));
  const child = spawn(
    process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--remote-debugging-port=0',
      `--user-data-dir=${userDataDir}`,
      `data:text/html,${encodeURIComponent(html)}`,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let err = '';
    const timer = setTimeout(() => reject(new Error(`chromium did not start: ${err}`)), 20_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      err += chunk.toString();
      const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(err);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.once('exit', () => reject(new Error(`chromium exited: ${err}`)));
  });
  return {
    port,
    pid: child.pid!,
    child,
    async close() {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
      if (child.exitCode === null && child.signalCode === null) await new Promise((r) => child.once('exit', r));
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
