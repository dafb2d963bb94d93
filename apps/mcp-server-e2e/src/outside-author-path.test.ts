// Issue 22: a company with its own repository writes a plugin. From an empty folder that knows
// nothing of this workspace (no links into it, the workspace's node_modules off PATH), with only
// the three packed tarballs: `stagewright plugin init`, the plugin's own `npm test` (a fixture
// app on the stand-in through @stagewright/testing), its build and `stagewright plugin check`,
// then the built plugin loaded into the packed server through npx and its tool called over stdio
// against a fixture app that the installed kit ships. npm may fetch the tools (vitest, esbuild,
// typescript) from the registry; --prefer-offline reuses the cache.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { copyFileSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '@stagewright/harness';
import { STAGEWRIGHT_VERSION } from '@stagewright/mcp-server';
import { PACKED_SERVER, assertPacked } from './test-support/packed-server.js';
import { initialize, startStrict } from './test-support/strict-stdio.js';

const TARBALLS = [
  PACKED_SERVER,
  ...['sdk', 'testing'].map((name) => join(REPO_ROOT, `dist/packages/stagewright-${name}-${STAGEWRIGHT_VERSION}.tgz`)),
];
const root = realpathSync(mkdtempSync(join(tmpdir(), 'sw-outside-')));
// Removing an installed node_modules takes long on a loaded machine: done after the run, detached.
afterAll(() => spawn('rm', ['-rf', root], { detached: true, stdio: 'ignore' }).unref());

/** The environment of an author's shell: this workspace's bins off PATH, nothing pointing into it. */
const env: Record<string, string> = Object.fromEntries(
  Object.entries(process.env).filter(
    (entry): entry is [string, string] =>
      entry[1] !== undefined && !/^(NODE_PATH|NX_|VITEST|npm_)/.test(entry[0]) && !entry[1].includes(REPO_ROOT),
  ),
);
env.PATH = (process.env.PATH ?? '')
  .split(delimiter)
  .filter((dir) => !dir.includes(REPO_ROOT) && !dir.includes('node_modules'))
  .join(delimiter);

function run(command: string, args: string[], cwd: string) {
  const result = spawnSync(command, args, { cwd, env, encoding: 'utf8', timeout: 400_000 });
  return { ...result, output: `${command} ${args.join(' ')}\n${result.stdout}\n${result.stderr}` };
}

/** No file or link under `dir` (node_modules included) resolves into the workspace. */
function linksIntoWorkspace(dir: string): string[] {
  const found: string[] = [];
  const walk = (at: string, depth: number) => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      const stat = lstatSync(path);
      if (stat.isSymbolicLink() && realpathSync(path).startsWith(REPO_ROOT)) found.push(path);
      else if (stat.isDirectory() && depth < 4) walk(path, depth + 1);
    }
  };
  walk(dir, 0);
  return found;
}

describe('the outside author path, from an empty folder with the packed tarballs only', () => {
  it('init, npm test, build and check pass first time, and the packed server loads the plugin through npx', {
    timeout: 900_000,
  }, async () => {
    assertPacked();
    const packages = join(root, 'packages');
    mkdirSync(packages);
    for (const tarball of TARBALLS) copyFileSync(tarball, join(packages, tarball.split('/').pop()!));
    const work = join(root, 'work');
    mkdirSync(work);

    const init = run(
      'npx',
      [
        '-y',
        '--prefer-offline',
        `--package=${join(packages, `stagewright-${STAGEWRIGHT_VERSION}.tgz`)}`,
        'stagewright',
        'plugin',
        'init',
        'acme',
        '--tarballs',
        packages,
      ],
      work,
    );
    expect(init.status, init.output).toBe(0);
    const plugin = join(work, 'acme');
    expect(readdirSync(plugin).sort()).toEqual([
      '.gitignore',
      'README.md',
      'build.mjs',
      'package.json',
      'src',
      'tsconfig.json',
      'vitest.config.ts',
    ]);

    const install = run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], plugin);
    expect(install.status, install.output).toBe(0);
    expect(linksIntoWorkspace(plugin)).toEqual([]);

    const test = run('npm', ['test'], plugin);
    expect(test.status, test.output).toBe(0);
    expect(test.stdout).toMatch(/2 passed/);

    const build = run('npm', ['run', 'build'], plugin);
    expect(build.status, build.output).toBe(0);

    const check = run('npx', ['stagewright', 'plugin', 'check', './dist/index.mjs'], plugin);
    expect(check.status, check.output).toBe(0);
    expect(check.stdout).toMatch(/acme_title\s+\d+\n/);
    expect(check.stdout).toContain('plugin check passed');

    // The installed kit's stand-in runtime and fixture app, not this workspace's.
    const kit = join(plugin, 'node_modules/@stagewright/testing');
    const session = startStrict('npx', ['stagewright', '--plugin', './dist/index.mjs'], {
      cwd: plugin,
      env: { ...env, STAGEWRIGHT_ELECTRON: join(kit, 'fake-electron/bin/fake-electron.cjs') },
    });
    try {
      await initialize(session);
      const { tools } = await session.request('tools/list');
      expect(tools.map((tool: { name: string }) => tool.name)).toContain('acme_title');
      const launched = await session.request(
        'tools/call',
        { name: 'electron_launch', arguments: { main: join(kit, 'fixtures/bench') } },
        120_000,
      );
      expect(launched.isError, JSON.stringify(launched)).toBeFalsy();
      const called = await session.request('tools/call', { name: 'acme_title', arguments: {} }, 60_000);
      expect(JSON.parse(called.content[0].text)).toMatchObject({ ok: true, title: 'Bench' });
      await session.request('tools/call', { name: 'electron_stop', arguments: {} }, 60_000);
    } finally {
      expect(await session.close()).toBe(0);
    }
    expect(session.violations()).toEqual([]);
    expect(execFileSync('git', ['status', '--porcelain', '--', '.'], { cwd: REPO_ROOT, encoding: 'utf8' })).not.toContain('acme');
  });
});
