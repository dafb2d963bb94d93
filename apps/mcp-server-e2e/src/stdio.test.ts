// Over stdio, stdout IS the protocol: a single stray byte breaks the host's connection. These
// tests run the esbuild bundle exactly as a host spawns it (needs `nx run mcp-server:build`,
// which the test target depends on).
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { connectStdio, fixturePath } from './test-support/shipped.js';
import { REPO_ROOT, SERVER_BUNDLE, rawStdio, runCli, type StdioConnection } from '@stagewright/harness';
import { STAGEWRIGHT_VERSION } from '@stagewright/mcp-server';

const NOISY = new URL('./test-fixtures/noisy-plugin.mjs', import.meta.url).pathname;
const BAD = new URL('./test-fixtures/bad-plugin.mjs', import.meta.url).pathname;
const HANGING = new URL('./test-fixtures/hanging-plugin.mjs', import.meta.url).pathname;

/** Spawn the bundle, send requests one by one waiting for each answer, then close stdin. */
async function rawSession(args: string[], requests: Record<string, unknown>[]) {
  const raw = rawStdio(args);
  for (const request of requests) {
    raw.send(request);
    if (request.id !== undefined) await raw.answer(request.id);
  }
  const code = await raw.close();
  return { code, stdout: raw.stdout(), stderr: raw.stderr() };
}

const initialize = {
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
};

let connection: StdioConnection | undefined;
afterEach(async () => {
  await connection?.close();
  connection = undefined;
});

describe('the bundled server over stdio', () => {
  it('writes nothing but JSON-RPC to stdout, even when plugins log to console', async () => {
    const { code, stdout, stderr } = await rawSession(
      ['--plugin', NOISY],
      [
        initialize,
        { method: 'notifications/initialized' },
        { id: 2, method: 'tools/list' },
        { id: 3, method: 'tools/call', params: { name: 'noisy_shout', arguments: {} } },
        { id: 4, method: 'tools/call', params: { name: 'no_such_tool', arguments: {} } },
      ],
    );
    expect(code).toBe(0);
    const messages = stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { jsonrpc: string; id?: number; result?: any });
    for (const message of messages) expect(message.jsonrpc).toBe('2.0');
    expect(messages.filter((m) => m.id !== undefined).map((m) => m.id)).toEqual([1, 2, 3, 4]);
    expect(stdout.endsWith('\n')).toBe(true);
    expect(stderr).toMatch(
      /noise at import[\s\S]*noise at setup[\s\S]*noise in handler[\s\S]*info noise in handler[\s\S]*raw stdout noise in handler/,
    );
    const call = messages.find((m) => m.id === 3)!.result;
    expect(JSON.parse(call.content[0].text)).toMatchObject({ ok: true, shouted: true });
  });

  it('serves a real MCP client with the shipped tools and a loaded plugin', async () => {
    connection = await connectStdio({ args: ['--plugin', NOISY, '--tool-profile', 'essential'] });
    const names = (await connection.client.listTools()).tools.map((tool) => tool.name);
    expect(names).toEqual([...names].sort());
    expect(names).toEqual(expect.arrayContaining(['electron_plugins', 'noisy_shout']));
    expect(connection.client.getServerVersion()).toMatchObject({ name: 'stagewright', version: STAGEWRIGHT_VERSION });
    expect(await connection.call('noisy_shout')).toMatchObject({ ok: true, shouted: true });
  });

  it('launches and stops a fixture app through the bundle (playwright-core loaded at runtime)', async () => {
    connection = await connectStdio();
    const launched = await connection.call('electron_launch', { main: fixturePath('bench') });
    expect(launched).toMatchObject({ ok: true, sessionId: expect.any(String) });
    expect(await connection.call('electron_stop', { sessionId: launched.sessionId as string })).toMatchObject({ ok: true });
  });

  it('stops the apps it launched when the host closes stdin', async () => {
    connection = await connectStdio();
    const launched = await connection.call('electron_launch', { main: fixturePath('bench') });
    const pid = launched.pid as number;
    expect(pid).toBeGreaterThan(0);
    await connection.close();
    connection = undefined;
    const gone = async () => {
      for (let i = 0; i < 100; i++) {
        try {
          process.kill(pid, 0);
        } catch {
          return true;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return false;
    };
    expect(await gone()).toBe(true);
  });

  it.each([
    [['--bogus'], /^stagewright: unknown flag --bogus; see --help\.\n$/],
    [['--tool-profile', 'tiny'], /^stagewright: --tool-profile: unknown profile "tiny"/],
    [['--operation-timeout-ms', 'soon'], /^stagewright: --operation-timeout-ms: expected a positive integer/],
    [['--app-root', '/no/such/dir'], /^stagewright: appRoot must be an existing directory/],
    [['--plugin', './no/such/plugin.mjs'], /^stagewright: --plugin \.\/no\/such\/plugin\.mjs: file not found/],
    [['--plugin', BAD], /^stagewright: plugin "Not Valid" .*invalid plugin: name must match pattern/],
    [['--plugin', NOISY, '--plugin-config', 'noisy={}'], /^stagewright: --plugin-config noisy: plugin "noisy" takes no configuration/],
    [
      ['--plugin', HANGING, '--plugin-setup-timeout-ms', '300'],
      /^stagewright: plugin "hang": setup did not finish within 300 ms; fix the plugin or raise --plugin-setup-timeout-ms\.\n$/,
    ],
    [['--plugin-setup-timeout-ms', '0'], /^stagewright: --plugin-setup-timeout-ms: expected a positive integer \(ms\), got "0"/],
  ])('exits 2 with one line on stderr for %j', async (args, message) => {
    const { code, stdout, stderr } = await runCli(args);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    const reason = stderr.split('\n').filter((line) => line.startsWith('stagewright:'));
    expect(reason).toHaveLength(1);
    expect(`${reason[0]}\n`).toMatch(message);
  });

  it('prints the version and the help with exit 0', async () => {
    expect(await runCli(['--version'])).toMatchObject({ code: 0, stdout: `${STAGEWRIGHT_VERSION}\n` });
    const help = await runCli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: stagewright/);
  });

  it('shuts down cleanly on SIGTERM', async () => {
    const child = spawn(process.execPath, [SERVER_BUNDLE], { cwd: REPO_ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    const ready = new Promise<void>((resolve) =>
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        resolve();
      }),
    );
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...initialize })}\n`);
    await ready;
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    child.stdin.destroy();
  });
});
