import { type ExecFileException, execFile } from 'node:child_process';

/** What running a platform tool gave: its exit, or why there was none. */
export type ToolOutcome =
  | { kind: 'exited'; code: number; stdout: string; stderr: string }
  | { kind: 'missing' }
  | { kind: 'timeout'; afterMs: number }
  | { kind: 'failed'; message: string };

export interface ToolRunOptions {
  timeoutMs: number;
  /** Extra environment: how a value reaches a tool that would otherwise parse it as code (PowerShell). */
  env?: Record<string, string>;
}

/**
 * Runs one fixed program with a fixed argv: never through a shell, so the app path is one argv
 * entry and is never parsed as a command. Killed (SIGKILL) at `timeoutMs`; output capped at 1 MiB.
 * Injected into the signature checks so their parsing can be unit-tested with canned outputs.
 */
export type ToolRunner = (file: string, args: readonly string[], options: ToolRunOptions) => Promise<ToolOutcome>;

const MAX_OUTPUT = 1024 * 1024;

export const runTool: ToolRunner = (file, args, { timeoutMs, env }) =>
  new Promise((resolve) => {
    const started = Date.now();
    execFile(
      file,
      [...args],
      {
        shell: false,
        timeout: timeoutMs,
        killSignal: 'SIGKILL',
        maxBuffer: MAX_OUTPUT,
        windowsHide: true,
        encoding: 'utf8',
        env: env ? { ...process.env, ...env } : process.env,
      },
      (error, stdout, stderr) => {
        if (!error) return resolve({ kind: 'exited', code: 0, stdout, stderr });
        const failure = error as ExecFileException;
        if (failure.code === 'ENOENT') return resolve({ kind: 'missing' });
        if (failure.killed && failure.signal === 'SIGKILL' && Date.now() - started >= timeoutMs)
          return resolve({ kind: 'timeout', afterMs: timeoutMs });
        if (typeof failure.code === 'number') return resolve({ kind: 'exited', code: failure.code, stdout, stderr });
        resolve({ kind: 'failed', message: failure.message.split('\n')[0]! });
      },
    );
  });
