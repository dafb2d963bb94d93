import { type Check, LIMITS, check } from '../check.js';
import { type ToolOutcome, type ToolRunner, runTool } from './tool-runner.js';

/** How signature checks reach the platform's tools: injectable, so parsing is testable anywhere. */
export interface SignatureEnv {
  run: ToolRunner;
  /** The machine the checks run on (`process.platform`): a tool runs only on its own platform. */
  host: NodeJS.Platform;
  timeoutMs: number;
}

export const hostSignatureEnv = (): SignatureEnv => ({ run: runTool, host: process.platform, timeoutMs: LIMITS.toolMs });

const HOST_NAMES: Partial<Record<NodeJS.Platform, string>> = { darwin: 'macOS', win32: 'Windows', linux: 'Linux' };

/** The command as an operator would type it (display only: the tool gets the path as one argv entry). */
export const shown = (file: string, args: readonly string[]) =>
  [file, ...args].map((part) => (/^[\w@%+=:,./-]+$/.test(part) ? part : JSON.stringify(part))).join(' ');

export interface Probe {
  id: string;
  host: NodeJS.Platform;
  file: string;
  args: readonly string[];
  /** Shown instead of file + args where the tool gets its input another way (Windows). */
  display?: string;
  extraEnv?: Record<string, string>;
  /** The verdict from an exit; `undefined` means the output says nothing either way. */
  judge: (exit: Extract<ToolOutcome, { kind: 'exited' }>) => Check | undefined;
}

/** Runs a probe on its own platform within the time bound; anything short of an answer is `unknown` with the command. */
export async function runProbe(probe: Probe, env: SignatureEnv): Promise<Check> {
  const command = probe.display ?? shown(probe.file, probe.args);
  if (env.host !== probe.host) return check(probe.id, 'unknown', `Needs ${HOST_NAMES[probe.host]}: run ${command}`);
  const outcome = await env.run(probe.file, probe.args, { timeoutMs: env.timeoutMs, ...(probe.extraEnv ? { env: probe.extraEnv } : {}) });
  if (outcome.kind === 'missing') return check(probe.id, 'unknown', `${probe.file} is not on PATH here: run ${command}`);
  if (outcome.kind === 'timeout')
    return check(probe.id, 'unknown', `${probe.file} gave no answer within ${outcome.afterMs} ms and was stopped: run ${command}`);
  if (outcome.kind === 'failed') return check(probe.id, 'unknown', `${probe.file} could not run (${outcome.message}): run ${command}`);
  return (
    probe.judge(outcome) ??
    check(probe.id, 'unknown', `${probe.file} exited ${outcome.code}: ${firstLine(outcome)}. Run ${command} to see why.`)
  );
}

export const firstLine = (exit: { stdout: string; stderr: string }) =>
  (exit.stderr.trim() || exit.stdout.trim()).split('\n')[0]!.slice(0, 300) || 'no output';
