// The agent command line (ADR-0047) from the same installed package: in a fresh folder, `stagewright
// skill install`, then the bench fixture driven from a shell — launch, snapshot to a file, type,
// click, expect, screenshot, stop — through the background server the first command starts; then
// one started by a command with a short idle time ends itself. tool-matrix.test.ts registers it on its install.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchApp } from '@stagewright/fixtures/bench';
import type { Prepared } from './support/installed.js';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Registers the CLI flow on the installed package `installed()` returns. */
export function agentCli(installed: () => Prepared): void {
  describe('as an agent command line', () => {
    let work: string;
    let socket: string | undefined;
    const run = (args: string[], daemonFlags = '') =>
      new Promise<Run>((resolve) => {
        const prepared = installed();
        execFile(
          prepared.installed.bin,
          args,
          { cwd: work, env: { ...process.env, ...prepared.serverEnv, STAGEWRIGHT_DAEMON_FLAGS: daemonFlags }, timeout: 120_000 },
          (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
        );
      });
    const sw = (...args: string[]) => run(args);
    const ok = async (...args: string[]) => {
      const run = await sw(...args);
      expect(run, `stagewright ${args.join(' ')}`).toMatchObject({ code: 0, stderr: '' });
      expect(run.stdout).toMatch(/^ok\n/);
      return run.stdout;
    };

    beforeAll(() => {
      work = mkdtempSync(join(tmpdir(), 'sw-cli-'));
    });
    afterAll(async () => {
      await sw('daemon', 'stop');
      rmSync(work, { recursive: true, force: true });
    });

    it('installs the skill: SKILL.md with front matter, one reference file per group', async () => {
      const run = await sw('skill', 'install');
      expect(run.code, run.stderr).toBe(0);
      const dir = join(work, '.claude/skills/stagewright');
      const skill = readFileSync(join(dir, 'SKILL.md'), 'utf8');
      expect(skill).toMatch(/^---\nname: stagewright\ndescription: .{40,}\n---\n/);
      const groups = readdirSync(join(dir, 'reference'));
      expect(groups).toEqual(expect.arrayContaining(['lifecycle.md', 'snapshot.md', 'interaction.md', 'expect.md', 'observe.md']));
      for (const group of groups) expect(skill).toContain(`(reference/${group})`);
      expect(readFileSync(join(dir, 'reference/expect.md'), 'utf8')).toContain('## expect-text');
    });

    it('drives the bench app from a shell, big answers in files, exit codes by error class', async () => {
      expect(await ok('launch', relative(work, benchApp.dir))).toMatch(/^sessionId: s\d+$/m);
      const status = await sw('daemon', 'status');
      socket = /^socket: (.+)$/m.exec(status.stdout)?.[1];
      expect(socket && existsSync(socket), status.stdout).toBe(true);

      const snapshot = await ok('snapshot');
      const [, file, size] = /^snapshot: (\.stagewright\/\S+\.yml) \(([\d.]+ k?B)\)/m.exec(snapshot) ?? [];
      expect(file, snapshot).toBeDefined();
      const tree = readFileSync(join(work, file!), 'utf8');
      expect(size).toMatch(/B$/);
      const ref = /textbox "Your name"[^\n]*\[ref=(e\d+)\]/.exec(tree)?.[1];
      expect(ref, tree).toBeDefined();

      await ok('type', ref!, 'Ada');
      await ok('click', 'role=button[name="Greet"]');
      expect(await ok('expect-text', '#status', '--contains', 'Hello, Ada!')).toContain('Hello, Ada!');
      const failed = await sw('expect-text', '#status', '--equals', 'nope', '--timeout-ms', '300');
      expect(failed).toMatchObject({ code: 1, stdout: expect.stringMatching(/^error EXPECTATION_FAILED: /) });
      expect((await sw('click', 'e9999')).code).toBe(3);
      expect((await sw('click', 'e1', '--no-such-flag')).code).toBe(2);

      const shot = await ok('screenshot');
      const path = /^path: (.+\.png)$/m.exec(shot)?.[1];
      expect(path && statSync(path).size, shot).toBeGreaterThan(1000);
      expect(path!.startsWith(join(work, '.stagewright'))).toBe(true);
      const json = JSON.parse((await sw('get-text', '#status', '--json')).stdout) as { ok: boolean; text: string };
      expect(json).toMatchObject({ ok: true, text: expect.stringContaining('Hello, Ada!') });
      await ok('stop');
    });

    it('the background server ends itself once idle, and its socket goes with it', async () => {
      expect(socket).toBeDefined();
      expect((await sw('daemon', 'stop')).stdout).toBe('stopped\n');
      // The next command starts one again, here with a short idle time, which then ends by itself.
      expect(await run(['status'], '--idle-ms 500')).toMatchObject({ code: 0, stdout: expect.stringMatching(/^ok\n/) });
      expect(existsSync(socket!)).toBe(true);
      await expect.poll(() => existsSync(socket!), { timeout: 15_000, interval: 200 }).toBe(false);
      expect((await sw('daemon', 'status')).stdout).toMatch(/^not running/);
    });
  });
}
