// `--plugin plugin-x` is what a workspace plugin's README tells its author to run; if the project
// name did not lead to the built bundle, the first command of every new plugin would fail.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveWorkspacePluginSpec } from './workspace-plugin-spec.js';

let root: string;

function project(dir: string, config: Record<string, unknown>) {
  mkdirSync(join(root, dir), { recursive: true });
  writeFileSync(join(root, dir, 'project.json'), JSON.stringify(config));
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'sw-ws-'));
  writeFileSync(join(root, 'nx.json'), '{}');
  const build = { options: { outputPath: 'dist/libs/plugins/hello', outputFileName: 'index.mjs' } };
  project('libs/plugins/hello', { name: 'plugin-hello', tags: ['scope:plugin', 'type:plugin'], targets: { build } });
  project('libs/sdk', { name: 'sdk', tags: ['type:lib'], targets: { build } });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('--plugin <workspace plugin project>', () => {
  it('resolves the project name to its built bundle, from any folder of the workspace', () => {
    mkdirSync(join(root, 'dist/libs/plugins/hello'), { recursive: true });
    writeFileSync(join(root, 'dist/libs/plugins/hello/index.mjs'), 'export default {};');
    expect(resolveWorkspacePluginSpec('plugin-hello', root)).toBe(join(root, 'dist/libs/plugins/hello/index.mjs'));
    expect(resolveWorkspacePluginSpec('plugin-hello', join(root, 'libs/plugins'))).toBe(join(root, 'dist/libs/plugins/hello/index.mjs'));
  });

  it('finds plugin-<name> by the plugin name alone, as --plugin hello', () => {
    mkdirSync(join(root, 'dist/libs/plugins/hello'), { recursive: true });
    writeFileSync(join(root, 'dist/libs/plugins/hello/index.mjs'), 'export default {};');
    expect(resolveWorkspacePluginSpec('hello', root)).toBe(join(root, 'dist/libs/plugins/hello/index.mjs'));
  });

  it('names the build command when the bundle is missing', () => {
    expect(() => resolveWorkspacePluginSpec('plugin-hello', root)).toThrow(
      `--plugin plugin-hello: workspace plugin plugin-hello is not built (${join(root, 'dist/libs/plugins/hello/index.mjs')} is missing); run: npx nx build plugin-hello`,
    );
  });

  it('leaves paths, package names, projects not tagged type:plugin and plugin objects to the kernel', () => {
    const object = { name: 'x', tools: [] } as never;
    expect(resolveWorkspacePluginSpec('./dist/x.mjs', root)).toBe('./dist/x.mjs');
    expect(resolveWorkspacePluginSpec('@acme/stagewright-plugin', root)).toBe('@acme/stagewright-plugin');
    expect(resolveWorkspacePluginSpec('sdk', root)).toBe('sdk');
    expect(resolveWorkspacePluginSpec(object, root)).toBe(object);
    expect(resolveWorkspacePluginSpec('plugin-hello', tmpdir())).toBe('plugin-hello');
  });
});
