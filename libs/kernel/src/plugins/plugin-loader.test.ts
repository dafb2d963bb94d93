// Plugins are operator-chosen code (docs/plugins.md, ADR-0011): a valid one must load namespaced, and any
// bad one must stop startup with a clear message after undoing the plugins already set up, so a
// half-configured server never runs.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PLUGIN_API, Type, defineTool, definePlugin, type Plugin } from '@stagewright/sdk';
import type { InMemoryConnection } from '../test-fixtures/connect.js';
import { createServer } from '../server.js';
import { connectExample, pluginFixture, SAMPLE_PLUGIN } from '../test-fixtures/connect.js';

const connections: InMemoryConnection[] = [];
afterEach(async () => {
  await Promise.all(connections.splice(0).map((c) => c.close()));
});
async function connect(options: Parameters<typeof connectExample>[0]) {
  const connection = await connectExample(options);
  connections.push(connection);
  return connection;
}

/** A valid plugin whose setup/teardown are observable. */
function goodPlugin() {
  return {
    name: 'good',
    version: '1.0.0',
    sdkRange: '^1.0.0',
    tools: [defineTool({ name: 'ping', title: 'Ping', description: 'Ping.', kind: 'read', input: {}, handle: () => ({ pong: true }) })],
    setup: vi.fn<() => void>(),
    teardown: vi.fn<() => void>(),
  } satisfies Plugin;
}

