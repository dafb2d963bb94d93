import { installCrashHandlers } from './crash-handlers.js';

/**
 * Commands that are not the MCP server: `stagewright replay ...`, `stagewright trace ...` `stagewright plugin init|check ...` and `stagewright production validate ...`.
 * They own stdout (no JSON-RPC runs) and resolve with their exit code. Loaded on use, as chunks of
 * the split bundle: replay compiles schemas with typebox's compiler, which a server start skips.
 */
export function subcommandOf(argv: readonly string[]): (() => Promise<number>) | undefined {
  if (argv[0] === 'replay')
    return async () => {
      installCrashHandlers();
      return (await import('./replay/replay-command.js')).replayCommand(argv.slice(1));
    };
  if (argv[0] === 'plugin')
    return async () => {
      installCrashHandlers();
      return (await import('./plugin-cli/plugin-command.js')).pluginCommand(argv.slice(1));
    };
  if (argv[0] === 'production')
    return async () => {
      installCrashHandlers();
      return (await import('./production-cli/production-command.js')).productionCommand(argv.slice(1));
    };
  if (argv[0] === 'trace') return async () => (await import('./trace-cli/trace-command.js')).traceCommand(argv.slice(1));
  return undefined;
}
