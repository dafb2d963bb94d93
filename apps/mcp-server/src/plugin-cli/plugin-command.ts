import { InitRefused, initPlugin } from './plugin-init.js';
import { checkPlugin, formatCheck } from './plugin-check.js';
import { asksForHelp } from '../cli.js';

export const PLUGIN_USAGE = `Usage:
  stagewright plugin init <name> [<dir>] [--tarballs <dir>] [--sdk <v|tgz>] [--testing <v|tgz>] [--server <v|tgz>]
      Write a plugin package into <dir> (default: ./<name>; it must be empty or absent):
      package.json, tsconfig.json, src/index.ts (one tool), src/<name>.test.ts (a fixture app on
      the stand-in runtime, through @stagewright/testing), build.mjs (esbuild), README.md.
      Packages come from the published versions, or from tarballs (--tarballs: the folder holding
      stagewright-*.tgz, stagewright-sdk-*.tgz and stagewright-testing-*.tgz).
      Then: npm install && npm test && npm run build && npm run check
  stagewright plugin check <entry.mjs> [--config <json>] [--json]
      Load the built plugin as the server does and check it: the plugin contract, each tool's
      listing cost in BPE (o200k_base) against ADR-0037 (200 per tool, 160 on average), error
      codes (core codes, or its own declared <name>.CODE), the config schema (--config: the
      config to load it with, as --plugin-config would give it).
Exit codes: 0 passed, 1 check failed, 2 refused (init into a non-empty folder, bad name), 64 usage.
`;

class Usage extends Error {}

type Io = { stdout: (text: string) => void; stderr: (text: string) => void };

function parse(argv: readonly string[], valued: readonly string[], flags: readonly string[]) {
  const positional: string[] = [];
  const values: Record<string, string> = {};
  const set = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (valued.includes(arg)) {
      const value = argv[++i];
      if (value === undefined) throw new Usage(`${arg} needs a value.`);
      values[arg] = value;
    } else if (flags.includes(arg)) set.add(arg);
    else if (arg.startsWith('-')) throw new Usage(`unknown option ${arg}.`);
    else positional.push(arg);
  }
  return { positional, values, set };
}

/** `stagewright plugin init|check ...`; resolves with the exit code. */
export async function pluginCommand(
  argv: readonly string[],
  io: Io = { stdout: (t) => void process.stdout.write(t), stderr: (t) => void process.stderr.write(t) },
  cwd = process.cwd(),
): Promise<number> {
  const [verb, ...rest] = argv;
  try {
    if (verb === undefined || asksForHelp(argv)) {
      io.stdout(PLUGIN_USAGE);
      return verb === undefined ? 64 : 0;
    }
    if (verb === 'init') {
      const { positional, values } = parse(rest, ['--tarballs', '--sdk', '--testing', '--server'], []);
      const [name, dir, extra] = positional;
      if (!name || extra !== undefined) throw new Usage('plugin init takes a name and an optional folder.');
      const written = initPlugin({
        name,
        dir: dir ?? name,
        cwd,
        tarballs: values['--tarballs'],
        sdk: values['--sdk'],
        testing: values['--testing'],
        server: values['--server'],
      });
      io.stdout(
        `Wrote ${written.files.length} files to ${written.dir}:\n${written.files.map((file) => `  ${file}`).join('\n')}\n` +
          `Next: cd ${dir ?? name} && npm install && npm test && npm run build && npm run check\n`,
      );
      return 0;
    }
    if (verb === 'check') {
      const { positional, values, set } = parse(rest, ['--config'], ['--json']);
      if (positional.length !== 1) throw new Usage('plugin check takes one entry file (the built plugin, e.g. ./dist/index.mjs).');
      let config: unknown;
      if (values['--config'] !== undefined) {
        try {
          config = JSON.parse(values['--config']);
        } catch (error) {
          throw new Usage(`--config: not valid JSON (${(error as Error).message}).`);
        }
      }
      const report = await checkPlugin(positional[0]!, { cwd, config });
      io.stdout(set.has('--json') ? `${JSON.stringify(report, null, 2)}\n` : formatCheck(report));
      return report.ok ? 0 : 1;
    }
    throw new Usage(`unknown plugin command "${verb}".`);
  } catch (error) {
    if (error instanceof Usage) {
      io.stderr(`stagewright plugin: ${error.message}\n${PLUGIN_USAGE}`);
      return 64;
    }
    if (error instanceof InitRefused) {
      io.stderr(`stagewright plugin init: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
}
