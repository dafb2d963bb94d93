import { IMPERSONATION_GRANTS, type EvalTarget, type ImpersonationGrant, type LaunchGrants } from '@stagewright/sdk';
import { PROFILE_NAMES, isProfileName, type ProfileName } from '@stagewright/kernel';
import type { StagewrightServerOptions } from './compose.js';

/** A flag misuse; the CLI prints its message on one line and exits 2. */
export class CliUsageError extends Error {
  override name = 'CliUsageError';
}

export const TRANSPORTS = ['stdio', 'http'] as const;
export type TransportName = (typeof TRANSPORTS)[number];

export interface ServeOptions {
  toolProfile?: ProfileName;
  allowEval: EvalTarget[];
  /** What `--allow-impersonation` opened (ADR-0034); absent when the flag is not given. */
  allowImpersonation?: ImpersonationGrant[];
  plugins: string[];
  pluginWorkspaces: string[];
  pluginConfigs: Record<string, unknown>;
  appRoot?: string;
  screenshotDir?: string;
  operationTimeoutMs?: number;
  pluginSetupTimeoutMs?: number;
  transport: TransportName;
  /** What `--allow-launch-switch`, `--allow-env` and `--allow-executable` opened (ADR-0010); absent when none. */
  launchGrants?: { switches: string[]; env: string[]; executables: string[] };
  /** HTTP transport only (see http/http-options.ts for the defaults and the rules). */
  http?: HttpFlags;
}

export interface HttpFlags {
  host?: string;
  port?: number;
  allowRemote?: boolean;
  maxSessions?: number;
  sessionIdleMs?: number;
  /** Extra Host/Origin names to accept (`--allowed-host`, lowercase, no port). */
  allowedHosts?: string[];
}

export type CliCommand = { kind: 'serve'; options: ServeOptions } | { kind: 'help' } | { kind: 'version' };

export const USAGE = `Usage: stagewright [serve] [options]

MCP server that lets AI agents drive real Electron apps (stdio or Streamable HTTP).

Options:
  --tool-profile <name>           essential | testing | debug | full (default: full)
  --allow-eval[=main|renderer]    enable eval tools (both targets, or one; main,renderer); repeatable
  --allow-impersonation[=network|storage|ipc]
                                  let the agent answer or write as what the app trusts: its
                                  server (stubs with a body), storage (IndexedDB, web storage,
                                  cookie writes), IPC peers (ipc_stub, ipc_invoke); no value for
                                  all three, or a list; repeatable
  --plugin <name|path|package>    load a shipped plugin (trace), a file (./x.mjs) or a package
                                  (@scope/x, npm:x); repeatable, comma-separable
  --plugin-workspace <dir>        Nx workspace whose libs/plugins/<name> a name may also mean
  --plugin-config <name>=<json>   config for a loaded plugin, validated against its schema
  --plugin-setup-timeout-ms <ms>  deadline for each plugin's setup (default: 10000)
  --app-root <dir>                launch and file paths must stay inside this directory;
                                  without it the agent may launch any folder's app and hand the
                                  app any file this user can read (set it for untrusted agents)
  --allow-launch-switch <name>    let electron_launch args use this switch beyond the safe list
                                  (e.g. proxy-server); repeatable, comma-separable
  --allow-env <NAME>              let electron_launch env set this name beyond the safe list;
                                  repeatable, comma-separable (never NODE_OPTIONS, LD_*, ...)
  --allow-executable <path>       let electron_launch run this absolute executablePath outside
                                  --app-root; repeatable
  --screenshot-dir <dir>          where screenshots are written
  --operation-timeout-ms <ms>     backstop for every tool call (default: 120000)
  --transport stdio|http          transport (default: stdio)
  --host <addr>                   http: bind address (default: 127.0.0.1)
  --port <n>                      http: port (default: 8931; 0 picks a free one)
  --allow-remote                  http: allow a non-loopback --host (needs STAGEWRIGHT_HTTP_TOKEN)
  --allowed-host <name>           http: also accept this Host/Origin name (e.g. a DNS name or proxy); repeatable
  --max-sessions <n>              http: concurrent MCP sessions (default: 8)
  --session-idle-ms <ms>          http: idle time after which a session and its apps end (default: 1800000)
  -h, --help                      show this help
  -v, --version                   print the version

Commands:
  stagewright replay <spec.json...> [options]   run reviewed replay specs (stagewright replay --help)
  stagewright trace view|promote <trace.jsonl>  review a recorded trace, or promote it to a spec
  stagewright plugin init|check                 scaffold a plugin package, or check a built one
  stagewright production validate <app>         release checks of a packaged app (exit 0/1/2)

Environment:
  STAGEWRIGHT_HTTP_TOKEN=<token>  http: bearer token every request must carry (required with --allow-remote)
  STAGEWRIGHT_ELECTRON=<path>     Electron binary for every launch (else the app's own
                                  node_modules/electron, found from the launched app's folder);
                                  point it at libs/testing/fake-electron/bin/fake-electron.cjs
                                  to try apps without a real Electron
  STAGEWRIGHT_LOG_LEVEL=<level>   stderr log level: debug | info | warn | error (default: info)
  CHROMIUM_PATH=<path>            headless Chromium of the fake-electron stand-in
                                  (default: /usr/bin/chromium)

Tool detail (accepted values, shapes, error codes, examples): the MCP resource
stagewright://tools (one tool: stagewright://tools/<name>), and TOOL-REFERENCE.md.
`;

