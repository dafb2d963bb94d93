import { run } from './run.js';
import { subcommandOf } from './subcommands.js';

/** The CLI, once main.ts has put reflect-metadata and stdout reserved for JSON-RPC (stdout-channel.ts). */
export function start(argv: readonly string[]): void {
  const subcommand = subcommandOf(argv);
  // A subcommand's stdout (--json) is flushed before exiting: a pipe would otherwise be cut short.
  (subcommand
    ? subcommand().then((code) => new Promise<number | undefined>((done) => process.stdout.write('', () => done(code))))
    : run(argv)
  ).then((code) => {
    if (code !== undefined) process.exit(code);
  });
}
