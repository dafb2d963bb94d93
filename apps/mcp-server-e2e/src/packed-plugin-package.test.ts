// A third party ships a plugin as an npm package that depends on @stagewright/sdk. Installed
// beside the packed server and sdk in a folder that knows nothing of this workspace, the installed
// server must load it by package name, and its tools must work. (ADR 0011: packages resolve from
// the server's installation; this test used to run the workspace bundle and rely on the cwd's
// node_modules, which is exactly what a hostile project could plant.)
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectStdio, createSdkConsumer, installTarball, runCli } from '@stagewright/harness';
import { PACKED_SERVER, assertPacked } from './test-support/packed-server.js';

const PLUGIN_JS = `
import { definePlugin, defineTool, ToolError, Type } from '@stagewright/sdk';

const echo = defineTool({
  name: 'echo',
  title: 'Echo',
  description: 'Echo a word back.',
  kind: 'read',
  input: { word: Type.String({ minLength: 1, description: 'Word to echo' }) },
  handle: (args) => {
    if (args.word === 'boom') throw new ToolError('acme.BOOM', 'Refused to echo boom.');
    return { echoed: args.word };
  },
});

export default definePlugin({
  name: 'acme',
  version: '1.0.0',
  sdkRange: '^1.0.0',
  tools: [echo],
  errorCodes: { BOOM: { retryable: false, hint: 'Echo another word.' } },
});
`;

let consumer: ReturnType<typeof createSdkConsumer>;
let installed: string;

beforeAll(() => {
  assertPacked();
  consumer = createSdkConsumer('sw-plugin-package-');
  installTarball(consumer.dir, PACKED_SERVER, 'stagewright');
  installed = join(consumer.dir, 'node_modules/stagewright/main.mjs');
  const source = join(consumer.dir, 'src');
  mkdirSync(source);
  writeFileSync(
    join(source, 'package.json'),
    JSON.stringify({
      name: '@acme/stagewright-plugin',
      version: '1.0.0',
      type: 'module',
      exports: './index.js',
      dependencies: { '@stagewright/sdk': '^0.1.0' },
    }),
  );
  writeFileSync(join(source, 'index.js'), PLUGIN_JS);
  const out = execFileSync('npm', ['pack', source, '--pack-destination', consumer.dir, '--json', '--silent'], { encoding: 'utf8' });
  installTarball(consumer.dir, join(consumer.dir, (JSON.parse(out) as { filename: string }[])[0].filename), '@acme/stagewright-plugin');
  writeFileSync(
    join(consumer.dir, 'package.json'),
    JSON.stringify({ name: 'app-under-test', private: true, dependencies: { '@acme/stagewright-plugin': '1.0.0' } }),
  );
});
afterAll(() => consumer?.remove());

describe('a plugin package installed beside the packed server and sdk', () => {
  it('is loaded by package name and its tool and error code work', async () => {
    const server = await connectStdio({ args: ['--plugin', '@acme/stagewright-plugin'], cwd: consumer.dir, bundle: installed });
    try {
      const names = (await server.client.listTools()).tools.map((tool) => tool.name);
      expect(names).toEqual(expect.arrayContaining(['acme_echo', 'electron_plugins']));
      expect(await server.call('acme_echo', { word: 'hi' })).toMatchObject({ ok: true, echoed: 'hi' });
      expect(await server.call('acme_echo', { word: 'boom' })).toMatchObject({ ok: false, code: 'acme.BOOM', hint: 'Echo another word.' });
      expect(await server.call('electron_plugins', {})).toMatchObject({ ok: true });
    } finally {
      await server.close();
    }
  });

  it('fails startup with exit 2 naming the package when it is not installed there', async () => {
    const run = await runCli(['--plugin', '@acme/not-installed'], { cwd: consumer.dir, bundle: installed });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--plugin @acme/not-installed');
  });

  it('is not loaded by a server installed elsewhere that merely starts in this folder', async () => {
    const run = await runCli(['--plugin', '@acme/stagewright-plugin'], { cwd: consumer.dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--plugin @acme/stagewright-plugin: cannot load the package (install it beside the server');
  });
});
