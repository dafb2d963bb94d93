// The runner the signature checks use on a real machine: real child processes. A tool that hangs
// (spctl waiting on the network) must not hold the call past its bound, a missing tool is told
// apart from a failing one, and the app path reaches the tool as one argument, never via a shell.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runTool } from './tool-runner.js';

const NODE = process.execPath;
const dir = mkdtempSync(join(tmpdir(), 'sw-runner-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('runTool', () => {
  it('stops a tool that does not answer at the bound and says so', async () => {
    const started = Date.now();
    const outcome = await runTool(NODE, ['-e', 'setTimeout(() => {}, 60_000)'], { timeoutMs: 400 });
    const took = Date.now() - started;
    expect(outcome).toEqual({ kind: 'timeout', afterMs: 400 });
    expect(took).toBeGreaterThanOrEqual(400);
    expect(took).toBeLessThan(5_000);
  });

  it('reports a missing program as missing, and a failing one with its exit code and output', async () => {
    expect(await runTool('stagewright-no-such-tool', ['--verify'], { timeoutMs: 2_000 })).toEqual({ kind: 'missing' });
    expect(await runTool(NODE, ['-e', 'console.error("rejected"); process.exit(3)'], { timeoutMs: 5_000 })).toEqual({
      kind: 'exited',
      code: 3,
      stdout: '',
      stderr: 'rejected\n',
    });
  });

  it('passes a path full of shell syntax through as one literal argument, and extra env as given', async () => {
    const planted = join(dir, 'planted');
    const path = `${dir}/My App $(touch ${planted}); touch ${planted} \`touch ${planted}\`.app`;
    const outcome = await runTool(NODE, ['-e', 'console.log(JSON.stringify([process.argv.slice(1), process.env.SW_PROBE]))', path], {
      timeoutMs: 5_000,
      env: { SW_PROBE: path },
    });
    expect(outcome.kind).toBe('exited');
    expect(JSON.parse((outcome as { stdout: string }).stdout)).toEqual([[path], path]);
    expect(existsSync(planted)).toBe(false);
  });
});
