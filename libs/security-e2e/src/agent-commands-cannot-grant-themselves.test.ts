// The agent command line (ADR-0047) keeps the MCP server's trust line: the operator's flags are
// set when the background server starts, never by a command's arguments, and the server is
// reachable only by this user — a socket in a 0700 folder, and a token from a 0600 file on every
// request. No app is launched: the refusals come before any.
import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_BUNDLE, assertBundleBuilt } from '@stagewright/harness';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

let runtime: string;
let work: string;

function sw(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [SERVER_BUNDLE, ...args],
      { cwd: work, env: { ...process.env, XDG_RUNTIME_DIR: runtime, STAGEWRIGHT_DAEMON_FLAGS: '', ...env }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** One raw request on the socket, as another process of this machine could send it. */
function raw(socket: string, request: Record<string, unknown>): Promise<{ exitCode: number; stderr?: string; status?: unknown }> {
  return new Promise((resolve, reject) => {
    const client = connect(socket);
    let data = '';
    client.setEncoding('utf8');
    client.once('connect', () => client.write(`${JSON.stringify(request)}\n`));
    client.on('data', (chunk: string) => {
      data += chunk;
    });
    client.once('end', () => resolve(JSON.parse(data)));
    client.once('error', reject);
  });
}

const mode = (path: string) => statSync(path).mode & 0o777;

beforeAll(() => {
  assertBundleBuilt();
  runtime = mkdtempSync(join(tmpdir(), 'sw-sec-run-'));
  work = mkdtempSync(join(tmpdir(), 'sw-sec-cli-'));
});
afterAll(async () => {
  await sw(['daemon', 'stop']);
  rmSync(runtime, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});

describe('agent commands', () => {
  let dir: string;

  it('cannot grant themselves eval: a gated tool is refused with its code, an operator flag is an unknown flag', async () => {
    // The first command starts the server, with no grant.
    const evalMain = await sw(['eval-main', 'process.pid', '--allow-eval']);
    expect(evalMain).toMatchObject({ code: 5, stdout: expect.stringMatching(/^error EVAL_NOT_ALLOWED: /) });
    const evalRenderer = await sw(['eval-renderer', 'document.title', '--allow-eval=renderer']);
    expect(evalRenderer).toMatchObject({ code: 5, stdout: expect.stringMatching(/^error EVAL_NOT_ALLOWED: /) });
    for (const flag of [['--allow-eval=main'], ['--plugin', 'trace'], ['--app-root', '/']]) {
      const run = await sw(['status', ...flag]);
      expect(run, flag.join(' ')).toMatchObject({ code: 2, stderr: expect.stringContaining(`unknown flag ${flag[0]!.split('=')[0]}`) });
    }
    // Starting the running server again with a grant is refused; it keeps its flags.
    const restart = await sw(['daemon', 'start', '--allow-eval']);
    expect(restart).toMatchObject({ code: 2, stderr: expect.stringContaining('already runs') });
    expect((await sw(['eval-main', 'process.pid'])).code).toBe(5);
  });

  it('the server listens only for this user: 0700 folders, 0600 socket and token', () => {
    const base = join(runtime, readdirSync(runtime).find((name) => name.startsWith('stagewright-'))!);
    dir = join(base, readdirSync(base).find((name) => name.startsWith('cli-'))!);
    expect({ base: mode(base), dir: mode(dir), socket: mode(join(dir, 'daemon.sock')), token: mode(join(dir, 'token')) }).toEqual({
      base: 0o700,
      dir: 0o700,
      socket: 0o600,
      token: 0o600,
    });
  });

  it('refuses a request without the token, or with a wrong one', async () => {
    const socket = join(dir, 'daemon.sock');
    const token = readFileSync(join(dir, 'token'), 'utf8');
    for (const request of [
      { op: 'status' },
      { op: 'status', token: 'x'.repeat(token.length) },
      { op: 'call', argv: ['status'], token: '' },
    ]) {
      expect(await raw(socket, request), JSON.stringify(request)).toEqual({ exitCode: 6, stderr: expect.stringContaining('refused') });
    }
    expect(await raw(socket, { op: 'status', token })).toMatchObject({ exitCode: 0, status: { workspace: expect.any(String) } });
  });

  it('refuses a folder other users may enter', async () => {
    const base = join(runtime, readdirSync(runtime).find((name) => name.startsWith('stagewright-'))!);
    chmodSync(base, 0o755);
    try {
      const run = await sw(['status']);
      expect(run).toMatchObject({ code: 6, stderr: expect.stringContaining('open to other users') });
    } finally {
      chmodSync(base, 0o700);
    }
  });
});