const VALUE_FLAGS = new Set([
  '--tool-profile',
  '--plugin',
  '--plugin-config',
  '--plugin-workspace',
  '--plugin-setup-timeout-ms',
  '--app-root',
  '--allow-launch-switch',
  '--allow-env',
  '--allow-executable',
  '--screenshot-dir',
  '--operation-timeout-ms',
  '--transport',
  '--host',
  '--port',
  '--max-sessions',
  '--session-idle-ms',
  '--allowed-host',
]);
const HTTP_FLAGS = new Set(['--host', '--port', '--allow-remote', '--max-sessions', '--session-idle-ms', '--allowed-host']);
const REPEATABLE = new Set([
  '--plugin',
  '--plugin-config',
  '--plugin-workspace',
  '--allow-eval',
  '--allow-impersonation',
  '--allowed-host',
  '--allow-launch-switch',
  '--allow-env',
  '--allow-executable',
]);
/** A DNS name, an IPv4 address or a bracketed IPv6 address: what a Host header carries before its port. */
const HOST_NAME = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])$/;

function parseAllowedHost(value: string): string {
  const name = value.trim().toLowerCase();
  if (name.length > 253 || !HOST_NAME.test(name))
    throw new CliUsageError(`--allowed-host: expected a host name or address without scheme or port (IPv6 in brackets), got "${value}".`);
  return name;
}

/** `--allow-launch-switch`, `--allow-env`, `--allow-executable` values into the grants (checked further at server start). */
function addGrant(options: ServeOptions, flag: string, value: string): void {
  options.launchGrants ??= { switches: [], env: [], executables: [] };
  const grants = options.launchGrants;
  if (flag === '--allow-executable') {
    if (!value.startsWith('/')) throw new CliUsageError(`--allow-executable: expected an absolute path, got "${value}".`);
    grants.executables.push(value);
    return;
  }
  const names = value.split(',').map((part) => part.trim());
  if (names.some((name) => !name)) throw new CliUsageError(`${flag}: empty name in "${value}".`);
  (flag === '--allow-env' ? grants.env : grants.switches).push(...names);
}

function parseEval(value: string | undefined): EvalTarget[] {
  if (value === undefined) return ['main', 'renderer'];
  const targets = value.split(',').map((part) => part.trim());
  for (const target of targets) {
    if (target !== 'main' && target !== 'renderer')
      throw new CliUsageError(`--allow-eval: unknown target "${target}"; accepted: main, renderer (or no value for both).`);
  }
  return targets as EvalTarget[];
}

function parseImpersonation(value: string | undefined): ImpersonationGrant[] {
  if (value === undefined) return [...IMPERSONATION_GRANTS];
  const grants = value.split(',').map((part) => part.trim());
  for (const grant of grants) {
    if (!(IMPERSONATION_GRANTS as readonly string[]).includes(grant))
      throw new CliUsageError(
        `--allow-impersonation: unknown grant "${grant}"; accepted: ${IMPERSONATION_GRANTS.join(', ')} (or no value for all three).`,
      );
  }
  return grants as ImpersonationGrant[];
}

function parsePluginConfig(value: string, configs: Record<string, unknown>): void {
  const eq = value.indexOf('=');
  const name = eq > 0 ? value.slice(0, eq) : '';
  if (!name) throw new CliUsageError(`--plugin-config: expected <name>=<json>, got "${value}".`);
  if (name in configs) throw new CliUsageError(`--plugin-config: "${name}" is given twice.`);
  try {
    configs[name] = JSON.parse(value.slice(eq + 1));
  } catch (error) {
    throw new CliUsageError(`--plugin-config ${name}: not valid JSON (${(error as Error).message}).`);
  }
}

function parseTimeout(flag: string, value: string): number {
  const ms = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(ms) || ms <= 0)
    throw new CliUsageError(`${flag}: expected a positive integer${flag.endsWith('-ms') ? ' (ms)' : ''}, got "${value}".`);
  return ms;
}

