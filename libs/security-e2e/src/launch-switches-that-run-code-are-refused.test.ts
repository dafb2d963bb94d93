// Launch switches are how Chromium, Node and Electron are told to start other programs, load code or open a debugger: an agent gets none of them, in any spelling the runtimes read, unless the operator opens one by name.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, ok, type Connection } from './test-support/connect.js';
import { writeTinyApp } from './test-support/tiny-app.js';

const root = mkdtempSync(join(tmpdir(), 'sw-switches-'));
const app = writeTinyApp(join(root, 'app'));
const marker = join(root, 'ran');
/** Chromium splits a command prefix on spaces and runs it in front of every renderer. */
const shell = `/bin/sh -c touch\${IFS}${marker}`;

/** Every family of switch that starts a process, loads code or a file, or opens a debugger or a port. */
const FAMILIES: Record<string, [name: string, value?: string][]> = {
  'Chromium process launchers': [
    ['renderer-cmd-prefix', shell],
    ['utility-cmd-prefix', shell],
    ['zygote-cmd-prefix', shell],
    ['gpu-launcher', shell],
    ['plugin-launcher', shell],
    ['ppapi-plugin-launcher', shell],
    ['browser-subprocess-path', '/bin/sh'],
  ],
  'Chromium code and file loading': [
    ['load-extension', '/tmp/ext'],
    ['disable-extensions-except', '/tmp/ext'],
    ['register-pepper-plugins', '/tmp/p.so;application/x-p'],
    ['js-flags', '--allow-natives-syntax'],
    ['proxy-pac-url', 'file:///tmp/pac.js'],
    ['user-data-dir', '/tmp/profile'],
    ['log-file', '/tmp/overwritten'],
    ['log-net-log', '/tmp/overwritten'],
  ],
  'Chromium debugging and network': [
    ['remote-debugging-port', '9222'],
    ['remote-debugging-pipe'],
    ['remote-debugging-address', '127.0.0.1'],
    ['remote-allow-origins', '*'],
    ['auto-open-devtools-for-tabs'],
    ['proxy-server', 'http://evil:8080'],
    ['host-rules', 'MAP * evil'],
    ['host-resolver-rules', 'MAP * evil'],
  ],
  'Chromium security features off': [
    ['no-sandbox'],
    ['disable-web-security'],
    ['disable-site-isolation-trials'],
    ['allow-file-access-from-files'],
    ['ignore-certificate-errors'],
  ],
  'Node in the main process': [
    ['require', '/outside/root.js'],
    ['r', '/outside/root.js'],
    ['import', '/outside/root.mjs'],
    ['loader', '/outside/loader.mjs'],
    ['experimental-loader', '/outside/loader.mjs'],
    ['eval', 'require("child_process").execSync("id")'],
    ['e', 'process.exit(1)'],
    ['print', '1'],
    ['p', '1'],
    ['env-file', '/outside/.env'],
    ['openssl-config', '/outside/openssl.cnf'],
    ['snapshot-blob', '/outside/snap.blob'],
    ['inspect', '127.0.0.1:9229'],
    ['inspect-port', '9229'],
    ['debug-port', '9229'],
    ['inspect-publish-uid', 'http'],
  ],
  'Electron default app': [['app', '/outside/main.js'], ['interactive'], ['i']],
};

/** The spellings Chromium, Node and Electron read as the same switch. */
function spellings(name: string, value?: string): string[][] {
  const forms = (n: string) => (value === undefined ? [`--${n}`] : [`--${n}=${value}`]);
  const out = [...forms(name), ...forms(name).map((f) => f.slice(1)), ...forms(name.toUpperCase())];
  if (name.includes('-')) out.push(...forms(name.replace(/-/g, '_')));
  out.push(...forms(name).map((f) => ` \t${f}`));
  const spelled = out.map((arg) => [arg]);
  if (value !== undefined) spelled.push([`--${name}`, value], [`-${name}`, value]);
  return spelled;
}

