// Nobody could install the server (issue 14): the packed package must run with npx from an empty
// folder, depend on what it needs at run time only, keep stdout for JSON-RPC through npx, and
// find the first-party plugins it ships by name.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '@stagewright/harness';
import { PACKED_SERVER, assertPacked, emptyFolder, npxArgs } from './test-support/packed-server.js';
import { initialize, startStrict } from './test-support/strict-stdio.js';
import { STAGEWRIGHT_VERSION } from '@stagewright/mcp-server';

/**
 * What the package ships: exactly the first-party plugins pack.mjs names, so `--plugin <name>`
 * works outside a workspace and no other plugin built in dist/libs/plugins (a private one, a
 * freshly generated one) ends up inside. The list names every plugin this repository tracks.
 */
const FIRST_PARTY_PLUGINS: string[] = JSON.parse(
  readFileSync(new URL('../../mcp-server/package/first-party-plugins.json', import.meta.url), 'utf8'),
);

beforeAll(() => assertPacked());

describe('the packed stagewright package', () => {
  it('holds the bundle, the plugin bundles and a manifest with runtime dependencies only', () => {
    const files = execFileSync('tar', ['-tzf', PACKED_SERVER], { encoding: 'utf8' }).trim().split('\n').sort();
    expect(files).toEqual(
      expect.arrayContaining([
        'package/main.mjs',
        'package/package.json',
        'package/README.md',
        'package/LICENSE',
        ...FIRST_PARTY_PLUGINS.map((name) => `package/plugins/${name}.mjs`),
      ]),
    );
    expect(files.filter((file) => file.startsWith('package/plugins/'))).toEqual(
      FIRST_PARTY_PLUGINS.map((name) => `package/plugins/${name}.mjs`).sort(),
    );
    const tracked = execFileSync('git', ['ls-files', 'libs/plugins/*/project.json'], { cwd: REPO_ROOT, encoding: 'utf8' })
      .trim()
      .split('\n')
      .map((file) => file.split('/')[2]);
    expect([...FIRST_PARTY_PLUGINS].sort()).toEqual(tracked.sort());
    const manifest = JSON.parse(execFileSync('tar', ['-xzOf', PACKED_SERVER, 'package/package.json'], { encoding: 'utf8' }));
    expect(manifest).toMatchObject({
      name: 'stagewright',
      version: STAGEWRIGHT_VERSION,
      bin: { stagewright: 'main.mjs' },
      exports: { '.': './main.mjs', './server': './server.mjs' },
    });
    expect(files).toEqual(expect.arrayContaining(['package/server.mjs', 'package/budget.mjs']));
    expect(manifest.private).toBeUndefined();
    expect(manifest.license).toBe('MIT');
    expect(manifest.devDependencies).toBeUndefined();
    // What the server bundle keeps external, and what plugin bundles load at run time (visual's
    // image codecs, a11y's engine script).
    expect(Object.keys(manifest.dependencies).sort()).toEqual(['axe-core', 'pixelmatch', 'playwright-core', 'pngjs', 'typebox']);
  });

  it('runs with npx from an empty folder', () => {
    const folder = emptyFolder();
    const version = execFileSync('npx', npxArgs(['--version']), { cwd: folder, encoding: 'utf8', timeout: 300_000 });
    expect(version).toBe(`${STAGEWRIGHT_VERSION}\n`);
    expect(readdirSync(folder)).toEqual([]);
  }, 300_000);

  it('serves over stdio through npx with nothing but JSON-RPC on stdout, and loads a shipped plugin by name', async () => {
    const session = startStrict('npx', npxArgs(['--tool-profile', 'testing', '--plugin', 'network,visual,a11y']), { cwd: emptyFolder() });
    try {
      const init = await initialize(session);
      expect(init.serverInfo).toMatchObject({ name: 'stagewright', version: STAGEWRIGHT_VERSION });
      const { tools } = await session.request('tools/list');
      const names = tools.map((tool: { name: string }) => tool.name);
      expect(names).toEqual(
        expect.arrayContaining(['electron_launch', 'electron_expect_text', 'network_capture', 'visual_check', 'a11y_audit']),
      );
      const { prompts } = await session.request('prompts/list');
      expect(prompts.map((prompt: { name: string }) => prompt.name)).toEqual(['launch_then_inspect', 'failure_diagnostics']);
    } finally {
      expect(await session.close()).toBe(0);
    }
    expect(session.violations()).toEqual([]);
  }, 300_000);
});
