// The manifest variants, the baseline and the reference all take their plugin list from here: a
// plugin this misses is never measured or documented, and nothing else keeps a list of them.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { discoverWorkspacePlugins, pluginsOfGraph, type ProjectNodeLike } from './workspace-plugins.js';

const root = path.resolve(import.meta.dirname, '../../..');
const node = (name: string, root: string, tags: string[], build?: Record<string, unknown>): ProjectNodeLike => ({
  name,
  data: { root, tags, targets: build ? { build: { options: build } } : {} },
});

describe('workspace plugin discovery', () => {
  it('keeps projects tagged type:plugin, named by their namespace, with their built entry', () => {
    const nodes = {
      sdk: node('sdk', 'libs/sdk', ['scope:sdk', 'type:lib']),
      'plugin-trace': node('plugin-trace', 'libs/plugins/trace', ['scope:plugin', 'type:plugin'], {
        outputPath: 'dist/libs/plugins/trace',
        outputFileName: 'index.mjs',
      }),
      'acme-audit': node('acme-audit', 'plugins/audit', ['type:plugin'], { outputPath: 'dist/plugins/audit' }),
    };
    expect(pluginsOfGraph('/w', nodes)).toEqual([
      { project: 'acme-audit', name: 'audit', root: 'plugins/audit', entry: '/w/dist/plugins/audit/index.mjs' },
      { project: 'plugin-trace', name: 'trace', root: 'libs/plugins/trace', entry: '/w/dist/libs/plugins/trace/index.mjs' },
    ]);
  });

  it('refuses a plugin project without a build output, naming the fix', () => {
    expect(() => pluginsOfGraph('/w', { 'plugin-x': node('plugin-x', 'libs/plugins/x', ['type:plugin']) })).toThrow(
      'Plugin project plugin-x has no build target with an outputPath; regenerate it with nx g @stagewright/nx-plugin:plugin.',
    );
  });

  it('finds every plugin library of this workspace in the real project graph', { timeout: 120_000 }, async () => {
    const dir = path.join(root, 'libs/plugins');
    const folders = fs.existsSync(dir) ? fs.readdirSync(dir).filter((d) => fs.existsSync(path.join(dir, d, 'project.json'))) : [];
    const found = await discoverWorkspacePlugins(root);
    expect(found.map((p) => p.root).sort()).toEqual(folders.map((d) => `libs/plugins/${d}`).sort());
  });
});
