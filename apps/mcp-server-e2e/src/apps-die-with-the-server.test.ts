// A host that crashes, is killed (SIGKILL) or simply closes the pipe must not leave the apps the
// server launched running: nothing else would ever stop them. Runs the bundle as a host does.
import { spawn, execFileSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fixturePath } from './test-support/shipped.js';
import { REPO_ROOT, SERVER_BUNDLE, assertBundleBuilt } from '@stagewright/harness';
import { electronExecutable } from '@stagewright/fake-electron';

interface Row {
  pid: number;
  ppid: number;
  args: string;
}

function processes(): Row[] {
  return execFileSync('ps', ['-eo', 'pid=,ppid=,stat=,args='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(\S+)\s+(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null && !m[3].startsWith('Z'))
    .map((m) => ({ pid: Number(m[1]), ppid: Number(m[2]), args: m[4] }));
}

/** A server spawned over stdio with its own TMPDIR, so every process of its apps names that folder or descends from the app. */
class RawServer {
  readonly tmp = mkdtempSync(join(tmpdir(), 'sw-orphans-'));
  readonly child: ChildProcessWithoutNullStreams;
  private stdout = '';
  private nextId = 1;
  private readonly seen = new Map<number, string>();

  constructor() {
    assertBundleBuilt();
    this.child = spawn(process.execPath, [SERVER_BUNDLE], {
      cwd: REPO_ROOT,
      env: { ...process.env, TMPDIR: this.tmp, STAGEWRIGHT_ELECTRON: electronExecutable() },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.child.stdout.on('data', (chunk: Buffer) => (this.stdout += chunk.toString()));
    this.child.stderr.resume();
  }

  async request(method: string, params: Record<string, unknown>): Promise<any> {
    const id = this.nextId++;
    this.child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    for (;;) {
      const line = this.stdout.split('\n').find((l) => l.includes(`"id":${id},`) || l.includes(`"id":${id}}`));
      if (line) return JSON.parse(line);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async launch(app: string): Promise<number> {
    await this.request('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '0' } });
    this.child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
    const answer = await this.request('tools/call', { name: 'electron_launch', arguments: { main: fixturePath(app as never) } });
    const envelope = JSON.parse(answer.result.content[0].text);
    if (!envelope.ok) throw new Error(JSON.stringify(envelope));
    this.remember();
    return envelope.pid;
  }

  /** Remember every process that belongs to this server's apps (pid -> command line, against pid reuse). */
  remember(): void {
    const rows = processes();
    const ours = new Set(rows.filter((r) => r.args.includes(this.tmp)).map((r) => r.pid));
    ours.add(this.child.pid!);
    for (let grew = true; grew; ) {
      grew = false;
      for (const row of rows) if (ours.has(row.ppid) && !ours.has(row.pid)) ours.add(row.pid), (grew = true);
    }
    for (const row of rows) if (ours.has(row.pid)) this.seen.set(row.pid, row.args);
  }

  /** Remembered processes still alive (but `except`), and anything naming the server's TMPDIR. */
  leftovers(except?: number): string[] {
    return processes()
      .filter((row) => row.pid !== except && (this.seen.get(row.pid) === row.args || row.args.includes(this.tmp)))
      .map((row) => `${row.pid} ${row.args.slice(0, 140)}`);
  }

  /** Polls until nothing is left or a generous deadline passed; returns what stayed. */
  async settle(except?: number, deadlineMs = 30_000): Promise<string[]> {
    const end = Date.now() + deadlineMs;
    let left = this.leftovers(except);
    while (left.length && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 250));
      left = this.leftovers(except);
    }
    return left;
  }

  exited(): Promise<void> {
    return this.child.exitCode !== null || this.child.signalCode !== null
      ? Promise.resolve()
      : new Promise((r) => this.child.once('exit', () => r()));
  }
}

let server: RawServer | undefined;
afterEach(() => {
  if (!server) return;
  for (const row of server.leftovers()) {
    try {
      process.kill(Number(row.split(' ')[0]), 'SIGKILL');
    } catch {
      // gone
    }
  }
  rmSync(server.tmp, { recursive: true, force: true });
  server = undefined;
});

describe('launched apps do not outlive the server', () => {
  it('a SIGKILLed server takes its app and every process of it along', { timeout: 90_000 }, async () => {
    server = new RawServer();
    const pid = await server.launch('bench');
    expect(server.leftovers().length).toBeGreaterThan(2);
    expect(server.leftovers().join('\n')).toContain(String(pid));
    server.child.kill('SIGKILL');
    await server.exited();
    expect(await server.settle()).toEqual([]);
  });

  it('stdin EOF ends the server and its app, and removes the temporary userData of the app (ADR-0033)', { timeout: 90_000 }, async () => {
    server = new RawServer();
    await server.launch('bench');
    const userData = join(server.tmp, `stagewright-${process.getuid?.() ?? userInfo().username}`, 'user-data');
    expect(readdirSync(userData)).toHaveLength(1);
    server.child.stdin.end();
    await server.exited();
    expect(server.child.exitCode).toBe(0);
    expect(await server.settle()).toEqual([]);
    expect(readdirSync(userData)).toEqual([]);
  });

  it('stdin EOF during a long call still ends the server and its app', { timeout: 90_000 }, async () => {
    server = new RawServer();
    await server.launch('bench');
    const call = {
      jsonrpc: '2.0',
      id: 99,
      method: 'tools/call',
      params: { name: 'electron_wait_for_selector', arguments: { selector: '#never', timeoutMs: 60_000 } },
    };
    server.child.stdin.write(`${JSON.stringify(call)}\n`);
    server.child.stdin.end();
    await server.exited();
    expect(await server.settle()).toEqual([]);
  });

  it('an app stopped normally leaves no watchdog behind while the server keeps running', { timeout: 90_000 }, async () => {
    server = new RawServer();
    await server.launch('bench');
    const stop = await server.request('tools/call', { name: 'electron_stop', arguments: {} });
    expect(JSON.parse(stop.result.content[0].text)).toMatchObject({ ok: true });
    server.remember();
    expect(await server.settle(server.child.pid)).toEqual([]);
    expect(server.child.exitCode).toBeNull();
    server.child.stdin.end();
    await server.exited();
  });
});
