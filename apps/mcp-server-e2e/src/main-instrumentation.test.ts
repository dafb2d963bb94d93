// Plugins that record what an app does in its main process (notifications, trays) must be in
// place before the app's own code runs, or whatever the app does at startup is lost; and the app
// must not notice: its argv stays its own. Packaged executables cannot preload, so there the code
// runs as soon as the main process is reached, and says so. Driven on a real app through the
// shipped server with a plugin that uses the PLUGIN_API 1.1 seam.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { electronExecutable } from '@stagewright/fake-electron';
import type { Plugin } from '@stagewright/sdk';
import { connectInMemory, type InMemoryConnection } from './test-support/shipped.js';

const PROBE = `(globalThis.__probe ??= []).push({ stage: arg.stage, mark: arg.mark, appRan: Boolean(globalThis.__appRan) });`;

const probePlugin: Plugin = {
  name: 'probe',
  version: '1.0.0',
  sdkRange: '^1.1.0',
  tools: [],
  setup: (ctx) => ctx.instrumentMain({ body: PROBE, arg: { mark: 'probe' } }),
};

const APP_MAIN = `
const path = require('node:path');
const { app, BrowserWindow } = require('electron');
globalThis.__appRan = true;
globalThis.__argvAtStart = process.argv.slice(1);
app.whenReady().then(() => new BrowserWindow({ width: 400, height: 300 }).loadFile(path.join(__dirname, 'index.html')));
`;
const READ = 'return { probe: globalThis.__probe ?? null, argv: globalThis.__argvAtStart };';

describe('main-process instrumentation registered by a plugin', () => {
  let dir: string;
  let conn: InMemoryConnection | undefined;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'sw-instrumented-app-'));
    writeFileSync(join(dir, 'package.json'), '{ "name": "instrumented-app", "main": "main.js" }');
    writeFileSync(join(dir, 'main.js'), APP_MAIN);
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Probe</title><p>probe</p>');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  afterEach(async () => {
    await conn?.close();
    conn = undefined;
  });

  it('runs before the app main script of a launched app dir, and leaves the app its own argv', async () => {
    conn = await connectInMemory({ plugins: [probePlugin], allowEval: ['main'] });
    expect(await conn.call('electron_launch', { main: dir, args: ['--', '--app-flag'] })).toMatchObject({ ok: true });
    const read = await conn.call('electron_eval_main', { code: READ });
    expect(read.result).toMatchObject({ probe: [{ stage: 'launch', mark: 'probe', appRan: false }] });
    const argv = (read.result as { argv: string[] }).argv;
    expect(argv).toContain('--app-flag');
    expect(argv.some((arg) => arg === '-r' || arg.includes('stagewright-main-init'))).toBe(false);
  });

  it('runs as soon as the main process is reached when the executable is started without an app path', async () => {
    conn = await connectInMemory({ plugins: [probePlugin], allowEval: ['main'] });
    expect(await conn.call('electron_launch', { executablePath: electronExecutable(), args: [dir] })).toMatchObject({ ok: true });
    const read = await conn.call('electron_eval_main', { code: READ });
    expect(read.result).toMatchObject({ probe: [{ stage: 'connect', mark: 'probe', appRan: true }] });
  });

  it('is not run by a server without the plugin', async () => {
    conn = await connectInMemory({ allowEval: ['main'] });
    expect(await conn.call('electron_launch', { main: dir })).toMatchObject({ ok: true });
    expect((await conn.call('electron_eval_main', { code: READ })).result).toMatchObject({ probe: null });
  });
});
