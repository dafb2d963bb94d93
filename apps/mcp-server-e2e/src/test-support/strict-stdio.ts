// A host that is strict about stdout: every line the server writes must be one JSON-RPC 2.0
// message. Starts any command (node, npx, a host snippet's command) and records violations.
import { spawn } from 'node:child_process';

export interface StrictSession {
  /** Sends a request and resolves with its result; rejects on an error answer or after timeoutMs. */
  request(method: string, params?: Record<string, unknown>, timeoutMs?: number): Promise<any>;
  notify(method: string, params?: Record<string, unknown>): void;
  /** Every stdout line that is not a JSON-RPC 2.0 message. */
  violations(): string[];
  stderr(): string;
  /** Closes stdin and resolves with the exit code. */
  close(): Promise<number | null>;
}

export function startStrict(command: string, args: string[], options: { cwd?: string; env?: Record<string, string> } = {}): StrictSession {
  const child = spawn(command, args, { cwd: options.cwd, env: { ...process.env, ...options.env }, stdio: ['pipe', 'pipe', 'pipe'] });
  let buffer = '';
  let stderr = '';
  const bad: string[] = [];
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  child.stdout.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    for (let newline = buffer.indexOf('\n'); newline >= 0; newline = buffer.indexOf('\n')) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      let message: { jsonrpc?: string; id?: number; result?: unknown; error?: { message: string } };
      try {
        message = JSON.parse(line);
      } catch {
        bad.push(line);
        continue;
      }
      if (message?.jsonrpc !== '2.0') bad.push(line);
      const waiter = message.id === undefined ? undefined : pending.get(message.id);
      if (!waiter) continue;
      pending.delete(message.id!);
      if (message.error) waiter.reject(new Error(message.error.message));
      else waiter.resolve(message.result);
    }
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.on('error', () => undefined);
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  let nextId = 1;
  const write = (message: Record<string, unknown>) => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
  return {
    request(method, params = {}, timeoutMs = 120_000) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no answer to ${method} within ${timeoutMs} ms; stderr:\n${stderr}`)), timeoutMs);
        pending.set(id, {
          resolve: (value) => {
            clearTimeout(timer);
            resolve(value);
          },
          reject: (error) => {
            clearTimeout(timer);
            reject(error);
          },
        });
        write({ id, method, params });
      });
    },
    notify: (method, params = {}) => void write({ method, params }),
    violations: () => (buffer ? [...bad, buffer] : [...bad]),
    stderr: () => stderr,
    close: () => {
      child.stdin.end();
      return exited;
    },
  };
}

/** initialize + initialized, as every host begins. */
export async function initialize(session: StrictSession): Promise<any> {
  const result = await session.request('initialize', {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 'strict-host', version: '0' },
  });
  session.notify('notifications/initialized');
  return result;
}
