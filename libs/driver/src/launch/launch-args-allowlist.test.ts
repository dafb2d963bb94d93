// The allowlist is only as good as its reading of a switch: every spelling Chromium or Node
// accepts must read as the same name, a value must match the safe switch's pattern, and only an
// exact "--" ends the switches (a padded one is what Chromium ends at but Node does not).
import { describe, expect, it } from 'vitest';
import { isToolError } from '@stagewright/sdk';
import { assertLaunchArgs } from './args-policy.js';
import { readLaunchArg } from './switch-spelling.js';

function refused(args: string[], granted: string[] = [], hasMain = true, confined = false): string | undefined {
  try {
    assertLaunchArgs({ args, granted, hasMain, confined });
    return undefined;
  } catch (error) {
    if (!isToolError(error)) throw error;
    return `${error.code} ${String(error.details?.path)}`;
  }
}

describe('readLaunchArg', () => {
  it('reads every spelling of a switch as one normalised name', () => {
    for (const arg of ['--js-flags=x', '-js-flags=x', '--JS_FLAGS=x', ' \t--js-flags=x', '-js_flags=x'])
      expect(readLaunchArg(arg), arg).toEqual({ kind: 'switch', name: 'js-flags', value: 'x' });
    expect(readLaunchArg('--')).toEqual({ kind: 'terminator' });
    expect(readLaunchArg(' --')).toMatchObject({ kind: 'switch', name: '' });
    expect(readLaunchArg('report.md')).toEqual({ kind: 'positional' });
  });
});

describe('assertLaunchArgs', () => {
  it('accepts safe switches with accepted values, data, and everything after "--"', () => {
    expect(
      refused(['--lang=pt-BR', '--enable-logging', '--enable-logging=stderr', '--log-level=1', 'file.txt', '--', '--anything', '-r']),
    ).toBe(undefined);
  });

  it('refuses safe switches with values they do not take, naming the index', () => {
    for (const args of [
      ['--lang=de --renderer-cmd-prefix=x'],
      ['--lang'],
      ['--enable-logging=file'],
      ['--disable-gpu=1'],
      ['--log-level=9'],
    ])
      expect(refused(args), args[0]).toBe('LAUNCH_ARG_NOT_ALLOWED /args/0');
  });

  it('a padded "--" or a lone "-" is a switch, not the end of switches', () => {
    expect(refused([' --', '--inspect-port=0'])).toBe('LAUNCH_ARG_NOT_ALLOWED /args/0');
    expect(refused(['-'])).toBe('LAUNCH_ARG_NOT_ALLOWED /args/0');
  });

  it('opens exactly the switches granted, in any spelling, but never a pausing one', () => {
    expect(refused(['--proxy-server=http://p:1'], ['Proxy_Server'])).toBe(undefined);
    expect(refused(['--proxy-server=http://p:1', '--host-rules=x'], ['proxy-server'])).toBe('LAUNCH_ARG_NOT_ALLOWED /args/1');
    expect(refused(['--inspect-brk=0'], ['inspect-brk'])).toBe('LAUNCH_ARG_NOT_ALLOWED /args/0');
    expect(refused(['--inspect=0.0.0.0:1'], ['inspect'])).toBe('BAD_ARGUMENT /args/0');
  });

  it('without main under --app-root, refuses positionals, which Electron would run as the app', () => {
    expect(refused(['app.js'], [], false, true)).toBe('LAUNCH_ARG_NOT_ALLOWED /args/0');
    expect(refused(['--', 'app.js'], [], false, true)).toBe('LAUNCH_ARG_NOT_ALLOWED /args/1');
    expect(refused(['app.js'], [], false, false)).toBe(undefined);
  });
});

describe('where the app keeps its data is the operator’s choice (ADR-0033)', () => {
  it('refuses an agent’s --user-data-dir in every spelling, before the app path and after it', () => {
    for (const arg of ['--user-data-dir=/home/dev/.config/App', '-user_data_dir=/x', '--USER-DATA-DIR=/x'])
      expect(refused([arg]), arg).toBe('LAUNCH_ARG_NOT_ALLOWED /args/0');
  });

  it('refuses the grant that would open it, naming the operator flag instead', async () => {
    const { launchGrantProblems } = await import('./launch-grants.js');
    for (const name of ['user-data-dir', 'user_data_dir'])
      expect(launchGrantProblems({ switches: [name] }), name).toEqual([expect.stringContaining('--user-data-dir <dir>')]);
    expect(launchGrantProblems({ switches: ['proxy-server'] })).toEqual([]);
  });
});
