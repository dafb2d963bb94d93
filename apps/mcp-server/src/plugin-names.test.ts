// A plugin name is resolved from trusted places only, in a fixed order (ADR 0011): the shipped
// bundles, then the given workspaces' libs/plugins/<name>. The working directory is no input.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolvePluginName } from './plugin-names.js';
import { ownWorkspaceOf } from './plugin-sources.js';

let top: string;

function write(file: string, text = 'export default {};') {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/** A workspace at `top/<dir>` whose libs/plugins/<name> is built. */
function workspace(dir: string, name: string): string {
  const root = join(top, dir);
  write(join(root, 'nx.json'), '{}');
  const build = { options: { outputPath: `dist/${name}`, outputFileName: 'index.mjs' } };
  write(
    join(root, 'libs/plugins', name, 'project.json'),
    JSON.stringify({ name: `plugin-${name}`, tags: ['type:plugin'], targets: { build } }),
  );
  write(join(root, 'dist', name, 'index.mjs'));
  return root;
}

beforeEach(() => {
  top = realpathSync(mkdtempSync(join(tmpdir(), 'sw-names-')));
});
afterEach(() => rmSync(top, { recursive: true, force: true }));

describe('resolvePluginName', () => {
  it('takes the shipped bundle first, by short name and by project name', () => {
    const shippedDir = join(top, 'pkg/plugins');
    write(join(shippedDir, 'trace.mjs'));
    const own = workspace('own', 'trace');
    for (const spec of ['trace', 'plugin-trace'])
      expect(resolvePluginName(spec, { shippedDir, workspaces: [own] })).toBe(join(shippedDir, 'trace.mjs'));
  });

  it('then the first workspace that has libs/plugins/<name>: the own one before a named one', () => {
    const own = workspace('own', 'hello');
    const named = workspace('named', 'hello');
    const sources = { shippedDir: join(top, 'none'), workspaces: [own, named] };
    expect(resolvePluginName('plugin-hello', sources)).toBe(join(own, 'dist/hello/index.mjs'));
    expect(resolvePluginName('hello', { ...sources, workspaces: [named] })).toBe(join(named, 'dist/hello/index.mjs'));
  });

  it('fails for a name nothing provides, listing what is available and the other forms', () => {
    const own = workspace('own', 'hello');
    expect(() => resolvePluginName('nope', { shippedDir: join(top, 'none'), workspaces: [own] })).toThrow(
      `--plugin nope: no shipped plugin is named "nope" (available: hello), nor is there ${join(own, 'libs/plugins/nope')}; name a file (./path.mjs), a package (@scope/name or npm:name), or the workspace with --plugin-workspace <dir>.`,
    );
  });

  it('passes paths, packages named as such, other strings and plugin objects to the kernel untouched', () => {
    const sources = { shippedDir: join(top, 'none'), workspaces: [] };
    const object = { name: 'x', tools: [] } as never;
    for (const spec of ['./dist/x.mjs', '../x.mjs', '/abs/x.mjs', '@acme/x', 'npm:x', 'stagewright-plugin-x', object])
      expect(resolvePluginName(spec, sources)).toBe(spec);
  });
});

describe('ownWorkspaceOf', () => {
  it('is the nearest nx.json above the server code, unless it is installed under node_modules', () => {
    const root = workspace('ws', 'x');
    mkdirSync(join(root, 'dist/apps/mcp-server'), { recursive: true });
    expect(ownWorkspaceOf(join(root, 'dist/apps/mcp-server'))).toBe(root);
    mkdirSync(join(root, 'node_modules/stagewright'), { recursive: true });
    expect(ownWorkspaceOf(join(root, 'node_modules/stagewright'))).toBeUndefined();
    expect(ownWorkspaceOf(top)).toBeUndefined();
  });
});
