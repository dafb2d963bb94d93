import { spawn, type ChildProcess } from 'node:child_process';
import { readEnvelope } from '@stagewright/sdk';

export interface WireAnswer {
  /** The JSON-RPC response, or undefined when none came within the deadline. */
  response?: { result?: Record<string, unknown>; error?: { code: number; message: string } };
  ms: number;
}

/**
 * The bundled server over raw stdio lines, as a strict host sees it: every stdout line must be a
 * JSON-RPC 2.0 message, or it is counted as a protocol break. Requests are sent as text, so the
 * fuzzer can send what no SDK client would (prototype keys, non-object arguments, huge lines).
 */
export class RawWire {
  readonly child: ChildProcess;
  /** Stdout lines that were not JSON-RPC messages. */
  readonly protocolBreaks: string[] = [];
  private buffer = '';
  private nextId = 1;
  private readonly pending = new Map<number, (response: WireAnswer['response']) => void>();
  private exited = false;

  constructor(serverPath: string, args: string[], env: Record<string, string>) {
    this.child = spawn(process.execPath, [serverPath, ...args], { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    this.child.stdout!.on('data', (chunk: Buffer) => this.onData(chunk.toString('utf8')));
    this.child.stderr!.on('data', () => undefined);
    this.child.stdin!.on('error', () => undefined);
    this.child.on('exit', () => {
      this.exited = true;
      for (const settle of this.pending.values()) settle(undefined);
      this.pending.clear();
    });
  }

  get alive(): boolean {
    return !this.exited;
  }

  private onData(text: string): void {
    this.buffer += text;
    for (let newline = this.buffer.indexOf('\n'); newline >= 0; newline = this.buffer.indexOf('\n')) {
      const line = this.buffer.slice(0, newline);
      this.buffer = this.buffer.slice(newline + 1);
      if (!line.trim()) continue;
      let message: { jsonrpc?: string; id?: number; result?: Record<string, unknown>; error?: { code: number; message: string } };
      try {
        message = JSON.parse(line);
      } catch {
        this.protocolBreaks.push(line.slice(0, 200));
        continue;
      }
      if (message.jsonrpc !== '2.0') this.protocolBreaks.push(line.slice(0, 200));
      if (typeof message.id === 'number' && this.pending.has(message.id)) {
        this.pending.get(message.id)!(message);
        this.pending.delete(message.id);
      }
    }
  }

  /** Sends a request whose params are given as JSON text; resolves with the answer or after `deadlineMs`. */
  request(method: string, paramsJson: string, deadlineMs: number): Promise<WireAnswer> {
    const id = this.nextId++;
    const started = Date.now();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        resolve({ ms: Date.now() - started });
      }, deadlineMs);
      this.pending.set(id, (response) => {
        clearTimeout(timer);
        resolve({ response, ms: Date.now() - started });
      });
      if (this.exited) return;
      this.child.stdin!.write(`{"jsonrpc":"2.0","id":${id},"method":${JSON.stringify(method)},"params":${paramsJson}}\n`);
    });
  }

  notify(method: string): void {
    this.child.stdin!.write(`${JSON.stringify({ jsonrpc: '2.0', method })}\n`);
  }

  async initialize(): Promise<void> {
    const params = { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'stagewright-fuzz', version: '1' } };
    const answer = await this.request('initialize', JSON.stringify(params), 15_000);
    if (!answer.response?.result) throw new Error('the server did not answer initialize');
    this.notify('notifications/initialized');
  }

  /** A tools/call; the envelope parsed from its text block, if it has one. */
  async call(
    tool: string,
    argumentsJson: string,
    deadlineMs: number,
  ): Promise<{ envelope?: Record<string, unknown>; rpcError?: { code: number; message: string }; ms: number }> {
    const answer = await this.request('tools/call', `{"name":${JSON.stringify(tool)},"arguments":${argumentsJson}}`, deadlineMs);
    if (!answer.response) return { ms: answer.ms };
    if (answer.response.error) return { rpcError: answer.response.error, ms: answer.ms };
    const content = (answer.response.result?.content ?? []) as { type: string; text?: string }[];
    const envelope = readEnvelope(content);
    return envelope ? { envelope, ms: answer.ms } : { ms: answer.ms, rpcError: { code: 0, message: 'the result has no JSON text block' } };
  }

  /** Closes stdin (the host going away) and waits for the exit; kills after `ms`. */
  async close(ms = 15_000): Promise<number | null> {
    if (this.exited) return this.child.exitCode;
    const exit = new Promise<number | null>((resolve) => this.child.once('exit', (code) => resolve(code)));
    this.child.stdin!.end();
    const timer = setTimeout(() => this.child.kill('SIGKILL'), ms);
    const code = await exit;
    clearTimeout(timer);
    return code;
  }
}
