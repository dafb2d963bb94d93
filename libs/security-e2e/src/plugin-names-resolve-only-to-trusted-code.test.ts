// Hosts start the server with the working directory set to the user's project, which may be
// hostile: no plugin name given with --plugin may run code planted there instead of the code the
// operator meant (the shipped plugin, or a project of a workspace the operator named).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_BUNDLE, connectStdio, runCli } from '@stagewright/harness';
import { readCatalogue } from './test-support/catalogue.js';
import { connect } from './test-support/connect.js';
import { createHostileWorkspace, type HostileWorkspace } from './test-support/hostile-workspace.js';
import { installPackedServer } from './test-support/installed-server.js';

interface Case {
  /** What is planted for this name, i.e. the lookup path the attack targets. */
  why: string;
  spec: string;
  /** Started with --plugin-workspace <the planted workspace> (the operator trusts it by name). */
  named?: true;
  /** The plugin that must load: a first-party name (its shipped tools are checked) or `planted`. */
  loads?: string;
  /** Else startup must fail with this message. */
  refused?: RegExp;
  /** Planted modules allowed to run (only the one the operator named). */
  ran?: string[];
}

const CASES: Case[] = [
  { why: 'libs/plugins/trace and node_modules/trace planted', spec: 'trace', loads: 'trace' },
  { why: 'project plugin-trace and node_modules/plugin-trace planted', spec: 'plugin-trace', loads: 'trace' },
  { why: 'libs/plugins/network planted (the convention location)', spec: 'network', loads: 'network' },
  { why: 'a plugin-ipc project deep in the tree, only a scan finds it', spec: 'plugin-ipc', loads: 'ipc' },
  { why: 'the same, by the short name, with node_modules/ipc', spec: 'ipc', loads: 'ipc' },
  { why: 'a project named by the short name alone, node_modules/clock', spec: 'clock', loads: 'clock' },
  { why: 'a plugin-a11y project whose outputPath is ../elsewhere', spec: 'a11y', loads: 'a11y' },
  { why: 'a name nothing ships, planted as project and package', spec: 'planted', refused: /--plugin planted: no shipped plugin/ },
  { why: 'an unscoped package in the cwd node_modules', spec: 'stagewright-plugin-planted', refused: /npm:stagewright-plugin-planted/ },
  { why: 'the same package, named as such', spec: 'npm:stagewright-plugin-planted', refused: /cannot load the package/ },
  { why: 'a scoped package in the cwd node_modules', spec: '@acme/planted', refused: /--plugin @acme\/planted: cannot load the package/ },
  { why: 'a named workspace never shadows a shipped plugin', spec: 'trace', named: true, loads: 'trace' },
  {
    why: 'a named workspace project, beside malformed project files',
    spec: 'good',
    named: true,
    loads: 'planted',
    ran: ['convention-good'],
  },
  {
    why: 'a named workspace project whose outputPath is ../elsewhere-escape',
    spec: 'escape',
    named: true,
    refused: /outside the workspace/,
  },
  { why: 'an outputPath into <root>-evil (a prefix of the root)', spec: 'sibling', named: true, refused: /outside the workspace/ },
  { why: 'an output folder that is a symlink out of the workspace', spec: 'linkedout', named: true, refused: /outside the workspace/ },
  { why: 'a project folder that is a symlink out of the workspace', spec: 'linkeddir', named: true, refused: /outside the workspace/ },
  { why: 'the asked-for project file is malformed', spec: 'broken', named: true, refused: /libs\/plugins\/broken\/project\.json/ },
];

const catalogue = readCatalogue<{ name: string; module: string }>();
const shippedTools = (plugin: string) => catalogue.tools.filter((tool) => tool.module === `${plugin} plugin`).map((tool) => tool.name);

interface PluginsAnswer {
  plugins: { name: string; tools: { name: string }[] }[];
}

function expectLoaded(answer: PluginsAnswer, expected: string): void {
  expect(answer.plugins.map((plugin) => plugin.name)).toEqual([expected]);
  const tools = answer.plugins[0].tools.map((tool) => tool.name);
  if (expected === 'planted') expect(tools).toEqual([]);
  else expect(tools.sort()).toEqual(shippedTools(expected).sort());
}

let ws: HostileWorkspace;
let installed: { main: string; remove(): void };
beforeAll(() => {
  ws = createHostileWorkspace();
  installed = installPackedServer(ws.top);
}, 120_000);
afterAll(() => {
  ws?.remove();
  installed?.remove();
});

const args = (c: Case) => ['--plugin', c.spec, ...(c.named ? ['--plugin-workspace', ws.root] : [])];

describe.each([
  ['the workspace bundle (own workspace)', () => SERVER_BUNDLE],
  ['the installed package (shipped plugins/ folder)', () => installed.main],
])('started over stdio from the planted folder: %s', (_label, bundle) => {
  it.each(CASES)('$spec ($why)', { timeout: 60_000 }, async (c) => {
    ws.clearMarkers();
    if (c.loads) {
      const server = await connectStdio({ args: args(c), cwd: ws.cwd, bundle: bundle() });
      try {
        const answer = await server.call('electron_plugins', {});
        expectLoaded(answer as unknown as PluginsAnswer, c.loads);
      } finally {
        await server.close();
      }
    } else {
      const run = await runCli(args(c), { cwd: ws.cwd, bundle: bundle() });
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toMatch(c.refused!);
    }
    expect(ws.markers()).toEqual(c.ran ?? []);
  });
});

describe('started in-process with the planted folder as cwd', () => {
  it.each(CASES)('$spec ($why)', { timeout: 60_000 }, async (c) => {
    ws.clearMarkers();
    const options = { plugins: [c.spec], cwd: ws.cwd, pluginWorkspaces: c.named ? [ws.root] : [] };
    if (c.loads) {
      const conn = await connect(options);
      try {
        expectLoaded((await conn.call('electron_plugins', {})) as unknown as PluginsAnswer, c.loads);
      } finally {
        await conn.close();
      }
    } else {
      await expect(connect(options)).rejects.toThrow(c.refused!);
    }
    expect(ws.markers()).toEqual(c.ran ?? []);
  });
});