let conn: Connection;
beforeAll(async () => {
  conn = await connect({ appRoot: root, allowEval: ['main'] });
});
afterAll(async () => {
  await conn?.close();
});

describe('launch switches that run code', () => {
  for (const [family, members] of Object.entries(FAMILIES)) {
    it(`${family}: every member, in every spelling, is refused naming it and the flag; nothing starts`, async () => {
      for (const [name, value] of members) {
        for (const spelled of spellings(name, value)) {
          const r = await conn.call('electron_launch', { main: app, args: ['--lang=en-US', ...spelled] });
          expect(r, spelled.join(' ')).toMatchObject({ ok: false, code: 'LAUNCH_ARG_NOT_ALLOWED', details: { path: '/args/1' } });
          expect(String(r.error)).toContain(`args/1 (switch --${name})`);
          expect(String(r.hint), spelled.join(' ')).toContain(`--allow-launch-switch ${name}`);
        }
      }
      expect((await ok(conn, 'electron_status')).sessions).toEqual([]);
      expect(existsSync(marker)).toBe(false);
    });
  }

  it('switches that pause the app for a debugger are refused at once, even when the operator opened them', async () => {
    for (const arg of [
      '--inspect-brk=0',
      '--inspect-brk',
      '-inspect_brk=127.0.0.1:0',
      '--inspect-wait=0',
      '--debug-brk',
      '--wait-for-debugger',
    ]) {
      const r = await conn.call('electron_launch', { main: app, args: [arg] });
      expect(r, arg).toMatchObject({ ok: false, code: 'LAUNCH_ARG_NOT_ALLOWED', details: { path: '/args/0' } });
      expect(String(r.error)).toMatch(/pause the app/);
    }
    const opened = await connect({ appRoot: root, launchGrants: { switches: ['inspect-brk'] } }).catch((error: Error) => error);
    expect(String(opened)).toMatch(/--allow-launch-switch inspect-brk: it pauses the app/);
  });

  it('the safe switches launch, and arguments after "--" reach the app as data, not as switches', async () => {
    const args = [
      '--lang=de',
      '--force-device-scale-factor=1.5',
      '--disable-gpu',
      'report.md',
      '--',
      `--renderer-cmd-prefix=${shell}`,
      '-r',
      '/x.js',
    ];
    await ok(conn, 'electron_launch', { main: app, args });
    const argv = (await ok(conn, 'electron_eval_main', { code: 'return process.argv' })).result as string[];
    expect(argv.slice(-args.length)).toEqual(args);
    await ok(conn, 'electron_stop');
    expect(existsSync(marker)).toBe(false);
  });

  it('under --app-root, without main, positional arguments (what Electron would run as the app) are refused', async () => {
    for (const args of [['/outside/main.js'], ['--', '/outside/main.js']]) {
      const r = await conn.call('electron_launch', { executablePath: join(app, 'main.js'), args });
      expect(r, args.join(' ')).toMatchObject({ ok: false, code: 'LAUNCH_ARG_NOT_ALLOWED' });
    }
  });

  it('a switch the operator opened by name (any spelling) is accepted and takes effect', async () => {
    const opened = await connect({ appRoot: root, allowEval: ['main'], launchGrants: { switches: ['Autoplay_Policy'] } });
    try {
      await ok(opened, 'electron_launch', { main: app, args: ['--autoplay-policy=no-user-gesture-required'] });
      const read = "return electron.app.commandLine.getSwitchValue('autoplay-policy')";
      expect((await ok(opened, 'electron_eval_main', { code: read })).result).toBe('no-user-gesture-required');
      await ok(opened, 'electron_stop');
      // Opening one switch opens no other.
      const r = await opened.call('electron_launch', { main: app, args: [`--renderer-cmd-prefix=${shell}`] });
      expect(r).toMatchObject({ code: 'LAUNCH_ARG_NOT_ALLOWED' });
    } finally {
      await opened.close();
    }
    expect(existsSync(marker)).toBe(false);
  });
});
