import { dirname, resolve } from 'node:path';
import { asksForHelp } from '../../cli.js';
import { OutputRefused, writeOutput } from '../../trace-cli/write-output.js';
import { STAGEWRIGHT_VERSION } from '../../version.js';
import { loadSpec } from '../load-spec.js';
import { SpecInvalid } from '../spec-problems.js';
import type { ReplaySpec } from '../spec-schema.js';
import { ExportRefused, playwrightFile, type ExportOptions } from './playwright-file.js';

export const EXPORT_USAGE = `Usage: stagewright replay export <spec.replay.json> --to playwright -o <file.spec.ts>
                                 [--unsupported refuse|fixme] [--allow-eval=main]
Writes a Playwright Test file of the spec (runs with @playwright/test alone; the app's executable is
$STAGEWRIGHT_ELECTRON or its electron package). Each run starts on a fresh data folder, kept across
the spec's electron_stop / electron_launch steps (close and relaunch), unless the spec names one.
ipc_invoke steps become electronApp.evaluate with --allow-eval=main (the grant the spec runs under;
a trace export reads it from the trace). Steps with no Playwright equivalent refuse the export,
listed, unless --unsupported fixme marks each one in the test (the other steps still run).
Exit codes: 0 written, 2 invalid spec, refused steps or refused output (a link), 64 usage.
`;

type Io = { stdout: (text: string) => void; stderr: (text: string) => void };

export class ExportUsage extends Error {}

/** The export flags shared by `replay export` and `trace export`. */
export interface ExportFlags {
  to?: string;
  unsupported: ExportOptions['unsupported'];
  /** `--allow-eval=main` (replay export): the spec runs under that grant, so main-process steps may be written. */
  mainProcess?: boolean;
}

/** Consumes --to / --unsupported at argv[i]; returns the index of the last argument used, or undefined. */
export function exportFlag(argv: readonly string[], i: number, flags: ExportFlags): number | undefined {
  const arg = argv[i];
  if (arg === '--allow-eval=main' || arg === '--allow-eval') {
    flags.mainProcess = true;
    return i;
  }
  if (arg !== '--to' && arg !== '--unsupported') return undefined;
  const value = argv[i + 1];
  if (value === undefined) throw new ExportUsage(`${arg} needs a value`);
  if (arg === '--to') flags.to = value;
  else if (value === 'refuse' || value === 'fixme') flags.unsupported = value;
  else throw new ExportUsage(`--unsupported: expected refuse or fixme, got "${value}"`);
  return i + 1;
}

export function checkTarget(flags: ExportFlags, out: string | undefined): string {
  if (flags.to !== 'playwright')
    throw new ExportUsage(`--to: the one export target is "playwright"${flags.to ? `, not "${flags.to}"` : ''}`);
  if (!out) throw new ExportUsage('-o <file.spec.ts> is required');
  return resolve(out);
}

/** Write the Playwright file of a spec to `target` (the operator's -o, on the operator's side of the trust boundary). */
export async function writePlaywright(spec: ReplaySpec, options: ExportOptions): Promise<number> {
  await writeOutput(options.out, playwrightFile(spec, options));
  return spec.steps.length;
}

/** `stagewright replay export ...`; resolves with the exit code. */
export async function replayExportCommand(argv: readonly string[], io: Io): Promise<number> {
  const flags: ExportFlags = { unsupported: 'refuse' };
  const files: string[] = [];
  let out: string | undefined;
  if (asksForHelp(argv)) {
    io.stdout(EXPORT_USAGE);
    return 0;
  }
  try {
    for (let i = 0; i < argv.length; i++) {
      const used = exportFlag(argv, i, flags);
      if (used !== undefined) i = used;
      else if (argv[i] === '--help' || argv[i] === '-h') {
        io.stdout(EXPORT_USAGE);
        return 0;
      } else if (argv[i] === '-o' || argv[i] === '--out') {
        out = argv[++i];
        if (out === undefined) throw new ExportUsage('-o needs a value');
      } else if (argv[i].startsWith('-')) throw new ExportUsage(`unknown option ${argv[i]}`);
      else files.push(argv[i]);
    }
    if (files.length !== 1) throw new ExportUsage('expected one spec file');
    const target = checkTarget(flags, out);
    const loaded = loadSpec(files[0]);
    const source = { kind: 'spec' as const, file: loaded.path };
    const options = {
      out: target,
      source,
      specDir: dirname(loaded.path),
      unsupported: flags.unsupported,
      version: STAGEWRIGHT_VERSION,
      mainProcess: flags.mainProcess === true,
    };
    const steps = await writePlaywright(loaded.spec, options);
    io.stderr(`replay export: wrote ${target} (${steps} steps); run it with: npx playwright test ${out}\n`);
    return 0;
  } catch (error) {
    if (error instanceof ExportUsage) {
      io.stderr(`stagewright replay export: ${error.message}; see stagewright replay export --help\n`);
      return 64;
    }
    if (error instanceof SpecInvalid) {
      io.stderr(`stagewright replay export: invalid spec:\n  ${error.problems.join('\n  ')}\n`);
      return 2;
    }
    if (error instanceof ExportRefused || error instanceof OutputRefused) {
      io.stderr(`stagewright replay export: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
}
