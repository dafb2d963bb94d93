'use strict';
// Parses Electron's launch contract:
//   fake-electron [--inspect[=[host:]port]] [--remote-debugging-port=N] [switches] <app dir | main.js> [app args]
// Switches may appear before or after the app path (Chromium reads them anywhere) until a bare `--`;
// everything after `--` is the app's data. process.argv keeps every argument, `--` included, as in Electron.

/** @typedef {{ host: string, port: number }} HostPort */

/**
 * @param {string | undefined} value `[host:]port`
 * @param {number} defaultPort
 * @returns {HostPort}
 */
function parseHostPort(value, defaultPort) {
  if (value === undefined || value === '') return { host: '127.0.0.1', port: defaultPort };
  const colon = value.lastIndexOf(':');
  const host = colon >= 0 ? value.slice(0, colon) || '127.0.0.1' : '127.0.0.1';
  const port = Number(colon >= 0 ? value.slice(colon + 1) : value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Invalid inspector port in "${value}"`);
  return { host, port };
}

/**
 * @param {string} arg `--name=value`, `--name` or `-x`
 * @returns {{ name: string, value: string }}
 */
function splitSwitch(arg) {
  const body = arg.replace(/^--?/, '');
  const eq = body.indexOf('=');
  return eq < 0 ? { name: body, value: '' } : { name: body.slice(0, eq), value: body.slice(eq + 1) };
}

/**
 * @param {string[]} argv arguments after the executable
 */
function parseArgs(argv) {
  /** @type {{ inspect?: HostPort & { brk: boolean }, inspectPort?: HostPort, requires: string[],
   *   switches: Array<{ name: string, value: string }>, appPath?: string, appArgs: string[], jsFlags?: string }} */
  const parsed = { requires: [], switches: [], appArgs: [] };
  let endOfSwitches = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (endOfSwitches || !arg.startsWith('-') || arg === '-') {
      if (parsed.appPath === undefined) parsed.appPath = arg;
      else parsed.appArgs.push(arg);
      continue;
    }
    if (arg === '--') {
      endOfSwitches = true;
      continue;
    }
    // Electron's default app reads -r/--require only before the app path; after it, it is app data.
    if ((arg === '-r' || arg === '--require') && parsed.appPath === undefined) {
      if (i + 1 < argv.length) parsed.requires.push(argv[++i]);
      continue;
    }
    const { name, value } = splitSwitch(arg);
    if (name === 'inspect' || name === 'inspect-brk') {
      parsed.inspect = { ...parseHostPort(value, 9229), brk: name === 'inspect-brk' };
    } else if (name === 'inspect-port' || name === 'debug-port') {
      parsed.inspectPort = parseHostPort(value, 9229);
    } else if (name === 'js-flags') {
      parsed.jsFlags = value;
    } else {
      parsed.switches.push({ name, value });
    }
    if (parsed.appPath !== undefined) parsed.appArgs.push(arg);
  }
  return parsed;
}

module.exports = { parseArgs, parseHostPort, splitSwitch };