/** Parse the command line (without `node` and the script). Pure: throws CliUsageError on misuse. */
export function parseCliArgs(argv: readonly string[]): CliCommand {
  const options: ServeOptions = { allowEval: [], plugins: [], pluginWorkspaces: [], pluginConfigs: {}, transport: 'stdio' };
  const seen = new Set<string>();
  const http: HttpFlags = {};
  let i = 0;
  if (argv[0] === 'serve') i++;
  for (; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') return { kind: 'help' };
    if (arg === '--version' || arg === '-v') return { kind: 'version' };
    if (!arg.startsWith('--')) {
      const hint =
        ['main', 'renderer'].includes(arg) && argv[i - 1] === '--allow-eval'
          ? ` (write --allow-eval=${arg})`
          : (IMPERSONATION_GRANTS as readonly string[]).includes(arg.split(',')[0]) && argv[i - 1] === '--allow-impersonation'
            ? ` (write --allow-impersonation=${arg})`
            : '';
      throw new CliUsageError(`unexpected argument "${arg}"${hint}; see --help.`);
    }
    const eq = arg.indexOf('=');
    const flag = eq > 0 ? arg.slice(0, eq) : arg;
    let value = eq > 0 ? arg.slice(eq + 1) : undefined;
    if (flag === '--allow-remote' && value !== undefined) throw new CliUsageError('--allow-remote takes no value.');
    if (flag !== '--allow-eval' && flag !== '--allow-impersonation' && flag !== '--allow-remote' && !VALUE_FLAGS.has(flag))
      throw new CliUsageError(`unknown flag ${flag}; see --help.`);
    if (seen.has(flag) && !REPEATABLE.has(flag)) throw new CliUsageError(`${flag} is given twice.`);
    seen.add(flag);
    if (VALUE_FLAGS.has(flag) && value === undefined) {
      value = argv[++i];
      if (value === undefined || value.startsWith('--')) throw new CliUsageError(`${flag} needs a value; see --help.`);
    }
    if (VALUE_FLAGS.has(flag) && value!.trim() === '') throw new CliUsageError(`${flag} needs a non-empty value; see --help.`);
    switch (flag) {
      case '--allow-eval':
        options.allowEval = [...new Set([...options.allowEval, ...parseEval(value)])];
        break;
      case '--allow-impersonation':
        options.allowImpersonation = IMPERSONATION_GRANTS.filter(
          (grant) => options.allowImpersonation?.includes(grant) || parseImpersonation(value).includes(grant),
        );
        break;
      case '--tool-profile':
        if (!isProfileName(value!))
          throw new CliUsageError(`--tool-profile: unknown profile "${value}"; accepted: ${PROFILE_NAMES.join(', ')}.`);
        options.toolProfile = value;
        break;
      case '--plugin': {
        const names = value!.split(',').map((part) => part.trim());
        if (names.some((name) => !name)) throw new CliUsageError(`--plugin: empty plugin name in "${value}".`);
        options.plugins.push(...names);
        break;
      }
      case '--plugin-workspace':
        options.pluginWorkspaces.push(value!);
        break;
      case '--plugin-config':
        parsePluginConfig(value!, options.pluginConfigs);
        break;
      case '--app-root':
        options.appRoot = value;
        break;
      case '--allow-launch-switch':
      case '--allow-env':
      case '--allow-executable':
        addGrant(options, flag, value!);
        break;
      case '--screenshot-dir':
        options.screenshotDir = value;
        break;
      case '--operation-timeout-ms':
        options.operationTimeoutMs = parseTimeout(flag, value!);
        break;
      case '--plugin-setup-timeout-ms':
        options.pluginSetupTimeoutMs = parseTimeout(flag, value!);
        break;
      case '--transport':
        if (!(TRANSPORTS as readonly string[]).includes(value!))
          throw new CliUsageError(`--transport: unknown transport "${value}"; accepted: ${TRANSPORTS.join(', ')}.`);
        options.transport = value as TransportName;
        break;
      case '--host':
        http.host = value;
        break;
      case '--port':
        if (!/^\d+$/.test(value!) || Number(value) > 65535) throw new CliUsageError(`--port: expected 0-65535, got "${value}".`);
        http.port = Number(value);
        break;
      case '--allow-remote':
        http.allowRemote = true;
        break;
      case '--max-sessions':
        http.maxSessions = parseTimeout(flag, value!);
        break;
      case '--session-idle-ms':
        http.sessionIdleMs = parseTimeout(flag, value!);
        break;
      case '--allowed-host':
        http.allowedHosts = [...(http.allowedHosts ?? []), parseAllowedHost(value!)];
        break;
    }
  }
  const httpFlag = [...seen].find((flag) => HTTP_FLAGS.has(flag));
  if (httpFlag && options.transport !== 'http') throw new CliUsageError(`${httpFlag} applies to --transport http only.`);
  if (options.transport === 'http') options.http = http;
  return { kind: 'serve', options };
}

/** The server options a serve command stands for. */
export function toServerOptions(options: ServeOptions): StagewrightServerOptions {
  return {
    toolProfile: options.toolProfile,
    allowEval: options.allowEval,
    ...(options.allowImpersonation ? { allowImpersonation: options.allowImpersonation } : {}),
    plugins: options.plugins,
    pluginWorkspaces: options.pluginWorkspaces,
    pluginConfigs: options.pluginConfigs,
    appRoot: options.appRoot,
    screenshotDir: options.screenshotDir,
    operationTimeoutMs: options.operationTimeoutMs,
    pluginSetupTimeoutMs: options.pluginSetupTimeoutMs,
    ...(options.launchGrants ? { launchGrants: options.launchGrants } : {}),
  };
}
