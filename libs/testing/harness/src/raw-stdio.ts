import { spawn } from 'node:child_process';
import { REPO_ROOT, SERVER_BUNDLE, assertBundleBuilt } from './stdio.js';

/** One JSON-RPC message from the server, as parsed from a stdout line. */
export interface RawMessage {
  jsonrpc?: string;
  id?: unknown;
  result?: any;
  error?: { code: number; message: string };
}

export interface RawStdio {
  /** Writes one line to the server's stdin: an object is serialized with `jsonrpc: '2.0'`, a string is sent as is. */
  send(line: Record<string, unknown> | string): void;
  /** Resolves with the response to `id` (rejects after `timeoutMs`). */
  answer(id: unknown, timeoutMs?: number): Promise<RawMessage>;
  /** Every stdout line so far, and stderr. */
  stdout(): string;
  stderr(): string;
  /** Closes stdin (the host going away) and resolves with the exit code. */
  close(): Promise<number | null>;
  readonly pid: number;
}

/**
 * The bundled server over raw stdio lines, for what an SDK client never sends: malformed or
 * oversized lines, non-object arguments, prototype keys. Every stdout line is kept, so a test can
 * check that nothing but JSON-RPC was written.
 */
export function rawStdio(args: string[] = [], env: Record<string, string> = {}): RawStdio {
  assertBundleBuilt();
  const child = spawn(process.execPath, [SERVER_BUNDLE, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const waiters: (() => void)[] = [];
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    for (const wake of waiters.splice(0)) wake();
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.on('error', () => undefined);
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  const find = (id: unknown) =>
    stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as RawMessage)
      .find((message) => message.id === id && ('result' in message || 'error' in message));
  return {
    pid: child.pid!,
    send: (line) => child.stdin.write(`${typeof line === 'string' ? line : JSON.stringify({ jsonrpc: '2.0', ...line })}\n`),
    async answer(id, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (let found = find(id); ; found = find(id)) {
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no answer to ${JSON.stringify(id)} within ${timeoutMs} ms; stderr:\n${stderr}`);
        await new Promise<void>((wake) => {
          waiters.push(wake);
          setTimeout(wake, 200);
        });
      }
    },
    stdout: () => stdout,
    stderr: () => stderr,
    close: () => {
      child.stdin.end();
      return exited;
    },
  };
}
