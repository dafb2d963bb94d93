import { readFileSync } from 'node:fs';
import { CliUsageError, parseCliArgs, toServerOptions } from '../cli.js';
import type { StagewrightServerOptions } from '../compose.js';
import type { SuppliedParams } from './parameters.js';

export interface ReplayArgs {
  specs: string[];
  params: SuppliedParams;
  json: boolean;
  junit?: string;
  shard?: { index: number; total: number };
  server: StagewrightServerOptions;
  help: boolean;
}

export const REPLAY_USAGE = `Usage: stagewright replay <spec.replay.json...> [options] [server options]
       stagewright replay export <spec.replay.json> --to playwright -o <file.spec.ts> (see replay export --help)

Runs each replay spec on a fresh server through the normal dispatcher; always stops its app.

Options:
  --param <name>=<value>   a declared parameter (converted to its type); repeatable
  --params-file <file>     a JSON object of parameter values (typed); --param wins
  --json                   print the results as JSON on stdout
  --junit <file>           write JUnit XML for CI
  --shard <i>/<n>          run only the i-th of n shards (specs sorted by path)
  server options           --tool-profile, --allow-eval, --allow-impersonation, --plugin, --plugin-workspace,
                           --plugin-config, --app-root, --allow-launch-switch, --allow-env,
                           --allow-executable, --screenshot-dir, --operation-timeout-ms,
                           --plugin-setup-timeout-ms
                           (a spec's app meets the same launch policy as electron_launch)
Exit codes: 0 pass, 1 checkpoint mismatch, 2 invalid spec or parameters, 3 launch failed,
4 infrastructure, 64 usage. Progress goes to stderr.
`;

function readParamsFile(file: string): SuppliedParams {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new CliUsageError(`--params-file ${file}: ${(error as Error).message}`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new CliUsageError(`--params-file ${file}: expected a JSON object`);
  return Object.fromEntries(Object.entries(parsed).map(([name, value]) => [name, { value, text: false }]));
}

function parseShard(value: string): { index: number; total: number } {
  const match = /^(\d+)\/(\d+)$/.exec(value);
  const index = Number(match?.[1]);
  const total = Number(match?.[2]);
  if (!match || total < 1 || index < 1 || index > total)
    throw new CliUsageError(`--shard: expected <i>/<n> with 1 <= i <= n, got "${value}"`);
  return { index, total };
}

/**
 * Replay's own flags; everything else that starts with `--` goes to the server's flag parser (so
 * the server flags mean exactly what they mean for `serve`). Spec files are the `.json` arguments.
 */
export function parseReplayArgs(argv: readonly string[]): ReplayArgs {
  const out: ReplayArgs = { specs: [], params: {}, json: false, server: {}, help: false };
  const serverFlags: string[] = [];
  let fileParams: SuppliedParams = {};
  const cliParams: SuppliedParams = {};
  const value = (flag: string, inline: string | undefined, i: number): [string, number] => {
    if (inline !== undefined) return [inline, i];
    const next = argv[i + 1];
    if (next === undefined || next.startsWith('--')) throw new CliUsageError(`${flag} needs a value; see stagewright replay --help`);
    return [next, i + 1];
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const eq = arg.indexOf('=');
    const flag = arg.startsWith('--') && eq > 0 ? arg.slice(0, eq) : arg;
    const inline = arg.startsWith('--') && eq > 0 ? arg.slice(eq + 1) : undefined;
    let v: string;
    if (arg === '--help' || arg === '-h') out.help = true;
    else if (flag === '--json') out.json = true;
    else if (flag === '--param') {
      [v, i] = value(flag, inline, i);
      const at = v.indexOf('=');
      if (at < 1) throw new CliUsageError(`--param: expected <name>=<value>, got "${v}"`);
      cliParams[v.slice(0, at)] = { value: v.slice(at + 1), text: true };
    } else if (flag === '--params-file') {
      [v, i] = value(flag, inline, i);
      fileParams = readParamsFile(v);
    } else if (flag === '--junit') [out.junit, i] = value(flag, inline, i);
    else if (flag === '--shard') {
      [v, i] = value(flag, inline, i);
      out.shard = parseShard(v);
    } else if (flag === '--transport') throw new CliUsageError('--transport: replay runs its servers in process; remove it');
    else if (arg.startsWith('--')) {
      serverFlags.push(arg);
      const next = argv[i + 1];
      if (
        eq < 0 &&
        flag !== '--allow-eval' &&
        flag !== '--allow-impersonation' &&
        next !== undefined &&
        !next.startsWith('--') &&
        !next.endsWith('.json')
      )
        serverFlags.push(argv[++i]);
    } else if (arg.endsWith('.json')) out.specs.push(arg);
    else throw new CliUsageError(`unexpected argument "${arg}": spec files end in .json; see stagewright replay --help`);
  }
  out.params = { ...fileParams, ...cliParams };
  if (out.help) return out;
  if (!out.specs.length) throw new CliUsageError('no spec given: stagewright replay <spec.replay.json...>; see --help');
  const command = parseCliArgs(serverFlags);
  if (command.kind !== 'serve') throw new CliUsageError('--version is not a replay option');
  out.server = toServerOptions(command.options);
  return out;
}

/** The specs of shard i of n: sorted by path, every n-th from the i-th, so each spec runs on exactly one shard. */
export function shardOf(specs: readonly string[], shard: ReplayArgs['shard']): string[] {
  const sorted = [...new Set(specs)].sort();
  return shard ? sorted.filter((_, k) => k % shard.total === shard.index - 1) : sorted;
}