describe('plugin loading', () => {
  it('loads a plugin file with namespaced tools, codes and config, visible whatever the profile', async () => {
    const connection = await connect({
      toolProfile: 'essential',
      plugins: [SAMPLE_PLUGIN],
      pluginConfigs: { sample: { greeting: 'hi', token: 's3cret' } },
    });
    expect(connection.server.toolNames()).toEqual(['electron_plugins', 'sample_bump', 'sample_read']);
    expect(await connection.call('sample_read')).toMatchObject({ ok: false, code: 'sample.EMPTY', hint: 'Call sample_bump first.' });
    expect(await connection.call('sample_bump')).toMatchObject({ ok: true, count: 1, greeting: 'hi' });
    expect(await connection.call('sample_peek')).toMatchObject({ ok: false, code: 'EVAL_NOT_ALLOWED' });
    expect(await connection.call('electron_plugins')).toMatchObject({
      ok: true,
      plugins: [
        {
          name: 'sample',
          version: '1.0.0',
          tools: [{ name: 'sample_bump' }, { name: 'sample_read' }, { name: 'sample_peek', disabled: 'needs --allow-eval=main' }],
          errorCodes: ['sample.EMPTY'],
          config: { greeting: 'hi' },
        },
      ],
    });
  });

  it('applies config defaults and lists no electron_plugins without plugins', async () => {
    const withPlugin = await connect({ plugins: [SAMPLE_PLUGIN] });
    expect(await withPlugin.call('sample_bump')).toMatchObject({ greeting: 'hello' });
    const without = await connect({});
    expect(without.server.toolNames()).not.toContain('electron_plugins');
  });

  it('reads a config field under its former name, and refuses both names at once (ADR-0041)', async () => {
    const renamed = () =>
      definePlugin({
        ...goodPlugin(),
        configSchema: Type.Object({ maxEvents: Type.Integer({ default: 5 }) }, { additionalProperties: false }),
        safeConfigFields: ['maxEvents'],
        formerConfigKeys: { bufferSize: 'maxEvents' },
      });
    const old = await connect({ plugins: [renamed()], pluginConfigs: { good: { bufferSize: 9 } } });
    expect(await old.call('electron_plugins')).toMatchObject({ plugins: [{ name: 'good', config: { maxEvents: 9 } }] });
    await expect(connect({ plugins: [renamed()], pluginConfigs: { good: { bufferSize: 9, maxEvents: 9 } } })).rejects.toThrow(
      /--plugin-config good: bufferSize is the former name of maxEvents; give only maxEvents/,
    );
  });

  it('keeps plugin state per server instance', async () => {
    const a = await connect({ plugins: [SAMPLE_PLUGIN] });
    const b = await connect({ plugins: [SAMPLE_PLUGIN] });
    await a.call('sample_bump');
    expect(await a.call('sample_bump')).toMatchObject({ count: 2 });
    expect(await b.call('sample_bump')).toMatchObject({ count: 1 });
    const c = await connect({ plugins: [goodPlugin()] });
    expect(c.server.toolNames()).toEqual([
      'electron_demo_check',
      'electron_demo_echo',
      'electron_demo_reset',
      'electron_demo_work',
      'electron_drag',
      'electron_plugins',
      'good_ping',
    ]);
    expect(a.server.toolNames()).not.toContain('good_ping');
  });

  const failures: [string, () => { plugins: unknown[]; pluginConfigs?: Record<string, unknown> }, RegExp][] = [
    ['a bad name', () => ({ plugins: [pluginFixture('bad-name.mjs')] }), /bad-name\.mjs\): invalid plugin: name must match pattern/],
    ['the electron namespace', () => ({ plugins: [pluginFixture('electron-namespace.mjs')] }), /"electron" namespace is reserved/],
    [
      'an invalid config',
      () => ({ plugins: [SAMPLE_PLUGIN], pluginConfigs: { sample: { limit: 0 } } }),
      /--plugin-config sample: invalid config: limit must be >= 1/,
    ],
    [
      'an unknown config field',
      () => ({ plugins: [SAMPLE_PLUGIN], pluginConfigs: { sample: { colour: 'red' } } }),
      /unknown field colour; accepted: greeting, token, limit/,
    ],
    [
      'a throwing setup',
      () => ({ plugins: [pluginFixture('throwing-setup.mjs')] }),
      /plugin "broken": setup failed: cannot reach the device/,
    ],
    [
      'a duplicate tool name',
      () => ({
        plugins: [
          definePlugin({
            ...goodPlugin(),
            name: 'dup',
            setup: undefined,
            teardown: undefined,
            tools: [...goodPlugin().tools, ...goodPlugin().tools],
          }),
        ],
      }),
      /plugin "dup": Tool "dup_ping" from plugin "dup" is already registered by plugin "dup"/,
    ],
    ['the same plugin twice', () => ({ plugins: [SAMPLE_PLUGIN, SAMPLE_PLUGIN] }), /plugin "sample" .* is loaded twice/],
    ['a missing file', () => ({ plugins: ['./no/such/plugin.mjs'] }), /--plugin \.\/no\/such\/plugin\.mjs: file not found/],
    [
      'a package that is not installed',
      () => ({ plugins: ['npm:stagewright-plugin-nowhere'] }),
      /--plugin npm:stagewright-plugin-nowhere: cannot load the package/,
    ],
    [
      'an unscoped name not named as a package',
      () => ({ plugins: ['stagewright-plugin-nowhere'] }),
      /--plugin stagewright-plugin-nowhere: neither a file path nor a package; write \.\/stagewright-plugin-nowhere for a file, or npm:stagewright-plugin-nowhere/,
    ],
    [
      'a file path without ./',
      () => ({ plugins: ['dist/plugin.mjs'] }),
      /--plugin dist\/plugin\.mjs: neither a file path nor a package; write \.\/dist\/plugin\.mjs for a file/,
    ],
    [
      'a plugin name (only the shipped server knows its plugins)',
      () => ({ plugins: ['trace'] }),
      /--plugin trace: a plugin name, but no plugin of the server is named so/,
    ],
    [
      'config for a plugin that is not loaded',
      () => ({ plugins: [], pluginConfigs: { trace: {} } }),
      /--plugin-config trace: no plugin named "trace" is loaded/,
    ],
    [
      'an incompatible sdkRange',
      () => ({ plugins: [{ ...goodPlugin(), name: 'old', sdkRange: '^0.1.0' }] }),
      new RegExp(
        `plugin "old" .*written for plugin API \\^0\\.1\\.0, but this server offers plugin API ${PLUGIN_API.replaceAll('.', '\\.')}`,
      ),
    ],
    [
      'an sdkRange that is not a range',
      () => ({ plugins: [{ ...goodPlugin(), name: 'odd', sdkRange: 'one point oh' }] }),
      /plugin "odd" .*sdkRange "one point oh" is not a semver range/,
    ],
  ];

  it.each(failures)('fails startup on %s and tears down the plugins set up before it', async (_label, make, message) => {
    const earlier = goodPlugin();
    const { plugins, pluginConfigs } = make();
    await expect(createServer({ plugins: [earlier, ...(plugins as Plugin[])], pluginConfigs })).rejects.toThrow(message);
    expect(earlier.setup).toHaveBeenCalledTimes(1);
    expect(earlier.teardown).toHaveBeenCalledTimes(1);
  });

  it('tears plugins down when the server closes', async () => {
    const plugin = goodPlugin();
    const server = await createServer({ plugins: [plugin] });
    await server.close();
    await server.close();
    expect(plugin.teardown).toHaveBeenCalledTimes(1);
  });

  // Changed with ADR 0011: this test used to load the package from the working directory's
  // node_modules, which a hostile project controls. Packages resolve from the server's installation.
  it('never resolves a package from the working directory, and resolves it from the server', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'sw-plugin-'));
    const dir = join(cwd, 'node_modules', 'stagewright-plugin-temp');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({ name: 'stagewright-plugin-temp', version: '1.0.0', type: 'module', main: 'index.js' }),
    );
    writeFileSync(join(dir, 'index.js'), "export const plugin = { name: 'temp', version: '1.0.0', sdkRange: '*', tools: [] };\n");
    for (const spec of ['stagewright-plugin-temp', 'npm:stagewright-plugin-temp'])
      await expect(createServer({ plugins: [spec], cwd }), spec).rejects.toThrow(`--plugin ${spec}: `);
    // typebox is installed beside the server (and is no plugin): found, then refused by the contract.
    await expect(createServer({ plugins: ['npm:typebox'], cwd })).rejects.toThrow(/--plugin npm:typebox: invalid plugin/);
    rmSync(cwd, { recursive: true, force: true });
  });
});
