import { replayCommand } from './replay/replay-command.js';
import { traceCommand } from './trace-cli/trace-command.js';

/**
 * Commands that are not the MCP server: `stagewright replay ...` and `stagewright trace ...`.
 * They own stdout (no JSON-RPC runs) and resolve with their exit code.
 */
export function subcommandOf(argv: readonly string[]): (() => Promise<number>) | undefined {
  if (argv[0] === 'replay') return () => replayCommand(argv.slice(1));
  if (argv[0] === 'trace') return () => traceCommand(argv.slice(1));
  return undefined;
}
