import { spawn, type ChildProcess } from 'node:child_process';

/** An app a user started by hand with a debugging port, before asking the agent to attach. */
export interface RunningApp {
  port: number;
  stop(): Promise<void>;
}

const LISTENING = /DevTools listening on ws:\/\/127\.0\.0\.1:(\d+)\//;

/**
 * Starts `electron --remote-debugging-port=0 <appDir>` outside any server and waits for
 * Chromium to say which port it took. The app is stopped with SIGTERM (a graceful quit).
 */
export async function startRunningApp(electronPath: string, appDir: string, timeoutMs = 60_000): Promise<RunningApp> {
  const child = spawn(electronPath, ['--remote-debugging-port=0', appDir], { stdio: ['ignore', 'ignore', 'pipe'] });
  const port = await new Promise<number>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`no DevTools port within ${timeoutMs} ms: ${seen.slice(-400)}`)), timeoutMs);
    child.stderr?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const match = LISTENING.exec(seen);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the app exited (${code}) before listening: ${seen.slice(-400)}`));
    });
  }).catch(async (error: unknown) => {
    await stopChild(child);
    throw error;
  });
  child.stderr?.resume();
  return { port, stop: () => stopChild(child) };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
