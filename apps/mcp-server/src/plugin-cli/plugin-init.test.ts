// `stagewright plugin init` writes a package that installs and passes on the first try only if
// what it writes is consistent: the tool versions this repository tests with, tarballs as file:
// paths, and nothing written over an author's files. (The outside path end to end:
// apps/mcp-server-e2e/src/outside-author-path.test.ts.)
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { STAGEWRIGHT_VERSION } from '../version.js';
import { SCAFFOLD_TOOL_VERSIONS } from './init-files.js';
import { InitRefused, initPlugin } from './plugin-init.js';
import { pluginCommand } from './plugin-command.js';

const root = mkdtempSync(join(tmpdir(), 'sw-plugin-init-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const workspace = JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8'));

describe('stagewright plugin init', () => {
  it('pins the tool versions this workspace tests with', () => {
    for (const [name, version] of Object.entries(SCAFFOLD_TOOL_VERSIONS))
      expect(workspace.devDependencies[name] ?? workspace.dependencies[name], name).toBe(version);
  });

  it('writes the package into a new folder, with the published versions by default', () => {
    const { files } = initPlugin({ name: 'acme', dir: 'acme', cwd: root });
    expect(files.sort()).toEqual([
      '.gitignore',
      'README.md',
      'build.mjs',
      'package.json',
      'src/acme.test.ts',
      'src/index.ts',
      'tsconfig.json',
      'vitest.config.ts',
    ]);
    const manifest = JSON.parse(readFileSync(join(root, 'acme/package.json'), 'utf8'));
    expect(manifest).toMatchObject({
      name: 'stagewright-plugin-acme',
      type: 'module',
      dependencies: { '@stagewright/sdk': `^${STAGEWRIGHT_VERSION}` },
      devDependencies: { '@stagewright/testing': `^${STAGEWRIGHT_VERSION}`, stagewright: `^${STAGEWRIGHT_VERSION}` },
      scripts: { check: 'stagewright plugin check ./dist/index.mjs' },
    });
    expect(readFileSync(join(root, 'acme/src/index.ts'), 'utf8')).toContain("name: 'acme'");
    expect(readFileSync(join(root, 'acme/src/acme.test.ts'), 'utf8')).toContain("from '@stagewright/testing'");
  });

  it('takes the three packages from a folder of tarballs as file: paths', () => {
    const tarballs = join(root, 'packages');
    mkdirSync(tarballs);
    for (const file of ['stagewright-0.1.0.tgz', 'stagewright-sdk-0.1.0.tgz', 'stagewright-testing-0.1.0.tgz'])
      writeFileSync(join(tarballs, file), '');
    initPlugin({ name: 'beta', dir: 'beta', cwd: root, tarballs: 'packages' });
    const manifest = JSON.parse(readFileSync(join(root, 'beta/package.json'), 'utf8'));
    expect(manifest.dependencies['@stagewright/sdk']).toBe(`file:${join(tarballs, 'stagewright-sdk-0.1.0.tgz')}`);
    expect(manifest.devDependencies['@stagewright/testing']).toBe(`file:${join(tarballs, 'stagewright-testing-0.1.0.tgz')}`);
    expect(manifest.devDependencies.stagewright).toBe(`file:${join(tarballs, 'stagewright-0.1.0.tgz')}`);
  });

  it('refuses a folder that is not empty, a bad name or a missing tarball, writing nothing', () => {
    const busy = join(root, 'busy');
    mkdirSync(busy);
    writeFileSync(join(busy, 'notes.txt'), 'mine');
    expect(() => initPlugin({ name: 'acme', dir: 'busy', cwd: root })).toThrow(InitRefused);
    expect(readdirSync(busy)).toEqual(['notes.txt']);
    expect(() => initPlugin({ name: 'Acme', dir: 'x', cwd: root })).toThrow(/not valid/);
    expect(() => initPlugin({ name: 'electron', dir: 'x', cwd: root })).toThrow(/reserved/);
    expect(() => initPlugin({ name: 'gamma', dir: 'gamma', cwd: root, sdk: './none.tgz' })).toThrow(/does not exist/);
    expect(readdirSync(root)).not.toContain('x');
    expect(readdirSync(root)).not.toContain('gamma');
  });

  it('exits 2 when refused and 64 on misuse', async () => {
    const io = { stdout: () => undefined, stderr: () => undefined };
    expect(await pluginCommand(['init', 'acme', 'busy'], io, root)).toBe(2);
    expect(await pluginCommand(['init'], io, root)).toBe(64);
    expect(await pluginCommand(['init', 'a', 'b', 'c'], io, root)).toBe(64);
    expect(await pluginCommand(['frobnicate'], io, root)).toBe(64);
  });
});
