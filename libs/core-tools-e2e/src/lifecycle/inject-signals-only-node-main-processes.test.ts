// electron_inject sends SIGUSR1, whose default action terminates a process: a pid that is not a
// Node or Electron main process of the server's user must be refused before any signal, and
// must still be running afterwards.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect, ok, type Connection } from '../test-support/mcp.js';
import { testApp } from '../test-support/apps.js';
import { processTree } from '../test-support/processes.js';

const KEEP_ALIVE = 'setInterval(() => {}, 1000)';

/** Ends the process with SIGTERM and says which signal ended it: SIGUSR1 if someone sent it first. */
async function endedBy(child: ChildProcess): Promise<NodeJS.Signals | null> {
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  return child.signalCode ?? exited;
}

/** Resolves once the process has a SIGUSR1 handler (Linux: bit 9 of SigCgt). */
async function handlesSigusr1(pid: number): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const caught = /^SigCgt:\s+([0-9a-f]+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? '0';
    if ((BigInt(`0x${caught}`) & (1n << 9n)) !== 0n) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`process ${pid} never installed a SIGUSR1 handler`);
}

/** Every process a test started, killed after it whatever its outcome. */
const spawned: ChildProcess[] = [];

function started(command: string, args: string[], options: { uid?: number; gid?: number } = {}): Promise<ChildProcess> {
  const child = spawn(command, args, { stdio: 'ignore', ...options });
  spawned.push(child);
  return new Promise((resolve, reject) => {
    child.once('spawn', () => resolve(child));
    child.once('error', reject);
  });
}

describe('electron_inject refuses processes it must not signal', () => {
  let conn: Connection;
  beforeAll(async () => {
    conn = await connect();
  });
  afterAll(async () => {
    await conn?.close();
  });
  afterEach(() => {
    for (const child of spawned.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });

  it('refuses a process that is not Node or Electron (sleep), which keeps running', async () => {
    const sleeper = await started('sleep', ['60']);
    const r = await conn.call('electron_inject', { pid: sleeper.pid, timeoutMs: 2000 });
    expect(r).toMatchObject({ ok: false, code: 'PROCESS_NOT_INSPECTABLE', retryable: false });
    expect(String(r.error)).toContain('sleep');
    expect(await endedBy(sleeper)).toBe('SIGTERM');
  });

  it('refuses a Chromium helper (--type= in its command line), naming its parent', async () => {
    const helper = await started(process.execPath, ['-e', KEEP_ALIVE, '--', '--type=renderer']);
    const r = await conn.call('electron_inject', { pid: helper.pid, timeoutMs: 2000 });
    expect(r).toMatchObject({ ok: false, code: 'PROCESS_NOT_INSPECTABLE' });
    expect(String(r.error)).toContain('--type=renderer');
    expect(String(r.error)).toContain(String(process.pid));
    expect(await endedBy(helper)).toBe('SIGTERM');
  });

  it.skipIf(process.getuid?.() !== 0)('refuses a Node process of another user', async () => {
    const foreign = await started(process.execPath, ['-e', KEEP_ALIVE], { uid: 65534, gid: 65534 });
    const r = await conn.call('electron_inject', { pid: foreign.pid, timeoutMs: 2000 });
    expect(r).toMatchObject({ ok: false, code: 'PROCESS_NOT_INSPECTABLE' });
    expect(String(r.error)).toMatch(/user/);
    expect(await endedBy(foreign)).toBe('SIGTERM');
  });

  it('refuses a Chromium browser process (a Chromium binary is not Electron)', async () => {
    const launched = await ok(conn, 'electron_launch', { main: testApp('hazards') });
    try {
      const browser = processTree(launched.pid as number).find((pid) => {
        const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
        return /chrom/.test(argv[0]) && !argv.some((arg) => arg.startsWith('--type='));
      });
      expect(browser).toBeDefined();
      const r = await conn.call('electron_inject', { pid: browser, timeoutMs: 2000 });
      expect(r).toMatchObject({ ok: false, code: 'PROCESS_NOT_INSPECTABLE' });
      expect((await ok(conn, 'electron_snapshot')).snapshot).toContain('heading "Hazards"');
    } finally {
      await conn.call('electron_stop', {});
    }
  });

  it('lets a running Node process through the check; it survives and is reported as not Electron', async () => {
    // --inspect-port=0: the inspector SIGUSR1 opens takes a free port, never the shared 9229.
    const node = await started(process.execPath, ['--inspect-port=0', '-e', KEEP_ALIVE]);
    // Until Node has installed its SIGUSR1 handler the check refuses it (the signal would end it).
    await handlesSigusr1(node.pid!);
    const r = await conn.call('electron_inject', { pid: node.pid, timeoutMs: 5000 });
    expect(r).toMatchObject({ ok: false, code: 'INJECT_FAILED' });
    expect(await endedBy(node)).toBe('SIGTERM');
  });
});
