// Developers point electron_launch at an app folder, at its main script, or at a packaged
// executable; all three must reach a rendered first window.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumPath, electronShellExec, onStandIn } from '@stagewright/fake-electron';
import { connect, ok, type Connection } from '../test-support/mcp.js';
import { testApp } from '../test-support/apps.js';

describe('electron_launch targets', () => {
  let conn: Connection;

  beforeAll(async () => {
    // HAZARDS_MODE is the app's own variable: outside the env allowlist, so the operator opens it.
    conn = await connect({ launchGrants: { env: ['HAZARDS_MODE'] } });
  });
  afterAll(async () => {
    await conn?.close();
  });

  it('launches a main script file; the app finds its own arguments after its path, as the notes say', async () => {
    const main = join(testApp('hazards'), 'main.js');
    const launched = await ok(conn, 'electron_launch', { main, args: ['--lang=en-US', 'notes.txt'], env: { HAZARDS_MODE: 'argv' } });
    expect(launched.windows).toMatchObject([{ title: 'Hazards' }]);
    const { entries } = await ok(conn, 'electron_console_logs', { match: '^argv ' });
    const line = (entries as { text: string }[]).find((e) => e.text.startsWith('argv '));
    const argv = JSON.parse(line!.text.slice(5)) as string[];
    // [binary, the server's switches, the app's path, then the app's own arguments in order]
    const at = argv.indexOf(main);
    expect(at).toBeGreaterThan(1);
    expect(argv.slice(1, at).every((arg) => arg.startsWith('--'))).toBe(true);
    expect(argv.slice(at + 1)).toEqual(['--lang=en-US', 'notes.txt']);
    const tools = await conn.client.readResource({ uri: 'stagewright://tools/electron_launch' });
    expect(JSON.stringify(tools)).toMatch(/process\.argv/);
    await ok(conn, 'electron_stop');
  });

  it('launches a packaged executable without main', async () => {
    // A "packaged app": an executable that carries its own app and forwards the switches it gets.
    const dir = mkdtempSync(join(tmpdir(), 'sw-packaged-'));
    const exe = join(dir, 'hazards-app');
    writeFileSync(exe, `#!/bin/sh\n${electronShellExec()} "$@" "${testApp('hazards')}"\n`);
    chmodSync(exe, 0o755);
    const launched = await ok(conn, 'electron_launch', { executablePath: exe, args: ['--lang=en-US'], env: { HAZARDS_MODE: 'packaged' } });
    expect(launched).toMatchObject({
      capabilities: { mainProcess: true, owned: true, renderer: true },
      windows: [{ id: 'w1', title: 'Hazards' }],
    });
    const info = await ok(conn, 'electron_info');
    expect(info).toMatchObject({ name: 'hazards' });
    if (onStandIn()) {
      // The versions are what runs: the stand-in's Node 24 and the Chromium it started, not a claim.
      const chromium = /\d+(\.\d+){3}/.exec(execFileSync(chromiumPath(), ['--version'], { encoding: 'utf8' }))?.[0];
      expect(info.versions).toMatchObject({
        chrome: chromium,
        node: expect.stringMatching(/^24\./),
        electron: expect.stringMatching(/^45\./),
      });
    }
    await ok(conn, 'electron_stop');
  });
});
