// Why: the real-app corpus (bench:real-apps, issue 36) met five places where the stand-in did not
// do what Electron does, each on an app written for current Electron. This tiny app, written here
// (no real app code), meets all five in one launch:
// - stretchly calls `win.send(...)`: BrowserWindow forwards send, getURL and the DevTools helpers to
//   its webContents (lib/browser/api/browser-window.ts);
// - Min sets `nativeTheme.themeSource` while a BaseWindow holds only WebContentsViews: it must reach
//   the views' pages (and pages attached later), not throw on a window without webContents;
// - todometer's CommonJS main `require()`s electron-store, an ES module (require(esm)), whose
//   `import ... from 'electron'` must get the stand-in, not the npm package;
// - sleek's preload is `index.mjs` with `sandbox: false`: Electron runs it as an ES module;
// - stretchly's preload requires @electron/remote, whose modules use `process` as a global;
// - stretchly's preferences page forbids connections (CSP connect-src) yet @electron/remote calls
//   ipcRenderer.sendSync, which Electron's IPC serves whatever the page's CSP says;
// - Min serves its UI from a custom scheme (min://app/) whose handler answers net.fetch(file URL);
// - heynote's preload exposes methods that use `this`;
// - electron-log adds its preload with session.setPreloads, exposes `__electronLog` and assigns
//   `window.__electronLog` too (its preload's own window in Electron).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, expect, it } from 'vitest';
import { AppScope } from '@stagewright/fake-electron';

const scope = new AppScope('real-app-gaps');

afterAll(async () => {
  expect(await scope.finish()).toEqual([]);
});

