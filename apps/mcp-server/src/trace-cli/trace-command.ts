import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { checkTarget, exportFlag, ExportUsage, writePlaywright, type ExportFlags } from '../replay/export/export-command.js';
import { ExportRefused } from '../replay/export/playwright-file.js';
import type { ReplaySpec } from '../replay/spec-schema.js';
import { STAGEWRIGHT_VERSION } from '../version.js';
import { promote, PromoteError, type ParamChoice } from './promote.js';
import { readTrace, TraceUnreadable } from './read-trace.js';
import { traceHtml } from './view-html.js';
import { OutputRefused, writeOutput } from './write-output.js';
import { asksForHelp } from '../cli.js';

export const TRACE_USAGE = `Usage:
  stagewright trace view <trace.jsonl> [-o <page.html>]
      Write one self-contained HTML page of the trace (default: next to it, .html).
  stagewright trace promote <trace.jsonl> -o <spec.replay.json> [--keep <seq,...|a-b>]
                            [--param <name>=<seq>:<pointer>]... [--name <name>]
      Turn the trace into a replay spec: the launch becomes "app", kept calls become steps
      (default: every successful call after the launch), --param makes the value at that JSON
      Pointer of call <seq> (and every equal argument) a parameter, redacted values become secret
      parameters, read calls add checkpoints, refs become the stable locators the trace recorded
      (a ref without one refuses, naming the call). Review the spec, then: stagewright replay <spec>.
  stagewright trace export <trace.jsonl> --to playwright -o <file.spec.ts> [promote's options]
                           [--unsupported refuse|fixme]
      Promote in memory, then write a Playwright Test file (see stagewright replay export --help).
Exit codes: 0 done, 2 unreadable trace, impossible promotion, steps with no Playwright equivalent
or refused output (a link), 64 usage.
`;

class Usage extends Error {}

function seqList(value: string): number[] {
  return value.split(',').flatMap((part) => {
    const m = /^(\d+)(?:-(\d+))?$/.exec(part.trim());
    if (!m) throw new Usage(`--keep: expected numbers or ranges like 1,3-5, got "${value}"`);
    const from = Number(m[1]);
    const to = Number(m[2] ?? m[1]);
    return Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
  });
}

function paramChoice(value: string): ParamChoice {
  const m = /^([^=]+)=(\d+):(\/.*)$/.exec(value);
  if (!m) throw new Usage(`--param: expected <name>=<seq>:<pointer> (e.g. name=3:/text), got "${value}"`);
  return { name: m[1], seq: Number(m[2]), pointer: m[3] };
}

/** The published schema, found from this bundle or source file upwards; else its public id. */
function schemaRef(out: string): string {
  for (let dir = import.meta.dirname, i = 0; i < 6; i++, dir = dirname(dir)) {
    const file = join(dir, 'schemas', 'replay-spec.v1.json');
    if (existsSync(file)) return relative(dirname(out), file);
  }
  return 'https://stagewright.dev/schemas/replay-spec.v1.json';
}

/** `stagewright trace view|promote ...`; resolves with the exit code. */
export async function traceCommand(
  argv: readonly string[],
  io = { stdout: (t: string) => void process.stdout.write(t), stderr: (t: string) => void process.stderr.write(t) },
): Promise<number> {
  const [verb, ...rest] = argv;
  if (!verb || asksForHelp(argv)) {
    io.stdout(TRACE_USAGE);
    return verb ? 0 : 64;
  }
  try {
    const { files, out, keep, name, params, flags } = traceArgs(verb, rest);
    if (files.length !== 1) throw new Usage(`trace ${verb}: expected one trace file`);
    if (verb === 'view') {
      const target = resolve(out ?? `${files[0].replace(/(\.trace)?\.jsonl$/, '')}.html`);
      await writeOutput(target, traceHtml(readTrace(files[0])));
      io.stderr(`trace view: wrote ${target}\n`);
      return 0;
    }
    if (verb === 'promote') {
      if (!out) throw new Usage('trace promote: -o <spec.replay.json> is required');
      const target = resolve(out);
      const { spec, notes } = promote(readTrace(files[0]), { out: target, keep, params, name, schemaRef: schemaRef(target) });
      await writeOutput(target, `${JSON.stringify(spec, null, 2)}\n`);
      for (const note of notes) io.stderr(`trace promote: ${note}\n`);
      io.stderr(`trace promote: wrote ${target} (${(spec.steps as unknown[]).length} steps); review it, then: stagewright replay ${out}\n`);
      return 0;
    }
    if (verb === 'export') {
      return await traceExport(files[0], { out, keep, name, params, flags }, io);
    }
    throw new Usage(`unknown trace command "${verb}": view, promote or export`);
  } catch (error) {
    if (error instanceof Usage || error instanceof ExportUsage) {
      io.stderr(`stagewright trace: ${error.message}; see stagewright trace --help\n`);
      return 64;
    }
    if (
      error instanceof TraceUnreadable ||
      error instanceof PromoteError ||
      error instanceof OutputRefused ||
      error instanceof ExportRefused
    ) {
      io.stderr(`stagewright trace: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
}

type TraceArgs = {
  files: string[];
  out: string | undefined;
  keep: number[] | undefined;
  name: string | undefined;
  params: ParamChoice[];
  flags: ExportFlags;
};

/** The trace files and flags after the verb (export also takes its own flags). */
function traceArgs(verb: string, rest: readonly string[]): TraceArgs {
  const files: string[] = [];
  let out: string | undefined;
  let keep: number[] | undefined;
  let name: string | undefined;
  const params: ParamChoice[] = [];
  const flags: ExportFlags = { unsupported: 'refuse' };
  const promoting = verb === 'promote' || verb === 'export';
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    const used = verb === 'export' ? exportFlag(rest, i, flags) : undefined;
    if (used !== undefined) {
      i = used;
      continue;
    }
    const next = () => {
      const v = rest[++i];
      if (v === undefined) throw new Usage(`${arg} needs a value`);
      return v;
    };
    if (arg === '-o' || arg === '--out') out = next();
    else if (arg === '--keep' && promoting) keep = seqList(next());
    else if (arg === '--param' && promoting) params.push(paramChoice(next()));
    else if (arg === '--name' && promoting) name = next();
    else if (arg.startsWith('-')) throw new Usage(`unknown option ${arg}`);
    else files.push(arg);
  }
  return { files, out, keep, name, params, flags };
}

/** `trace export`: promote in memory, then write the Playwright test. */
async function traceExport(file: string, args: Omit<TraceArgs, 'files'>, io: { stderr: (t: string) => void }): Promise<number> {
  const { out, keep, name, params, flags } = args;
  const target = checkTarget(flags, out);
  const trace = readTrace(file);
  const { spec, notes } = promote(trace, { out: target, keep, params, name, schemaRef: schemaRef(target) });
  for (const note of notes) io.stderr(`trace export: ${note}\n`);
  const source = { kind: 'trace' as const, file: resolve(file) };
  // Main-process steps are written when the recording itself had the grant.
  const mainProcess = trace.header.server?.allowEval?.includes('main') === true;
  const options = {
    out: target,
    source,
    specDir: dirname(target),
    unsupported: flags.unsupported,
    version: STAGEWRIGHT_VERSION,
    mainProcess,
  };
  const steps = await writePlaywright(spec as unknown as ReplaySpec, options);
  io.stderr(`trace export: wrote ${target} (${steps} steps); run it with: npx playwright test ${out}\n`);
  return 0;
}
