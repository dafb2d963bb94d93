import { IMPERSONATION_GRANTS, type EvalTarget, type ImpersonationGrant } from '@stagewright/sdk';
import { PROFILE_NAMES, isPluginName, isProfileName, type ProfileName } from '@stagewright/kernel';
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
  /** `--offer`: plugins and profiles the agent may enable mid-session (ADR-0045). */
  offer?: string[];
  /** `--max-tools`: the most tools tools/list names (default 100). */
  maxTools?: number;
  pluginWorkspaces: string[];
  pluginConfigs: Record<string, unknown>;
  appRoot?: string;
  screenshotDir?: string;
  /** `--user-data-dir`: one persistent userData for every launch (ADR-0033). */
  userDataDir?: string;
  /** `--state-dir`: where saved app states live. */
  stateDir?: string;
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

/** Whether a command line asks for help: `--help` or `-h` anywhere before a bare `--`. Every command answers it with exit 0. */
export function asksForHelp(argv: readonly string[]): boolean {
  const end = argv.indexOf('--');
  return (end < 0 ? argv : argv.slice(0, end)).some((arg) => arg === '--help' || arg === '-h');
}

/** What one parse builds up; each flag's `apply` writes into it. */
interface Parsed {
  options: ServeOptions;
  http: HttpFlags;
}

/**
 * One server flag: how it is written, what `--help` says of it, and what it sets. The parser and
 * the help text both read this table, so a flag cannot be accepted without being documented.
 */
interface Flag {
  name: `--${string}`;
  /** Placeholder of its value in --help (`<dir>`); absent for a switch without a value. */
  value?: string;
  /** The value may be left out (`--allow-eval` alone means both targets); written `name[=value]`. */
  optionalValue?: boolean;
  repeatable?: boolean;
  /** Applies to `--transport http` only. */
  http?: boolean;
  /** --help text; `\n` starts a continuation line. */
  help: string;
  apply(into: Parsed, value: string | undefined): void;
}

