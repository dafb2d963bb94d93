import { ToolError } from '@stagewright/sdk';
import { isLoopbackHost } from '../attach/endpoint.js';
import { readLaunchArg, shownSwitch } from './switch-spelling.js';

/** Node switches whose value is `[host:]port`: a bare port binds loopback, a host binds that host. */
const INSPECT_SWITCHES = new Set(['inspect', 'inspect-brk', 'inspect-wait', 'inspect-port', 'debug-port']);
/** Of those, the ones Node also accepts with the value as the next argument. */
const INSPECT_SWITCHES_WITH_SEPARATE_VALUE = new Set(['inspect-port', 'debug-port']);
/** Chromium's switch for the interface its --remote-debugging-port listens on. */
const DEVTOOLS_ADDRESS_SWITCH = 'remote-debugging-address';

/**
 * Refuse launch arguments (the operator opened) that open the app's debugger beyond loopback: `--inspect*` with a
 * non-loopback host, `--remote-debugging-address` other than loopback. A debugger is full control
 * of the app, so exposing it to the network is never what a test run meant. Spellings are
 * normalised the way the runtimes read them (one or two dashes, `_` for `-` in Node switches).
 * Throws BAD_ARGUMENT naming the refused argument.
 */
export function assertLoopbackDebugArgs(args: readonly string[] | undefined): void {
  const list = args ?? [];
  for (let i = 0; i < list.length; i++) {
    const parsed = readLaunchArg(list[i]);
    if (parsed.kind === 'terminator') break;
    if (parsed.kind !== 'switch') continue;
    let { value } = parsed;
    const { name } = parsed;
    const separate = value === undefined && INSPECT_SWITCHES_WITH_SEPARATE_VALUE.has(name) && i + 1 < list.length;
    if (separate) value = list[i + 1];
    if (value === undefined) continue;
    let host: string | undefined;
    if (INSPECT_SWITCHES.has(name)) host = hostOf(value);
    else if (name === DEVTOOLS_ADDRESS_SWITCH) host = value;
    if (host === undefined || isLoopbackHost(host)) continue;
    throw new ToolError('BAD_ARGUMENT', `args/${i} (switch ${shownSwitch(name)}) may not open the debugger beyond loopback.`, {
      details: { path: `/args/${i}`, refused: shownSwitch(name), switch: name, accepted: ['127.0.0.1', '::1', 'localhost'] },
    });
  }
}

/** The host of a Node `[host:]port` value, or undefined when it is a bare port (loopback). */
function hostOf(value: string): string | undefined {
  if (/^\d*$/.test(value)) return undefined;
  const bracketed = /^\[([^\]]*)\](?::\d*)?$/.exec(value);
  if (bracketed) return bracketed[1];
  const colon = value.lastIndexOf(':');
  return colon >= 0 && /^\d*$/.test(value.slice(colon + 1)) && value.indexOf(':') === colon ? value.slice(0, colon) : value;
}
