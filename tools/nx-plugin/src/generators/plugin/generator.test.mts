// Third-party authors start from this scaffold: if it drifts from the workspace's conventions
// (tags, targets, path alias, sdk-only imports), every plugin built from it inherits the drift.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const { createTreeWithEmptyWorkspace } = require('@nx/devkit/testing') as typeof import('@nx/devkit/testing');
const { readProjectConfiguration, readJson } = require('@nx/devkit') as typeof import('@nx/devkit');
const generator = require('./generator.js') as typeof import('./generator.js');

async function generate(name: unknown, description?: string) {
  const tree = createTreeWithEmptyWorkspace();
  await generator(tree, { name, description });
  return tree;
}

const BUILD = {
  executor: '@nx/esbuild:esbuild',
  dependsOn: [],
  outputs: ['{options.outputPath}'],
  options: {
    main: 'libs/plugins/trace/src/index.ts',
    outputPath: 'dist/libs/plugins/trace',
    outputFileName: 'index.mjs',
    tsConfig: 'libs/plugins/trace/tsconfig.lib.json',
    platform: 'node',
    target: 'node20',
    format: ['esm'],
    bundle: true,
    thirdParty: true,
    external: ['typebox'],
    skipTypeCheck: true,
    generatePackageJson: false,
    deleteOutputPath: true,
    sourcemap: false,
    esbuildOptions: { outExtension: { '.js': '.mjs' } },
  },
};

describe('plugin generator', () => {
  it('creates the project configuration with the type:plugin tag, a bundle build and the workspace targets', async () => {
    const tree = await generate('trace');
    expect(readProjectConfiguration(tree, 'plugin-trace')).toEqual({
      $schema: '../../../node_modules/nx/schemas/project-schema.json',
      name: 'plugin-trace',
      root: 'libs/plugins/trace',
      sourceRoot: 'libs/plugins/trace/src',
      projectType: 'library',
      tags: ['scope:plugin', 'type:plugin'],
      targets: {
        build: BUILD,
        test: { executor: 'nx:run-commands', options: { command: 'vitest run', cwd: '{projectRoot}' } },
        typecheck: {
          executor: 'nx:run-commands',
          options: { command: 'tsc --noEmit -p tsconfig.lib.json && tsc --noEmit -p tsconfig.spec.json', cwd: '{projectRoot}' },
        },
      },
    });
  });

  it('writes exactly the library files, with offsets back to the workspace root', async () => {
    const tree = await generate('trace');
    const files = tree
      .listChanges()
      .map((c) => c.path)
      .filter((p) => p.startsWith('libs/'))
      .sort();
    expect(files).toEqual([
      'libs/plugins/trace/README.md',
      'libs/plugins/trace/project.json',
      'libs/plugins/trace/src/index.ts',
      'libs/plugins/trace/src/trace.test.ts',
      'libs/plugins/trace/tsconfig.json',
      'libs/plugins/trace/tsconfig.lib.json',
      'libs/plugins/trace/tsconfig.spec.json',
      'libs/plugins/trace/vitest.config.ts',
    ]);
    expect(readJson(tree, 'libs/plugins/trace/tsconfig.json')).toEqual({
      extends: '../../../tsconfig.base.json',
      files: [],
      references: [{ path: './tsconfig.lib.json' }, { path: './tsconfig.spec.json' }],
    });
    expect(readJson(tree, 'libs/plugins/trace/tsconfig.lib.json')).toEqual({
      extends: '../../../tsconfig.base.json',
      include: ['src/**/*.ts'],
      exclude: ['src/**/*.test.ts'],
    });
    expect(readJson(tree, 'libs/plugins/trace/tsconfig.spec.json')).toEqual({
      extends: '../../../tsconfig.base.json',
      include: ['src/**/*.ts', 'vitest.config.ts'],
    });
    expect(tree.read('libs/plugins/trace/vitest.config.ts', 'utf8')).toContain("from '../../../vitest.shared.js'");
  });

  it('adds the @stagewright/plugin-<name> path alias and keeps existing ones', async () => {
    const tree = createTreeWithEmptyWorkspace();
    tree.write('tsconfig.base.json', JSON.stringify({ compilerOptions: { paths: { '@stagewright/sdk': ['./libs/sdk/src/index.ts'] } } }));
    await generator(tree, { name: 'ipc' });
    expect(readJson(tree, 'tsconfig.base.json').compilerOptions.paths).toEqual({
      '@stagewright/sdk': ['./libs/sdk/src/index.ts'],
      '@stagewright/plugin-ipc': ['./libs/plugins/ipc/src/index.ts'],
    });
  });

  it('writes a plugin that imports only @stagewright/sdk and carries the given name and description', async () => {
    const tree = await generate('clock', 'Fake timers for the renderer.');
    const index = tree.read('libs/plugins/clock/src/index.ts', 'utf8') ?? '';
    expect(index.match(/from '([^']+)'/g)).toEqual(["from '@stagewright/sdk'"]);
    expect(index).toContain("name: 'clock'");
    expect(index).toContain("new ToolError('clock.NO_WINDOW'");
    expect(index).toContain('/** Fake timers for the renderer. */');
  });

  it('writes a test that drives a fixture app through a real MCP client with the plugin loaded', async () => {
    const test = (await generate('clock')).read('libs/plugins/clock/src/clock.test.ts', 'utf8') ?? '';
    expect(test).toContain("describe('clock plugin'");
    expect(test).toContain("import { connectInMemory, withApp } from '@stagewright/harness';");
    expect(test).toContain("import { quickStartApp } from '@stagewright/fixtures/quick-start';");
    expect(test).toContain("app.call('clock_title', {})");
    expect(test).toContain('plugins: [plugin]');
  });

  it('writes a README whose commands name this project and its built output', async () => {
    const readme = (await generate('clock')).read('libs/plugins/clock/README.md', 'utf8') ?? '';
    for (const line of [
      'npx nx test plugin-clock',
      'npx nx build plugin-clock        # writes dist/libs/plugins/clock/index.mjs (loadable ESM)',
      'node dist/apps/mcp-server/main.mjs --plugin plugin-clock',
      '`--plugin-workspace /path/to/this/workspace --plugin clock`',
      '`--plugin /path/to/this/workspace/dist/libs/plugins/clock/index.mjs`',
      'npx nx run bench:manifest-check',
    ]) {
      expect(readme).toContain(line);
    }
  });

  it('regenerates the reference after writing when the workspace has one, unless told not to', async () => {
    const tree = createTreeWithEmptyWorkspace();
    expect(await generator(tree, { name: 'a' })).toBeUndefined();
    tree.write('tools/reference/project.json', '{}');
    expect(typeof (await generator(tree, { name: 'b' }))).toBe('function');
    expect(await generator(tree, { name: 'c', skipDocs: true })).toBeUndefined();
  });

  it.each([['Trace'], ['2d'], ['my-plugin'], [''], ['x'.repeat(33)], [undefined]])(
    'refuses the name %j with the naming rule',
    async (name) => {
      await expect(generate(name)).rejects.toThrow(/lower-case letters and digits/);
    },
  );

  it('refuses the reserved core namespace', async () => {
    await expect(generate('electron')).rejects.toThrow(/reserved for core tools/);
  });

  it('refuses to overwrite an existing library', async () => {
    const tree = await generate('trace');
    await expect(generator(tree, { name: 'trace' })).rejects.toThrow('libs/plugins/trace already exists');
  });
});
