import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { asksForHelp, CliUsageError } from '../cli.js';
import type { DriverOptions } from '@stagewright/sdk';
import { junitXml } from './junit.js';
import { parseReplayArgs, REPLAY_USAGE, shardOf } from './replay-args.js';
import { runSpec, ServerFlagsInvalid } from './run-spec.js';
import { EXIT, exitCodeOf, type SpecResult } from './spec-result.js';

export interface ReplayIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Tests point the driver at the fake-electron stand-in. */
  driverOptions?: DriverOptions;
}

const processIo: ReplayIo = { stdout: (t) => process.stdout.write(t), stderr: (t) => process.stderr.write(t) };

/** `stagewright replay ...` (or `replay export ...`): resolves with the exit code (see REPLAY_USAGE). */
export async function replayCommand(argv: readonly string[], io: ReplayIo = processIo): Promise<number> {
  if (argv[0] === 'export') return (await import('./export/export-command.js')).replayExportCommand(argv.slice(1), io);
  if (asksForHelp(argv)) {
    io.stdout(REPLAY_USAGE);
    return 0;
  }
  let args: ReturnType<typeof parseReplayArgs>;
  try {
    args = parseReplayArgs(argv);
  } catch (error) {
    if (!(error instanceof CliUsageError)) throw error;
    io.stderr(`stagewright replay: ${error.message}\n`);
    return EXIT.usage;
  }
  if (args.help) {
    io.stdout(REPLAY_USAGE);
    return 0;
  }
  const specs = shardOf(args.specs, args.shard);
  if (args.shard)
    io.stderr(`replay: shard ${args.shard.index}/${args.shard.total}: ${specs.length} of ${new Set(args.specs).size} specs\n`);
  const results: SpecResult[] = [];
  for (const spec of specs) {
    try {
      results.push(
        await runSpec(spec, {
          server: { ...args.server, driverOptions: io.driverOptions },
          params: args.params,
          progress: (line) => io.stderr(`${line}\n`),
        }),
      );
    } catch (error) {
      if (!(error instanceof ServerFlagsInvalid)) throw error;
      io.stderr(`stagewright replay: ${error.message}\n`);
      return EXIT.usage;
    }
  }
  const code = exitCodeOf(results);
  const passed = results.filter((r) => r.status === 'passed').length;
  io.stderr(`replay: ${passed} passed, ${results.length - passed} not passed (exit ${code})\n`);
  if (args.junit) {
    try {
      mkdirSync(dirname(args.junit), { recursive: true });
      writeFileSync(args.junit, junitXml(results));
    } catch (error) {
      io.stderr(`stagewright replay: cannot write --junit ${args.junit}: ${(error as Error).message}\n`);
      return EXIT.error;
    }
  }
  if (args.json) io.stdout(`${JSON.stringify({ exitCode: code, results }, null, 2)}\n`);
  return code;
}