const FLAGS: readonly Flag[] = [
  {
    name: '--tool-profile',
    value: '<name>',
    help: 'essential | testing | debug | full (default: full)',
    apply: ({ options }, value) => {
      if (!isProfileName(value!))
        throw new CliUsageError(`--tool-profile: unknown profile "${value}"; accepted: ${PROFILE_NAMES.join(', ')}.`);
      options.toolProfile = value;
    },
  },
  {
    name: '--allow-eval',
    value: 'main|renderer',
    optionalValue: true,
    repeatable: true,
    help: 'enable eval tools (both targets, or one; main,renderer); repeatable',
    apply: ({ options }, value) => {
      options.allowEval = [...new Set([...options.allowEval, ...parseEval(value)])];
    },
  },
  {
    name: '--allow-impersonation',
    value: 'network|storage|ipc',
    optionalValue: true,
    repeatable: true,
    help: 'let the agent answer or write as what the app trusts: its\nserver (stubs with a body), storage (IndexedDB, web storage,\ncookie writes), IPC peers (ipc_stub, ipc_invoke); no value for\nall three, or a list; repeatable',
    apply: ({ options }, value) => {
      const granted = parseImpersonation(value);
      options.allowImpersonation = IMPERSONATION_GRANTS.filter(
        (grant) => options.allowImpersonation?.includes(grant) || granted.includes(grant),
      );
    },
  },
  {
    name: '--plugin',
    value: '<name|path|package>',
    repeatable: true,
    help: 'load a shipped plugin (trace), a file (./x.mjs) or a package\n(@scope/x, npm:x); repeatable, comma-separable',
    apply: ({ options }, value) => {
      const names = value!.split(',').map((part) => part.trim());
      if (names.some((name) => !name)) throw new CliUsageError(`--plugin: empty plugin name in "${value}".`);
      options.plugins.push(...names);
    },
  },
  {
    name: '--offer',
    value: '<plugin|profile>',
    repeatable: true,
    help: 'let the agent enable this shipped plugin or profile mid-session\n(electron_enable; hosts are told the list changed); never a\ngrant; repeatable, comma-separable',
    apply: ({ options }, value) => {
      for (const name of value!.split(',').map((part) => part.trim())) {
        if (!name) throw new CliUsageError(`--offer: empty name in "${value}".`);
        if (/^(allow-)?(eval|impersonation)$/.test(name.replace(/^--/, '')))
          throw new CliUsageError(`--offer: "${name}" is a grant; grants stay the operator's (--allow-eval, --allow-impersonation).`);
        if (!isProfileName(name) && !isPluginName(name))
          throw new CliUsageError(`--offer: "${name}" is neither a profile (${PROFILE_NAMES.join(', ')}) nor a plugin name.`);
        options.offer = [...new Set([...(options.offer ?? []), name])];
      }
    },
  },
  {
    name: '--max-tools',
    value: '<n>',
    help: 'never list more tools than this (default: 100, what Cursor\naccepts); the rest stays callable by name',
    apply: ({ options }, value) => {
      options.maxTools = parsePositive('--max-tools', value!);
    },
  },
  {
    name: '--plugin-workspace',
    value: '<dir>',
    repeatable: true,
    help: 'Nx workspace whose libs/plugins/<name> a name may also mean',
    apply: ({ options }, value) => void options.pluginWorkspaces.push(value!),
  },
  {
    name: '--plugin-config',
    value: '<name>=<json>',
    repeatable: true,
    help: 'config for a loaded plugin, validated against its schema',
    apply: ({ options }, value) => parsePluginConfig(value!, options.pluginConfigs),
  },
  {
    name: '--plugin-setup-timeout-ms',
    value: '<ms>',
    help: "deadline for each plugin's setup (default: 10000)",
    apply: ({ options }, value) => {
      options.pluginSetupTimeoutMs = parsePositive('--plugin-setup-timeout-ms', value!);
    },
  },
  {
    name: '--app-root',
    value: '<dir>',
    help: "launch and file paths must stay inside this directory;\nwithout it the agent may launch any folder's app and hand the\napp any file this user can read (set it for untrusted agents)",
    apply: ({ options }, value) => {
      options.appRoot = value;
    },
  },
  {
    name: '--allow-launch-switch',
    value: '<name>',
    repeatable: true,
    help: 'let electron_launch args use this switch beyond the safe list\n(e.g. proxy-server); repeatable, comma-separable',
    apply: ({ options }, value) => addGrant(options, '--allow-launch-switch', value!),
  },
  {
    name: '--allow-env',
    value: '<NAME>',
    repeatable: true,
    help: 'let electron_launch env set this name beyond the safe list;\nrepeatable, comma-separable (never NODE_OPTIONS, LD_*, ...)',
    apply: ({ options }, value) => addGrant(options, '--allow-env', value!),
  },
  {
    name: '--allow-executable',
    value: '<path>',
    repeatable: true,
    help: 'let electron_launch run this absolute executablePath outside\n--app-root; repeatable',
    apply: ({ options }, value) => addGrant(options, '--allow-executable', value!),
  },
  {
    name: '--screenshot-dir',
    value: '<dir>',
    help: 'where screenshots are written',
    apply: ({ options }, value) => {
      options.screenshotDir = value;
    },
  },
  {
    name: '--user-data-dir',
    value: '<dir>',
    help: 'launch apps on this persistent userData folder (default: a fresh\ntemporary one per launch, removed when it ends)',
    apply: ({ options }, value) => {
      options.userDataDir = value;
    },
  },
  {
    name: '--state-dir',
    value: '<dir>',
    help: 'where saved app states live (electron_stop saveState)',
    apply: ({ options }, value) => {
      options.stateDir = value;
    },
  },
  {
    name: '--operation-timeout-ms',
    value: '<ms>',
    help: 'backstop for every tool call (default: 120000)',
    apply: ({ options }, value) => {
      options.operationTimeoutMs = parsePositive('--operation-timeout-ms', value!);
    },
  },
  {
    name: '--transport',
    value: 'stdio|http',
    help: 'transport (default: stdio)',
    apply: ({ options }, value) => {
      if (!(TRANSPORTS as readonly string[]).includes(value!))
        throw new CliUsageError(`--transport: unknown transport "${value}"; accepted: ${TRANSPORTS.join(', ')}.`);
      options.transport = value as TransportName;
    },
  },
  {
    name: '--host',
    value: '<addr>',
    http: true,
    help: 'http: bind address (default: 127.0.0.1)',
    apply: ({ http }, value) => {
      http.host = value;
    },
  },
  {
    name: '--port',
    value: '<n>',
    http: true,
    help: 'http: port (default: 8931; 0 picks a free one)',
    apply: ({ http }, value) => {
      if (!/^\d+$/.test(value!) || Number(value) > 65535) throw new CliUsageError(`--port: expected 0-65535, got "${value}".`);
      http.port = Number(value);
    },
  },
  {
    name: '--allow-remote',
    http: true,
    help: 'http: allow a non-loopback --host (needs STAGEWRIGHT_HTTP_TOKEN)',
    apply: ({ http }) => {
      http.allowRemote = true;
    },
  },
  {
    name: '--allowed-host',
    value: '<name>',
    repeatable: true,
    http: true,
    help: 'http: also accept this Host/Origin name (e.g. a DNS name or proxy); repeatable',
    apply: ({ http }, value) => {
      http.allowedHosts = [...(http.allowedHosts ?? []), parseAllowedHost(value!)];
    },
  },
  {
    name: '--max-sessions',
    value: '<n>',
    http: true,
    help: 'http: concurrent MCP sessions (default: 8)',
    apply: ({ http }, value) => {
      http.maxSessions = parsePositive('--max-sessions', value!);
    },
  },
  {
    name: '--session-idle-ms',
    value: '<ms>',
    http: true,
    help: 'http: idle time after which a session and its apps end (default: 1800000)',
    apply: ({ http }, value) => {
      http.sessionIdleMs = parsePositive('--session-idle-ms', value!);
    },
  },
];
const FLAG_BY_NAME = new Map(FLAGS.map((flag) => [flag.name, flag]));