function writeApp(): string {
  const dir = join(scope.userDataRoot, 'real-app-gaps-app');
  mkdirSync(join(dir, 'node_modules', 'settings-store'), { recursive: true });
  const files: Record<string, string> = {
    'package.json': JSON.stringify({ name: 'real-app-gaps-app', main: 'main.js', dependencies: { 'settings-store': '1.0.0' } }),
    // An ES-module-only package that imports electron, as electron-store does.
    'node_modules/settings-store/package.json': JSON.stringify({
      name: 'settings-store',
      version: '1.0.0',
      type: 'module',
      exports: './index.js',
    }),
    'node_modules/settings-store/index.js': `import { app } from 'electron';
export default class Store { where() { return app.getName(); } }`,
    'main.js': `const { app, BrowserWindow, BaseWindow, WebContentsView, nativeTheme, ipcMain, session, protocol, net } = require('electron');
protocol.registerSchemesAsPrivileged([{ scheme: 'gaps', privileges: { standard: true, secure: true } }]);
session.defaultSession.setPreloads([require('path').join(__dirname, 'session-preload.js')]);
ipcMain.on('gaps:ask', (event) => event.sender.send('gaps:answer', 'answered'));
ipcMain.on('gaps:sync', (event, value) => { event.returnValue = { echo: value, from: event.sender.getTitle() }; });
const Store = require('settings-store').default;
const result = (globalThis.gapsResult = { storeName: new Store().where() });
app.whenReady().then(async () => {
  const base = new BaseWindow({ width: 400, height: 300 });
  const view = new WebContentsView();
  base.contentView.addChildView(view);
  // Min serves its UI from min://app/ with protocol.handle answering net.fetch of a file: URL.
  protocol.handle('gaps', (request) => net.fetch(require('url').pathToFileURL(require('path').join(__dirname, new URL(request.url).pathname)).href));
  await view.webContents.loadURL('gaps://app/view.html');
  result.viewUrl = view.webContents.getURL();
  result.viewTitle = await view.webContents.executeJavaScript('document.title');
  nativeTheme.themeSource = 'dark';
  result.viewDark = await view.webContents.executeJavaScript("matchMedia('(prefers-color-scheme: dark)').matches");
  const win = new BrowserWindow({ width: 400, height: 300, webPreferences: { preload: require('path').join(__dirname, 'preload.mjs'), sandbox: false } });
  await win.loadFile('index.html');
  result.url = win.getURL();
  result.winDark = await win.webContents.executeJavaScript("matchMedia('(prefers-color-scheme: dark)').matches");
  win.send('ping', 'from main');
});`,
    // A CommonJS module that a preload requires sees Node's globals as free variables (@electron/remote does).
    'node-globals.js':
      'module.exports = { platform: process.platform, buffer: Buffer.from("hi").length, global: global === globalThis, late: () => require("./late.js"), dynamic: () => require(["./dynamic", "js"].join(".")) };',
    // Found only at run time (no literal require): compiled by the main process, not eval'd under the page's CSP.
    'dynamic.js': 'let global = "own"; module.exports = `dynamic ${global}`;',
    'late.js': 'module.exports = "late";',
    // stretchly's pages forbid eval (script-src 'self'); a preload's require is Node's, not the page's.
    'index.html': `<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self'; connect-src https://api.github.com"><title>Gaps</title><p id="got">none</p>`,
    'view.html': '<title>view</title><p>served</p>',
    'session-preload.js': `'use strict';
const { contextBridge, ipcRenderer } = require('electron');
// A method using \`this\` (heynote's preload): the bridge calls it on the object it was exposed on.
const api = { calls: 0, sync(value) { this.calls += 1; return ipcRenderer.sendSync('gaps:sync', value); }, count() { return this.calls; } };
// stretchly's preferences: it asks main, then calls sendSync, then listens for the answer. Electron
// delivers the answer as a task of its own, after this script: the listener is there by then.
ipcRenderer.send('gaps:ask');
api.sync('warm-up');
let answered = 'no answer';
ipcRenderer.on('gaps:answer', (_event, text) => { answered = text; });
api.answered = () => answered;
contextBridge.exposeInMainWorld('sessionPreload', api);
window.sessionPreload = api;`,
    'preload.mjs': `import { contextBridge, ipcRenderer } from 'electron';
import * as path from 'node:path';
import globals from './node-globals.js';
// Required once the page's CSP is in force (the meta tag is parsed after the preload starts).
window.addEventListener('DOMContentLoaded', () => { document.body.dataset.late = globals.late(); document.body.dataset.dynamic = globals.dynamic(); });
ipcRenderer.on('ping', (_event, text) => { document.getElementById('got').textContent = text; });
contextBridge.exposeInMainWorld('esmPreload', { file: path.basename(import.meta.filename), url: import.meta.url.startsWith('file://'), globals });
export {};`,
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

it('win.send, themeSource over views, require(esm) of a package importing electron, an .mjs preload and its CSP-proof require', async () => {
  const app = await scope.launch(writeApp());
  let found: Page | undefined;
  const findPage = async () => {
    for (const candidate of app.windows()) if ((await candidate.title().catch(() => '')) === 'Gaps') found = candidate;
    return found !== undefined;
  };
  await expect.poll(findPage).toBe(true);
  const page = found as Page;
  await expect.poll(() => page.textContent('#got')).toBe('from main');
  expect(await page.getAttribute('body', 'data-late')).toBe('late');
  expect(await page.getAttribute('body', 'data-dynamic')).toBe('dynamic own');
  expect(await page.evaluate(() => (window as unknown as { esmPreload: unknown }).esmPreload)).toEqual({
    file: 'preload.mjs',
    url: true,
    globals: { platform: process.platform, buffer: 2, global: true, late: undefined, dynamic: undefined },
  });
  // The session's preload ran before the window's, and its sendSync reached main under connect-src.
  expect(
    await page.evaluate(() => (window as unknown as { sessionPreload: { sync(v: string): unknown } }).sessionPreload.sync('x')),
  ).toEqual({
    echo: 'x',
    from: 'Gaps',
  });
  expect(await page.evaluate(() => (window as unknown as { sessionPreload: { count(): number } }).sessionPreload.count())).toBe(2);
  expect(await page.evaluate(() => (window as unknown as { sessionPreload: { answered(): string } }).sessionPreload.answered())).toBe(
    'answered',
  );
  // An app's own `debugger` statement does not stop a page without DevTools (sendSync's channel pauses at its own only).
  expect(await page.evaluate('(() => { debugger; return "went on"; })()')).toBe('went on');
  const result = await app.evaluate(() => (globalThis as { gapsResult?: unknown }).gapsResult);
  expect(result).toEqual({
    storeName: 'real-app-gaps-app',
    viewUrl: 'gaps://app/view.html',
    viewTitle: 'view',
    viewDark: true,
    url: expect.stringMatching(/^file:.*index\.html$/),
    winDark: true,
  });
});
