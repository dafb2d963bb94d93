// Why: besides launching, the driver attaches to apps that are already running: Chromium over a
// fixed --remote-debugging-port (connectOverCDP) and the main process by opening its inspector
// with SIGUSR1. Both must work on the stand-in exactly as on Electron.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { chromium } from 'playwright-core';
import { fixturePath } from './fixtures.js';
import { AppScope, electronExecutable, freePort } from '@stagewright/fake-electron';

const scope = new AppScope('attach');
let running: ChildProcessWithoutNullStreams | undefined;

/** Starts an app by hand and resolves once `pattern` shows up on its stderr. */
function start(args: string[]): { child: ChildProcessWithoutNullStreams; waitFor(pattern: RegExp): Promise<RegExpMatchArray> } {
  const child = spawn(electronExecutable(), args, { env: scope.env(), stdio: 'pipe' });
  running = child;
  let stderr = '';
  const waiters: Array<{ pattern: RegExp; resolve: (m: RegExpMatchArray) => void }> = [];
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    stderr += chunk;
    for (const waiter of [...waiters]) {
      const match = stderr.match(waiter.pattern);
      if (match) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(match);
      }
    }
  });
  return {
    child,
    waitFor: (pattern) =>
      new Promise((resolve, reject) => {
        const match = stderr.match(pattern);
        if (match) return resolve(match);
        waiters.push({ pattern, resolve });
        child.once('exit', () => reject(new Error(`exited before ${pattern}; stderr:\n${stderr}`)));
      }),
  };
}

function exited(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

afterEach(async () => {
  if (running && running.exitCode === null && running.signalCode === null) {
    running.kill('SIGTERM');
    await exited(running);
  }
});

afterAll(async () => {
  expect(await scope.settle()).toEqual([]);
  scope.dispose();
});

describe('attaching to a running app', () => {
  it('chromium.connectOverCDP attaches to an app started with a fixed --remote-debugging-port', async () => {
    const port = await freePort();
    const app = start([`--remote-debugging-port=${port}`, fixturePath('bench')]);
    const [, endpoint] = await app.waitFor(/DevTools listening on (ws:\/\/\S+)/);
    expect(endpoint).toContain(`127.0.0.1:${port}/devtools/browser/`);
    scope.track(app.child.pid);

    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
    try {
      const context = browser.contexts()[0]!;
      await expect.poll(async () => Promise.all(context.pages().map((p) => p.title()))).toContain('Bench');
      const page = context.pages().find((p) => p.url().endsWith('index.html'))!;
      await page.getByLabel('Your name').fill('Ada');
      await page.getByLabel('Your name').press('Enter');
      await expect.poll(() => page.getByRole('status').first().textContent()).toBe('Hello, Ada!');
    } finally {
      await browser.close();
    }
    app.child.kill('SIGTERM');
    expect(await exited(app.child)).toBe(0);
  });

  it('SIGUSR1 opens the inspector of a running main process on its --inspect-port', async () => {
    const inspectPort = await freePort();
    const app = start([`--inspect-port=${inspectPort}`, '--remote-debugging-port=0', fixturePath('ipc')]);
    await app.waitFor(/DevTools listening on/);
    scope.track(app.child.pid);
    await expect(fetch(`http://127.0.0.1:${inspectPort}/json/list`)).rejects.toThrow();

    app.child.kill('SIGUSR1');
    const [, url] = await app.waitFor(/Debugger listening on (ws:\/\/\S+)/);
    expect(url).toContain(`127.0.0.1:${inspectPort}/`);
    const targets = (await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json()) as Array<{
      type: string;
      webSocketDebuggerUrl: string;
    }>;
    expect(targets).toEqual([expect.objectContaining({ type: 'node', webSocketDebuggerUrl: url })]);
  });
});