/** The `--help` lines of a flag table: the flag and its value in a 32-column field, then its text. */
function flagLines(flags: readonly Flag[]): string {
  const column = 32;
  return flags
    .map((flag) => {
      const value = flag.value === undefined ? '' : flag.optionalValue ? `[=${flag.value}]` : ` ${flag.value}`;
      const label = `${flag.name}${value}`;
      const lines = flag.help.split('\n');
      // A label too long for its column stands alone; its text starts on the next line.
      const [first, ...rest] = label.length < column ? lines : ['', ...lines];
      return [`  ${label.padEnd(column)}${first}`.trimEnd(), ...rest.map((line) => `${' '.repeat(column + 2)}${line}`)].join('\n');
    })
    .join('\n');
}

export const USAGE = `Usage: stagewright [serve] [options]

MCP server that lets AI agents drive real Electron apps (stdio or Streamable HTTP).

Options:
${flagLines(FLAGS)}
  -h, --help                      show this help
  -v, --version                   print the version

Commands (each answers --help):
  stagewright replay <spec.json...> [options]   run reviewed replay specs
  stagewright trace view|promote <trace.jsonl>  review a recorded trace, or promote it to a spec
  stagewright plugin init|check                 scaffold a plugin package, or check a built one
  stagewright production validate <app>         release checks of a packaged app (exit 0/1/2)
  stagewright daemon start|stop|status          the workspace's background server for agent commands
  stagewright skill install [--dir <dir>]       write the agent skill (SKILL.md + reference/)

Agent commands (a background server keeps the app between them; \`stagewright help\` lists all):
  stagewright launch ./app | snapshot | click e5 | type e3 "Ada" | expect-text "#status" --equals "Hello" | stop
  Each is a tool without its electron_ prefix; big answers go to files under .stagewright/;
  --json for scripts. Exit codes: 0 ok, 1 expectation not met, 2 usage, 3 element, 4 session,
  5 not permitted, 6 background server, 7 other tool error.

Environment:
  STAGEWRIGHT_HTTP_TOKEN=<token>  http: bearer token every request must carry (required with --allow-remote)
  STAGEWRIGHT_ELECTRON=<path>     Electron binary for every launch (else the app's own
                                  node_modules/electron, found from the launched app's folder);
                                  point it at libs/testing/fake-electron/bin/fake-electron.cjs
                                  to try apps without a real Electron
  STAGEWRIGHT_LOG_LEVEL=<level>   stderr log level: debug | info | warn | error (default: info)
  STAGEWRIGHT_DAEMON_FLAGS=<flags>
                                  server flags of the background server that the first agent
                                  command starts (default: none)
  CHROMIUM_PATH=<path>            headless Chromium of the fake-electron stand-in
                                  (default: /usr/bin/chromium)

Tool detail (accepted values, shapes, error codes, examples): the MCP resource
stagewright://tools (one tool: stagewright://tools/<name>), and TOOL-REFERENCE.md.
`;

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

