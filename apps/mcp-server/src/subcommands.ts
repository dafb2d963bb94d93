import { installCrashHandlers } from './crash-handlers.js';

/**
 * Commands that are not the MCP server: `stagewright replay ...`, `stagewright trace ...` `stagewright plugin init|check ...`,
 * `stagewright production validate ...`, `stagewright daemon|skill ...` and the agent commands (`stagewright snapshot`).
 * They own stdout (no JSON-RPC runs) and resolve with their exit code. Loaded on use, as chunks of
 * the split bundle: replay compiles schemas with typebox's compiler, which a server start skips.
 */
export function subcommandOf(argv: readonly string[]): (() => Promise<number | undefined>) | undefined {
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
  if (argv[0] === 'daemon') return async () => (await import('./agent-cli/client.js')).daemonCommand(argv.slice(1));
  if (argv[0] === 'skill') {
    const io = { stdout: (t: string) => void process.stdout.write(t), stderr: (t: string) => void process.stderr.write(t) };
    return async () => (await import('./agent-cli/skill.js')).skillCommand(argv.slice(1), io);
  }
  // Any other bare word is an agent command (ADR-0047): `stagewright snapshot`, `stagewright click e5`.
  if (argv[0] !== undefined && argv[0] !== 'serve' && !argv[0].startsWith('-'))
    return async () => (await import('./agent-cli/client.js')).agentCommand(argv);
  return undefined;
}
