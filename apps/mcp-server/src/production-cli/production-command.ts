import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { readEnvelope } from '@stagewright/sdk';
import { asksForHelp } from '../cli.js';
import { createStagewrightServer } from '../compose.js';

export const PRODUCTION_USAGE = `Usage:
  stagewright production validate <app> [--checks <group,...>] [--app-root <dir>] [--json]
      Release checks of a packaged app (the folder a packager wrote, the executable or the .app
      bundle), with no session: production_validate (fuses, asar, package, signatures: codesign,
      stapler, spctl, Authenticode or the AppImage signature, run where this machine has the
      tool) and production_packaging (url-schemes, updater, crash-reporter). --checks picks
      groups of either; --json prints only the JSON report on stdout.
Exit codes: 0 every check passed, 1 a check failed, 2 cannot check (a check is unknown, or the
path is missing or outside --app-root), 64 usage.
`;

const GROUPS = {
  production_validate: ['fuses', 'asar', 'package', 'signatures'],
  production_packaging: ['url-schemes', 'updater', 'crash-reporter'],
} as const;
const ALL_GROUPS: readonly string[] = Object.values(GROUPS).flat();

class Usage extends Error {}

type Io = { stdout: (text: string) => void; stderr: (text: string) => void };
interface Checked {
  id: string;
  verdict: 'pass' | 'fail' | 'unknown';
  reason: string;
}
interface Envelope {
  ok: boolean;
  code?: string;
  error?: string;
  checks?: Checked[];
  platform?: string;
  executable?: string | null;
}

function parse(argv: readonly string[]) {
  let app: string | undefined;
  let checks: string[] | undefined;
  let appRoot: string | undefined;
  let json = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--json') json = true;
    else if (arg === '--checks' || arg === '--app-root') {
      const value = argv[++i];
      if (value === undefined || value === '') throw new Usage(`${arg} needs a value.`);
      if (arg === '--app-root') appRoot = value;
      else checks = value.split(',').map((group) => group.trim());
    } else if (arg.startsWith('-')) throw new Usage(`unknown option ${arg}.`);
    else if (app === undefined) app = arg;
    else throw new Usage('production validate takes one app path.');
  }
  if (app === undefined) throw new Usage('production validate needs the app path.');
  const unknown = (checks ?? []).filter((group) => !ALL_GROUPS.includes(group));
  if (unknown.length) throw new Usage(`--checks: unknown group ${unknown.join(', ')}; use ${ALL_GROUPS.join(', ')}.`);
  return { app, checks, appRoot, json };
}

/** Calls the production plugin's tools through a real client on an in-memory pair, as a host would. */
async function callTools(app: string, checks: string[] | undefined, appRoot: string | undefined, cwd: string) {
  const server = await createStagewrightServer({ plugins: ['production'], cwd, ...(appRoot ? { appRoot } : {}) });
  const client = new Client({ name: 'stagewright-production-validate', version: '0.0.0' });
  const answers: { tool: string; envelope: Envelope }[] = [];
  try {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    await client.connect(clientSide);
    for (const [tool, groups] of Object.entries(GROUPS)) {
      const wanted = checks?.filter((group) => (groups as readonly string[]).includes(group));
      if (wanted && !wanted.length) continue;
      const result = (await client.callTool({ name: tool, arguments: { path: app, ...(wanted ? { checks: wanted } : {}) } })) as {
        content: { type: string; text?: string }[];
      };
      answers.push({ tool, envelope: (readEnvelope(result.content) ?? { ok: false }) as unknown as Envelope });
    }
  } finally {
    await client.close();
    await server.close();
  }
  return answers;
}

const EXIT = { pass: 0, fail: 1, unknown: 2 } as const;

/** `stagewright production validate <app>`; resolves with the exit code. */
export async function productionCommand(
  argv: readonly string[],
  io: Io = { stdout: (t) => void process.stdout.write(t), stderr: (t) => void process.stderr.write(t) },
  cwd = process.cwd(),
): Promise<number> {
  const [verb, ...rest] = argv;
  if (asksForHelp(argv)) {
    io.stdout(PRODUCTION_USAGE);
    return 0;
  }
  let options: ReturnType<typeof parse>;
  try {
    if (verb !== 'validate') throw new Usage(verb === undefined ? 'a command is needed.' : `unknown production command "${verb}".`);
    options = parse(rest);
  } catch (error) {
    if (!(error instanceof Usage)) throw error;
    io.stderr(`stagewright production: ${error.message}\n${PRODUCTION_USAGE}`);
    return 64;
  }
  let answers: Awaited<ReturnType<typeof callTools>>;
  try {
    answers = await callTools(options.app, options.checks, options.appRoot, cwd);
  } catch (error) {
    // The plugin did not load (not built, not shipped) or the server refused an option: nothing was checked.
    const message = (error as Error).message;
    if (options.json)
      io.stdout(
        `${JSON.stringify({ app: options.app, verdict: 'unknown', exitCode: 2, error: { code: 'NOT_CHECKED', message } }, null, 2)}\n`,
      );
    io.stderr(`production validate: cannot check: ${message}\n`);
    return 2;
  }
  const refused = answers.find((answer) => !answer.envelope.ok);
  if (refused) {
    const { code, error } = refused.envelope;
    if (options.json)
      io.stdout(`${JSON.stringify({ app: options.app, verdict: 'unknown', exitCode: 2, error: { code, message: error } }, null, 2)}\n`);
    io.stderr(`production validate: ${code}: ${error}\n`);
    return 2;
  }
  const checks = answers.flatMap((answer) => answer.envelope.checks ?? []);
  const counts = { pass: 0, fail: 0, unknown: 0 };
  for (const found of checks) counts[found.verdict] += 1;
  const verdict = counts.fail ? 'fail' : counts.unknown || !checks.length ? 'unknown' : 'pass';
  const { platform, executable } = answers[0]!.envelope;
  if (options.json)
    io.stdout(`${JSON.stringify({ app: options.app, verdict, exitCode: EXIT[verdict], counts, platform, executable, checks }, null, 2)}\n`);
  else {
    io.stdout(`production validate ${options.app} (${platform})\n`);
    for (const found of checks) io.stdout(`  ${found.verdict.padEnd(7)} ${found.id}: ${found.reason}\n`);
    io.stdout(`${verdict}: ${counts.pass} passed, ${counts.fail} failed, ${counts.unknown} unknown (exit ${EXIT[verdict]})\n`);
  }
  return EXIT[verdict];
}
