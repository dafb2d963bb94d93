// `--plugin plugin-x` is what a workspace plugin's README tells its author to run: the project
// at libs/plugins/x must lead to its built bundle, and only a bundle inside the workspace.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isInside, workspacePluginEntry } from './workspace-plugin-spec.js';

let top: string;
let root: string;

function write(file: string, text: string) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

function project(name: string, outputPath: string, extra: Record<string, unknown> = {}) {
  const build = { options: { outputPath, outputFileName: 'index.mjs' } };
  write(
    join(root, 'libs/plugins', name, 'project.json'),
    JSON.stringify({ name: `plugin-${name}`, tags: ['type:plugin'], targets: { build }, ...extra }),
  );
}

beforeEach(() => {
  top = realpathSync(mkdtempSync(join(tmpdir(), 'sw-ws-')));
  root = join(top, 'ws');
  write(join(root, 'nx.json'), '{}');
});
afterEach(() => rmSync(top, { recursive: true, force: true }));

describe('isInside', () => {
  it('is strict containment, not a prefix', () => {
    expect(isInside('/w/ws', '/w/ws/dist/x.mjs')).toBe(true);
    for (const path of ['/w/ws', '/w/ws-evil/x.mjs', '/w/elsewhere/x.mjs', '/w', '/other'])
      expect(isInside('/w/ws', path), path).toBe(false);
    expect(isInside('/w/ws', '/w/ws/..x/ok.mjs')).toBe(true);
  });
});

describe('workspacePluginEntry', () => {
  it('resolves libs/plugins/<name> to its built bundle', () => {
    project('hello', 'dist/libs/plugins/hello');
    write(join(root, 'dist/libs/plugins/hello/index.mjs'), 'export default {};');
    expect(workspacePluginEntry(root, 'hello', 'plugin-hello')).toBe(join(root, 'dist/libs/plugins/hello/index.mjs'));
  });

  it('is undefined without that folder, and reads no other project file (a malformed one elsewhere is harmless)', () => {
    write(join(root, 'libs/other/project.json'), '{ not json');
    write(join(root, 'apps/deep/project.json'), JSON.stringify({ name: 'plugin-hello', tags: ['type:plugin'] }));
    expect(workspacePluginEntry(root, 'hello', 'hello')).toBeUndefined();
  });

  it('names the build command when the bundle is missing', () => {
    project('hello', 'dist/libs/plugins/hello');
    expect(() => workspacePluginEntry(root, 'hello', 'plugin-hello')).toThrow(
      `--plugin plugin-hello: workspace plugin plugin-hello is not built (${join(root, 'dist/libs/plugins/hello/index.mjs')} is missing); run: npx nx build plugin-hello`,
    );
  });

  it('refuses a malformed asked-for file, a project of another name or without the type:plugin tag', () => {
    write(join(root, 'libs/plugins/bad/project.json'), '{ "name": ');
    expect(() => workspacePluginEntry(root, 'bad', 'bad')).toThrow(/libs\/plugins\/bad\/project\.json is not valid JSON/);
    project('named', 'dist/named', { name: 'something-else' });
    expect(() => workspacePluginEntry(root, 'named', 'named')).toThrow(/is not the type:plugin project plugin-named/);
    project('untagged', 'dist/untagged', { tags: ['type:lib'] });
    expect(() => workspacePluginEntry(root, 'untagged', 'untagged')).toThrow(/is not the type:plugin project plugin-untagged/);
  });

  it('refuses every way out of the workspace: ../, a sibling sharing the prefix, an absolute path, symlinks', () => {
    const ways: [string, () => void][] = [
      ['dotdot', () => write(join(top, 'elsewhere/index.mjs'), '')],
      ['sibling', () => write(join(top, 'ws-evil/index.mjs'), '')],
      ['absolute', () => write(join(top, 'abs/index.mjs'), '')],
      [
        'linkedout',
        () => {
          write(join(top, 'out/index.mjs'), '');
          mkdirSync(join(root, 'dist'), { recursive: true });
          symlinkSync(join(top, 'out'), join(root, 'dist/linkedout'));
        },
      ],
    ];
    const outputs: Record<string, string> = {
      dotdot: '../elsewhere',
      sibling: '../ws-evil',
      absolute: join(top, 'abs'),
      linkedout: 'dist/linkedout',
    };
    for (const [name, plant] of ways) {
      plant();
      project(name, outputs[name]);
      expect(() => workspacePluginEntry(root, name, name), name).toThrow(/outside the workspace/);
    }
    // Not built yet: still refused as outside (not "run: npx nx build", which would write out there).
    project('unbuilt', '../nowhere');
    expect(() => workspacePluginEntry(root, 'unbuilt', 'unbuilt')).toThrow(/outside the workspace/);
    write(
      join(top, 'outside-project/project.json'),
      JSON.stringify({ name: 'plugin-linkeddir', tags: ['type:plugin'], targets: { build: { options: { outputPath: 'dist/x' } } } }),
    );
    write(join(root, 'dist/x/index.mjs'), '');
    symlinkSync(join(top, 'outside-project'), join(root, 'libs/plugins/linkeddir'));
    expect(() => workspacePluginEntry(root, 'linkeddir', 'linkeddir')).toThrow(/outside the workspace/);
  });
});
