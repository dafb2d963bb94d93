// Why: every test and benchmark starts apps, and many end them abruptly (crash buttons, killed
// processes, timeouts). Quitting must follow Electron's event order, and however the app ends,
// its Chromium and its temporary profile must go with it; otherwise runs leak processes and disk.
import { readdirSync } from 'node:fs';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { ElectronApplication } from 'playwright-core';
import { fixturePath } from './fixtures.js';
import type { ElectronEvent } from './electron-shapes.js';
import { AppScope, onlyOnStandIn, onStandIn, processTree, CHROMIUM_TMP_PREFIX } from '@stagewright/fake-electron';

const scope = new AppScope('lifecycle');
const onFake = onStandIn();

function exitOf(app: ElectronApplication): Promise<{ code: number | null; signal: string | null }> {
  return new Promise((resolve) => app.process().once('exit', (code, signal) => resolve({ code, signal })));
}

async function launchLoaded(name: Parameters<typeof fixturePath>[0]): Promise<ElectronApplication> {
  const app = await scope.launch(fixturePath(name));
  await (await app.firstWindow()).waitForLoadState('load');
  scope.track(app.process().pid);
  return app;
}

afterEach(async () => {
  await scope.closeAll();
  expect(await scope.settle()).toEqual([]);
});

afterAll(() => scope.dispose());

describe('a running app', () => {
  it(
    "outlives its watchdog's grace period (the watchdog acts only once the main process is gone)",
    onlyOnStandIn("the stand-in's orphan watchdog and its one Chromium child on --remote-debugging-pipe"),
    async () => {
      const app = await launchLoaded('ipc');
      const pid = app.process().pid!;
      const chromium = () => processTree(pid).filter((row) => row.ppid === pid && row.args.includes('--remote-debugging-pipe')).length;
      expect(chromium()).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 4500));
      expect(chromium()).toBe(1);
      expect(await app.windows()[0]!.title()).toBe('IPC');
    },
  );
});

describe('ending an app', () => {
  it('app.quit() emits before-quit, will-quit and quit in order, then exits with 0', async () => {
    const app = await launchLoaded('ipc');
    const messages: string[] = [];
    app.on('console', (message) => messages.push(message.text()));
    const exit = exitOf(app);
    await app.evaluate(({ app: electronApp, BrowserWindow }) => {
      electronApp.on('before-quit', () => console.log('before-quit'));
      BrowserWindow.getAllWindows()[0]!.on('closed', () => console.log('closed'));
      electronApp.on('will-quit', () => console.log('will-quit'));
      electronApp.on('quit', (_event: ElectronEvent, code: number) => console.log(`quit ${code}`));
      setTimeout(() => electronApp.quit(), 10);
    });
    expect(await exit).toEqual({ code: 0, signal: null });
    expect(messages).toEqual(['before-quit', 'closed', 'will-quit', 'quit 0']);
  });

  it('before-quit can cancel quitting; app.exit(code) exits at once with that code', async () => {
    const app = await launchLoaded('ipc');
    const exit = exitOf(app);
    const stillRunning = await app.evaluate(async ({ app: electronApp, BrowserWindow }) => {
      electronApp.once('before-quit', (event: ElectronEvent) => event.preventDefault());
      electronApp.quit();
      await new Promise((resolve) => setTimeout(resolve, 300));
      return BrowserWindow.getAllWindows().length;
    });
    expect(stillRunning).toBe(1);
    await app.evaluate(({ app: electronApp }) => setTimeout(() => electronApp.exit(7), 10));
    expect((await exit).code).toBe(7);
  });

  it("a SIGKILLed main process takes its Chromium and Chromium's TMPDIR with it", async () => {
    const app = await launchLoaded('bench');
    const tree = processTree(app.process().pid!);
    expect(tree.length).toBeGreaterThan(2);
    if (onFake) expect(readdirSync(scope.tmpRoot).filter((name) => name.startsWith(CHROMIUM_TMP_PREFIX))).toHaveLength(1);
    expect(scope.leftovers().length).toBeGreaterThan(0);
    const exit = exitOf(app);
    process.kill(app.process().pid!, 'SIGKILL');
    expect((await exit).signal).toBe('SIGKILL');
    expect(await scope.settle()).toEqual([]);
  });

  it('killing the whole process group, as Playwright does on timeout, leaves nothing behind', async () => {
    const app = await launchLoaded('network');
    const exit = exitOf(app);
    process.kill(-app.process().pid!, 'SIGKILL');
    expect((await exit).signal).toBe('SIGKILL');
    expect(await scope.settle()).toEqual([]);
  });

  it("killing every process of the app's tree, as the driver's kill does, leaves nothing behind", async () => {
    const app = await launchLoaded('editor');
    const exit = exitOf(app);
    for (const row of processTree(app.process().pid!)) killIfAlive(row.pid);
    expect((await exit).signal).toBe('SIGKILL');
    expect(await scope.settle()).toEqual([]);
  });

  it('process.crash() in the main process (troublesome fixture) leaves nothing behind', async () => {
    const app = await launchLoaded('troublesome');
    const page = app.windows()[0]!;
    const exit = exitOf(app);
    await page.getByRole('button', { name: 'Crash main process' }).click();
    expect((await exit).code).not.toBe(0);
    expect(await scope.settle()).toEqual([]);
  });

  it(
    'Chromium dying ends the app with a non-zero exit code',
    onlyOnStandIn("kills the stand-in's Chromium child (Electron's browser process is the main process itself)"),
    async () => {
      const app = await launchLoaded('editor');
      const pid = app.process().pid!;
      const browserProcess = processTree(pid).find((row) => row.ppid === pid && row.args.includes('--remote-debugging-pipe'));
      expect(browserProcess).toBeDefined();
      const exit = exitOf(app);
      process.kill(browserProcess!.pid, 'SIGKILL');
      expect((await exit).code).toBe(1);
    },
  );

  it('closing the last window quits an app without a window-all-closed listener', async () => {
    const app = await launchLoaded('ipc');
    const exit = exitOf(app);
    await app.windows()[0]!.close();
    expect((await exit).code).toBe(0);
  });

  it('an app handling window-all-closed keeps running with no window', async () => {
    const app = await launchLoaded('ipc');
    await app.evaluate(({ app: electronApp }) => {
      electronApp.on('window-all-closed', () => console.log('all closed'));
    });
    const allClosed = app.waitForEvent('console');
    await app.windows()[0]!.close();
    expect((await allClosed).text()).toBe('all closed');
    expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(0);
    const exit = exitOf(app);
    await app.close();
    expect((await exit).code).toBe(0);
  });
});

/** SIGKILL a listed process; one that exited between the listing and the kill (ESRCH) is already gone. */
function killIfAlive(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}