function parsePositive(flag: string, value: string): number {
  const ms = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(ms) || ms <= 0)
    throw new CliUsageError(`${flag}: expected a positive integer${flag.endsWith('-ms') ? ' (ms)' : ''}, got "${value}".`);
  return ms;
}

/** The flag an argument names and the value written into it (`--flag=value`), checked against the table. */
function flagOf(arg: string, previous: string | undefined): { flag: Flag; inline: string | undefined } {
  if (!arg.startsWith('--')) {
    // An optional value must be written with `=`: say so when the next argument looks like one.
    const optional = previous === '--allow-eval' ? ['main', 'renderer'] : previous === '--allow-impersonation' ? IMPERSONATION_GRANTS : [];
    const hint = (optional as readonly string[]).includes(arg.split(',')[0]!) ? ` (write ${previous}=${arg})` : '';
    throw new CliUsageError(`unexpected argument "${arg}"${hint}; see --help.`);
  }
  const eq = arg.indexOf('=');
  const name = eq > 0 ? arg.slice(0, eq) : arg;
  const flag = FLAG_BY_NAME.get(name as Flag['name']);
  if (!flag) throw new CliUsageError(`unknown flag ${name}; see --help.`);
  const inline = eq > 0 ? arg.slice(eq + 1) : undefined;
  if (flag.value === undefined && inline !== undefined) throw new CliUsageError(`${name} takes no value.`);
  return { flag, inline };
}

/** Parse the command line (without `node` and the script). Pure: throws CliUsageError on misuse. */
export function parseCliArgs(argv: readonly string[]): CliCommand {
  const into: Parsed = {
    options: { allowEval: [], plugins: [], pluginWorkspaces: [], pluginConfigs: {}, transport: 'stdio' },
    http: {},
  };
  const seen = new Set<Flag>();
  for (let i = argv[0] === 'serve' ? 1 : 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') return { kind: 'help' };
    if (arg === '--version' || arg === '-v') return { kind: 'version' };
    const { flag, inline } = flagOf(arg, argv[i - 1]);
    if (seen.has(flag) && !flag.repeatable) throw new CliUsageError(`${flag.name} is given twice.`);
    seen.add(flag);
    let value = inline;
    if (flag.value !== undefined && !flag.optionalValue) {
      value ??= argv[++i];
      if (value === undefined || value.startsWith('--')) throw new CliUsageError(`${flag.name} needs a value; see --help.`);
      if (value.trim() === '') throw new CliUsageError(`${flag.name} needs a non-empty value; see --help.`);
    }
    flag.apply(into, value);
  }
  const httpFlag = [...seen].find((flag) => flag.http);
  if (httpFlag && into.options.transport !== 'http') throw new CliUsageError(`${httpFlag.name} applies to --transport http only.`);
  if (into.options.transport === 'http') into.options.http = into.http;
  return { kind: 'serve', options: into.options };
}

/** The server options a serve command stands for. */
export function toServerOptions(options: ServeOptions): StagewrightServerOptions {
  return {
    toolProfile: options.toolProfile,
    allowEval: options.allowEval,
    ...(options.allowImpersonation ? { allowImpersonation: options.allowImpersonation } : {}),
    plugins: options.plugins,
    ...(options.offer ? { offer: options.offer } : {}),
    ...(options.maxTools ? { maxTools: options.maxTools } : {}),
    pluginWorkspaces: options.pluginWorkspaces,
    pluginConfigs: options.pluginConfigs,
    appRoot: options.appRoot,
    screenshotDir: options.screenshotDir,
    operationTimeoutMs: options.operationTimeoutMs,
    pluginSetupTimeoutMs: options.pluginSetupTimeoutMs,
    ...(options.userDataDir ? { userDataDir: options.userDataDir } : {}),
    ...(options.stateDir ? { stateDir: options.stateDir } : {}),
    ...(options.launchGrants ? { launchGrants: options.launchGrants } : {}),
  };
}
