// Launch arguments can open an app's debugger (full control of it) to the network; every spelling
// the runtimes accept must be refused when the host is not loopback, and loopback forms must pass.
import { describe, expect, it } from 'vitest';
import { isToolError } from '@stagewright/sdk';
import { assertLoopbackDebugArgs } from './debug-binds.js';

function refusal(args: string[]): { code: string; message: string; details?: Record<string, unknown> } | undefined {
  try {
    assertLoopbackDebugArgs(args);
    return undefined;
  } catch (error) {
    if (!isToolError(error)) throw error;
    return { code: error.code, message: error.message, details: error.details };
  }
}

describe('assertLoopbackDebugArgs', () => {
  it('refuses non-loopback inspector and DevTools binds, naming the argument', () => {
    const refused = [
      ['--inspect=0.0.0.0:9339'],
      ['--inspect-brk=0.0.0.0:9339'],
      ['--inspect-wait=10.0.0.5:9229'],
      ['--inspect-port=0.0.0.0:9229'],
      ['--inspect=0.0.0.0'],
      ['--inspect=[::]:9229'],
      ['--inspect=example.com:9229'],
      ['--inspect=127.0.0.1.example.com'],
      ['--inspect_brk=0.0.0.0:1'],
      ['--INSPECT=0.0.0.0:1'],
      ['--remote-debugging-address=0.0.0.0'],
      ['-remote-debugging-address=192.168.1.2'],
      ['--remote-debugging-port=9222', '--remote-debugging-address=::'],
      ['--debug-port=0.0.0.0:9229'],
    ];
    for (const args of refused) {
      const r = refusal(args);
      expect(r, args.join(' ')).toMatchObject({ code: 'BAD_ARGUMENT' });
      // The refusal names the switch and its index, never the value (issue 38, item 3).
      const last = args[args.length - 1];
      expect(r?.message).toContain(
        `args/${args.length - 1} (switch --${last.replace(/^--?/, '').split('=')[0].toLowerCase().replace(/_/g, '-')})`,
      );
      expect(r?.message).not.toContain(last.split('=')[1]);
    }
    const separate = refusal(['app', '--inspect-port', '0.0.0.0:9229']);
    expect(separate).toMatchObject({ code: 'BAD_ARGUMENT', details: { path: '/args/1', refused: '--inspect-port' } });
    expect(JSON.stringify(separate)).not.toContain('0.0.0.0');
  });

  it('accepts loopback binds, bare ports and unrelated arguments', () => {
    const accepted = [
      ['--inspect'],
      ['--inspect=0'],
      ['--inspect=9229'],
      ['--inspect=127.0.0.1:9229'],
      ['--inspect-brk=localhost:9229'],
      ['--inspect=[::1]:9229'],
      ['--inspect-port', '9229'],
      ['--remote-debugging-port=9222', '--remote-debugging-address=127.0.0.1'],
      ['--remote-debugging-address=::1'],
      ['--user-data-dir=/tmp/x', 'some-file', '--', '--not-a-switch=0.0.0.0'],
      ['--inspector-theme=0.0.0.0'],
    ];
    for (const args of accepted) expect(refusal(args), args.join(' ')).toBeUndefined();
  });
});
