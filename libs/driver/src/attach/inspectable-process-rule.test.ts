// The rule electron_inject applies before sending SIGUSR1 must accept real Electron however it is
// packaged (renamed binaries included) and refuse Chromium, helpers, other users and other programs.
import { describe, expect, it } from 'vitest';
import { whyNotInspectable, type ProcessFacts } from './inspectable-process.js';

const layout = (files: string[]) => (path: string) => files.includes(path);
const facts = (exe: string, argv: string[] = [exe], uids = [1000, 1000]): ProcessFacts => ({ exe, argv, uids, ppid: 42 });

describe('whyNotInspectable', () => {
  it('accepts Node and Electron main processes, packaged apps included', () => {
    const none = layout([]);
    expect(whyNotInspectable(facts('/usr/bin/node'), 1000, none)).toBeUndefined();
    expect(whyNotInspectable(facts('/opt/node-v20/bin/nodejs'), 1000, none)).toBeUndefined();
    expect(whyNotInspectable(facts('/p/node_modules/electron/dist/electron'), 1000, none)).toBeUndefined();
    const slack = layout(['/opt/Slack/v8_context_snapshot.bin', '/opt/Slack/resources/app.asar']);
    expect(whyNotInspectable(facts('/opt/Slack/slack'), 1000, slack)).toBeUndefined();
    const mac = layout(['/Applications/Foo.app/Contents/Frameworks/Electron Framework.framework']);
    expect(whyNotInspectable(facts('/Applications/Foo.app/Contents/MacOS/Foo'), 1000, mac)).toBeUndefined();
  });

  it('refuses Chromium, helpers, other users and other programs, saying why', () => {
    const chromium = layout(['/usr/lib/chromium/v8_context_snapshot.bin', '/usr/lib/chromium/icudtl.dat']);
    expect(whyNotInspectable(facts('/usr/lib/chromium/chromium'), 1000, chromium)).toMatch(/neither Node.js nor Electron/);
    expect(whyNotInspectable(facts('/usr/bin/sleep'), 1000, layout([]))).toMatch(/sleep is neither/);
    const helper = whyNotInspectable(facts('/p/electron', ['/p/electron', '--type=renderer']), 1000, layout([]));
    expect(helper).toMatch(/Chromium helper process \(--type=renderer\).*main process may be 42/);
    expect(whyNotInspectable(facts('/usr/bin/node', ['node'], [0, 0]), 1000, layout([]))).toMatch(/another user/);
    expect(whyNotInspectable(facts('/usr/bin/node', ['node'], [1000, 0]), 1000, layout([]))).toMatch(/another user/);
  });

  it('refuses a Node process that does not handle SIGUSR1 yet (the signal would end it), and allows one that does', () => {
    const starting = { ...facts('/usr/bin/node'), handlesSigusr1: false };
    expect(whyNotInspectable(starting, 1000, layout([]))).toMatch(/no SIGUSR1 handler yet .* would end it/);
    expect(whyNotInspectable({ ...starting, handlesSigusr1: true }, 1000, layout([]))).toBeUndefined();
  });
});
