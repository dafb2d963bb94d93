// Every command and subcommand answers --help (or -h, anywhere before `--`) with its usage on stdout
// and exit 0, without running anything: an operator who asks how to call a command must never get a
// usage error for asking. The serve flags and their --help lines come from one table, so each
// documented flag must also be accepted.
import { describe, expect, it } from 'vitest';
import { asksForHelp, parseCliArgs, USAGE } from './cli.js';
import { pluginCommand } from './plugin-cli/plugin-command.js';
import { productionCommand } from './production-cli/production-command.js';
import { replayCommand } from './replay/replay-command.js';
import { traceCommand } from './trace-cli/trace-command.js';
import { daemonCommand } from './agent-cli/client.js';
import { skillCommand } from './agent-cli/skill.js';

type Command = (argv: readonly string[], io: { stdout: (t: string) => void; stderr: (t: string) => void }) => Promise<number>;

const COMMANDS: [string, Command, string[]][] = [
  ['replay', replayCommand as Command, ['--help']],
  ['replay', replayCommand as Command, ['spec.replay.json', '--shard', '-h']],
  ['replay export', replayCommand as Command, ['export', '--help']],
  ['trace', traceCommand as Command, ['--help']],
  ['trace view', traceCommand as Command, ['view', '--help']],
  ['trace promote', traceCommand as Command, ['promote', 'x.trace.jsonl', '-h']],
  ['plugin', pluginCommand as Command, ['--help']],
  ['plugin init', pluginCommand as Command, ['init', '--help']],
  ['plugin check', pluginCommand as Command, ['check', '--help']],
  ['production', productionCommand as Command, ['--help']],
  ['production validate', productionCommand as Command, ['validate', '--help']],
  ['production validate', productionCommand as Command, ['validate', './app', '--checks', 'fuses', '-h']],
  ['daemon', daemonCommand as Command, ['--help']],
  ['daemon start', daemonCommand as Command, ['start', '--allow-eval', '-h']],
  ['skill install', skillCommand as Command, ['install', '--help']],
];

describe('--help', () => {
  it.each(COMMANDS)('%s %j prints its usage and exits 0', async (_name, command, argv) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await command(argv, { stdout: (t) => void out.push(t), stderr: (t) => void err.push(t) });
    expect({ code, stderr: err.join('') }).toEqual({ code: 0, stderr: '' });
    expect(out.join('')).toMatch(/^Usage/);
  });

  it('the server answers it after any flags', () => {
    expect(parseCliArgs(['--plugin', 'trace', '-h'])).toEqual({ kind: 'help' });
    expect(asksForHelp(['replay', '--', '--help'])).toBe(false);
  });

  it('every flag --help documents is accepted, so the table and the text cannot drift', () => {
    const documented = [...USAGE.matchAll(/^ {2}(--[a-z-]+)(\[=|\s<|\s[a-z]+\||\s{2,})/gm)].map((match) => match[1]!);
    expect(documented.length).toBeGreaterThan(15);
    for (const flag of documented) {
      const argv = flag === '--allow-remote' || flag === '--allow-eval' ? [flag] : [flag, 'x'];
      try {
        parseCliArgs(['--transport', 'http', ...argv]);
      } catch (error) {
        expect((error as Error).message, flag).not.toMatch(/unknown flag/);
      }
    }
  });
});
