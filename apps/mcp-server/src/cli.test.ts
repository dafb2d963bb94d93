// The CLI is the operator's whole interface: each flag must mean exactly what --help says, and
// misuse must be a one-line refusal (exit 2), never a server running with a different surface.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CliUsageError, USAGE, parseCliArgs, toServerOptions } from './cli.js';
import { STAGEWRIGHT_VERSION } from './version.js';

const serve = (...argv: string[]) => {
  const command = parseCliArgs(argv);
  if (command.kind !== 'serve') throw new Error(`expected serve, got ${command.kind}`);
  return command.options;
};
const refusal = (...argv: string[]) => {
  try {
    parseCliArgs(argv);
  } catch (error) {
    expect(error).toBeInstanceOf(CliUsageError);
    return (error as Error).message;
  }
  throw new Error('expected a CliUsageError');
};

describe('parseCliArgs', () => {
  it('defaults to serving over stdio with no eval, no plugins and the default profile', () => {
    expect(serve()).toEqual({ allowEval: [], plugins: [], pluginWorkspaces: [], pluginConfigs: {}, transport: 'stdio' });
    expect(serve('serve')).toEqual(serve());
  });

  it('reads every value flag, in both --flag value and --flag=value forms', () => {
    expect(
      serve(
        '--tool-profile',
        'testing',
        '--app-root=/apps',
        '--screenshot-dir',
        'shots',
        '--operation-timeout-ms=5000',
        '--transport',
        'stdio',
        '--plugin-setup-timeout-ms',
        '2500',
      ),
    ).toMatchObject({
      toolProfile: 'testing',
      appRoot: '/apps',
      screenshotDir: 'shots',
      operationTimeoutMs: 5000,
      transport: 'stdio',
      pluginSetupTimeoutMs: 2500,
    });
  });

  it('--offer names plugins and profiles the agent may enable, never a grant; --max-tools caps the listing', () => {
    expect(serve('--offer', 'native,full', '--offer=ipc').offer).toEqual(['native', 'full', 'ipc']);
    expect(toServerOptions(serve('--offer', 'native', '--max-tools', '60'))).toMatchObject({ offer: ['native'], maxTools: 60 });
    expect(toServerOptions(serve())).not.toHaveProperty('offer');
    for (const grant of ['eval', 'impersonation', 'allow-eval', 'allow-impersonation'])
      expect(refusal(`--offer=${grant}`)).toMatch(/is a grant; grants stay the operator's/);
    expect(refusal('--offer', './x.mjs')).toMatch(/neither a profile .* nor a plugin name/);
    expect(refusal('--max-tools', '0')).toMatch(/--max-tools: expected a positive integer/);
    expect(USAGE).toMatch(/--offer <plugin\|profile>/);
    expect(USAGE).toMatch(/--max-tools <n> +never list more tools than this \(default: 100/);
  });

  it('grants eval per target, both for the bare flag, and merges repeats', () => {
    expect(serve('--allow-eval').allowEval).toEqual(['main', 'renderer']);
    expect(serve('--allow-eval=main').allowEval).toEqual(['main']);
    expect(serve('--allow-eval=renderer', '--allow-eval=main', '--allow-eval=renderer').allowEval).toEqual(['renderer', 'main']);
    // --allow-impersonation (ADR-0034): no value grants all three, a list those, repeats add up; absent when not given.
    expect(serve().allowImpersonation).toBeUndefined();
    expect(serve('--allow-impersonation').allowImpersonation).toEqual(['network', 'storage', 'ipc']);
    expect(serve('--allow-impersonation=ipc,network').allowImpersonation).toEqual(['network', 'ipc']);
    expect(serve('--allow-impersonation=storage', '--allow-impersonation=ipc').allowImpersonation).toEqual(['storage', 'ipc']);
    expect(() => serve('--allow-impersonation=server')).toThrow(/unknown grant "server"; accepted: network, storage, ipc/);
    expect(() => serve('--allow-impersonation', 'network')).toThrow(/write --allow-impersonation=network/);
  });

  it('collects repeated and comma-separated plugins in order', () => {
    expect(serve('--plugin', 'trace,ipc', '--plugin=./local.mjs').plugins).toEqual(['trace', 'ipc', './local.mjs']);
  });

  it('parses plugin configs as JSON per plugin name', () => {
    expect(serve('--plugin-config', 'trace={"dir":"/t","max":3}', '--plugin-config=ipc={}').pluginConfigs).toEqual({
      trace: { dir: '/t', max: 3 },
      ipc: {},
    });
  });

  it('collects the launch grants: switches and env names repeatable and comma-separable, executables repeatable', () => {
    const options = serve(
      '--allow-launch-switch',
      'proxy-server,host-rules',
      '--allow-launch-switch=autoplay-policy',
      '--allow-env',
      'APP_MODE',
    );
    expect(options.launchGrants).toEqual({
      switches: ['proxy-server', 'host-rules', 'autoplay-policy'],
      env: ['APP_MODE'],
      executables: [],
    });
    expect(serve('--allow-executable', '/opt/a', '--allow-executable=/opt/b').launchGrants?.executables).toEqual(['/opt/a', '/opt/b']);
    expect(toServerOptions(serve('--allow-env=TZ_X')).launchGrants).toEqual({ switches: [], env: ['TZ_X'], executables: [] });
    expect(USAGE).toMatch(/--allow-launch-switch <name>[\s\S]*--allow-env <NAME>[\s\S]*--allow-executable <path>/);
  });

  it('answers --help and --version before anything else', () => {
    expect(parseCliArgs(['--tool-profile', 'testing', '--help'])).toEqual({ kind: 'help' });
    expect(parseCliArgs(['--version'])).toEqual({ kind: 'version' });
    expect(USAGE).toMatch(
      /--tool-profile.*--allow-eval.*--plugin .*--plugin-config.*--plugin-setup-timeout-ms.*--app-root.*--screenshot-dir.*--operation-timeout-ms.*--transport/s,
    );
  });

  it('--help names the environment variables and where tool detail lives', () => {
    expect(USAGE).toMatch(/Environment:[\s\S]*STAGEWRIGHT_ELECTRON[\s\S]*STAGEWRIGHT_LOG_LEVEL[\s\S]*CHROMIUM_PATH/);
    expect(USAGE).toMatch(/node_modules\/electron/);
    expect(USAGE).toMatch(/stagewright:\/\/tools/);
  });

  it.each([
    [['--verbose'], /unknown flag --verbose/],
    [['--tool-profile', 'tiny'], /unknown profile "tiny"; accepted: essential, testing, debug, full/],
    [['--tool-profile'], /--tool-profile needs a value/],
    [['--tool-profile', '--allow-eval'], /--tool-profile needs a value/],
    [['--app-root='], /--app-root needs a non-empty value/],
    [['--screenshot-dir', ''], /--screenshot-dir needs a non-empty value/],
    [['--tool-profile', 'full', '--tool-profile', 'debug'], /--tool-profile is given twice/],
    [['--allow-eval=preload'], /unknown target "preload"; accepted: main, renderer/],
    [['--allow-eval', 'main'], /unexpected argument "main" \(write --allow-eval=main\)/],
    [['--plugin-config', 'trace'], /expected <name>=<json>/],
    [['--plugin-config', 'trace={bad'], /--plugin-config trace: not valid JSON/],
    [['--plugin-config', 'a={}', '--plugin-config', 'a={}'], /"a" is given twice/],
    [['--plugin', 'a,,b'], /empty plugin name/],
    [['--operation-timeout-ms', '-5'], /expected a positive integer/],
    [['--operation-timeout-ms', '1.5'], /expected a positive integer/],
    [['--transport', 'websocket'], /unknown transport "websocket"; accepted: stdio, http/],
    [['doctor'], /unexpected argument "doctor"/],
    [['--allow-launch-switch', 'a,,b'], /--allow-launch-switch: empty name/],
    [['--allow-env'], /--allow-env needs a value/],
    [['--allow-executable', 'bin/electron'], /--allow-executable: expected an absolute path/],
  ])('refuses %j', (argv, message) => {
    const text = refusal(...argv);
    expect(text).toMatch(message);
    expect(text).not.toContain('\n');
  });
});

describe('toServerOptions', () => {
  it('passes every serve option to the server', () => {
    const options = serve(
      '--tool-profile',
      'debug',
      '--allow-eval=main',
      '--plugin',
      'p',
      '--plugin-config',
      'p={"x":1}',
      '--plugin-workspace',
      '../ws',
      '--plugin-workspace=/w2',
      '--app-root',
      '/a',
      '--screenshot-dir',
      '/s',
      '--operation-timeout-ms',
      '9',
      '--plugin-setup-timeout-ms',
      '50',
      '--user-data-dir',
      'profile',
      '--state-dir=/states',
    );
    expect(toServerOptions(options)).toEqual({
      toolProfile: 'debug',
      allowEval: ['main'],
      plugins: ['p'],
      pluginWorkspaces: ['../ws', '/w2'],
      pluginConfigs: { p: { x: 1 } },
      appRoot: '/a',
      screenshotDir: '/s',
      operationTimeoutMs: 9,
      pluginSetupTimeoutMs: 50,
      userDataDir: 'profile',
      stateDir: '/states',
    });
    expect(() => serve('--user-data-dir', 'a', '--user-data-dir', 'b')).toThrow('--user-data-dir is given twice');
  });
});

describe('version', () => {
  it('matches the root package.json', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'));
    expect(STAGEWRIGHT_VERSION).toBe(pkg.version);
  });
});

describe('HTTP flags', () => {
  it('are read with --transport http and refused without it', () => {
    expect(
      serve('--transport', 'http', '--host', '::1', '--port', '0', '--max-sessions', '2', '--session-idle-ms=5000', '--allow-remote'),
    ).toMatchObject({
      transport: 'http',
      http: { host: '::1', port: 0, maxSessions: 2, sessionIdleMs: 5000, allowRemote: true },
    });
    expect(refusal('--port', '8000')).toBe('--port applies to --transport http only.');
    expect(refusal('--transport', 'http', '--port', '70000')).toMatch(/--port: expected 0-65535/);
    expect(refusal('--transport', 'http', '--allow-remote=yes')).toBe('--allow-remote takes no value.');
  });

  it('--allowed-host is repeatable, lowercased, and takes a bare name or address only', () => {
    expect(
      serve('--transport', 'http', '--allowed-host', 'Box.LAN', '--allowed-host=[fd00::7]', '--allowed-host', '192.0.2.7').http,
    ).toMatchObject({
      allowedHosts: ['box.lan', '[fd00::7]', '192.0.2.7'],
    });
    for (const bad of ['http://box.lan', 'box.lan:8931', 'fd00::7', 'a b', '-box', 'box..lan', '*.lan'])
      expect(refusal('--transport', 'http', '--allowed-host', bad), bad).toMatch(/--allowed-host: expected a host name/);
    expect(refusal('--allowed-host', 'box.lan')).toBe('--allowed-host applies to --transport http only.');
  });
});
