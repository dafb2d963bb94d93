// Why: modern packages (electron-store and others) are ES modules that `import { app } from
// 'electron'`; an app written in CommonJS loads them with import(). In Electron that works from any
// module, dependencies included; the stand-in must resolve 'electron' for them too, with named
// exports and the default export.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { AppScope } from '@stagewright/fake-electron';

const scope = new AppScope('esm-dep');

afterAll(async () => {
  expect(await scope.finish()).toEqual([]);
});

/** A CommonJS app whose only dependency is an ES module package that opens its window. */
function writeApp(): string {
  const dir = join(scope.userDataRoot, 'esm-dependency-app');
  const dependency = join(dir, 'node_modules', 'window-maker');
  mkdirSync(dependency, { recursive: true });
  const files: Record<string, string> = {
    'package.json': JSON.stringify({ name: 'esm-dependency-app', main: 'main.js', dependencies: { 'window-maker': '1.0.0' } }),
    'main.js': `const { app } = require('electron');
app.whenReady().then(() => import('window-maker')).then((maker) => maker.open()).then((result) => { globalThis.esmResult = result; });`,
    'node_modules/window-maker/package.json': JSON.stringify({
      name: 'window-maker',
      version: '1.0.0',
      type: 'module',
      exports: './index.js',
    }),
    'node_modules/window-maker/index.js': `import { app, BrowserWindow } from 'electron';
import electron from 'electron';
export async function open() {
  const win = new BrowserWindow({ width: 400, height: 300 });
  await win.loadURL('data:text/html,<title>From ESM</title><h1>esm</h1>');
  return { sameApp: electron.app === app, ready: app.isReady(), windows: BrowserWindow.getAllWindows().length };
}`,
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

it("an ES module dependency of a CommonJS app imports 'electron' with named and default exports", async () => {
  const { app, page } = await scope.launchWindow(writeApp());
  expect(await page.title()).toBe('From ESM');
  await expect
    .poll(() => app.evaluate(() => (globalThis as { esmResult?: unknown }).esmResult))
    .toEqual({ sameApp: true, ready: true, windows: 1 });
});
