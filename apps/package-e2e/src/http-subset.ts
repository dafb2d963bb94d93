// A smaller set of the matrix over Streamable HTTP (docs/server.md), from the same installed
// package: the installed bin started again with `--transport http` and the matrix's flags, reached
// by the MCP SDK's HTTP client. One app launch: launch, snapshot, type, click, expect, screenshot,
// a plugin tool, stop. tool-matrix.test.ts registers it after the stdio rows, on its install.
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchApp } from '@stagewright/fixtures/bench';
import { connectHttp, isRunning, spawnHttpServer, type HttpConnection, type HttpServerProcess } from '@stagewright/harness';
import { serverFlags } from './matrix/tool-matrix.js';
import type { Answer } from './matrix/types.js';
import type { Prepared } from './support/installed.js';

/** Registers the HTTP subset on the installed package `installed()` returns (ready by the time its hooks run). */
export function httpSubset(installed: () => Prepared): void {
  describe('over Streamable HTTP', () => {
    let server: HttpServerProcess;
    let client: HttpConnection;

    async function must(tool: string, args: Record<string, unknown> = {}): Promise<Answer> {
      const answer: Answer = await client.call(tool, args);
      if (answer.ok !== true) expect.fail(`${tool} ${JSON.stringify(args)} answered ${JSON.stringify(answer)}`);
      return answer;
    }

    const refOf = (snapshot: string, role: string, name: string) => {
      const match = new RegExp(`${role} "${name}"[^\\n]*\\[ref=(e\\d+)\\]`).exec(snapshot);
      if (!match) throw new Error(`no ${role} "${name}" in\n${snapshot}`);
      return match[1];
    };

    beforeAll(async () => {
      const prepared = installed();
      const started = await spawnHttpServer(['--port', '0', ...serverFlags(prepared.env)], prepared.serverEnv, {
        bundle: prepared.installed.bin,
        cwd: prepared.installed.dir,
      });
      if (!isRunning(started)) throw new Error(`the installed server did not start over HTTP: ${started.stderr}`);
      server = started;
      client = await connectHttp(server.url);
    }, 300_000);

    afterAll(async () => {
      await client?.transport.terminateSession().catch(() => undefined);
      await client?.close();
      await server?.stop();
    });

    it('launches, reads, acts, asserts, captures and stops an app over Streamable HTTP', async () => {
      const launched = await must('electron_launch', { main: benchApp.dir });
      expect(launched).toMatchObject({ sessionId: expect.any(String), windows: [expect.objectContaining({ title: 'Bench' })] });
      const { snapshot } = await must('electron_snapshot');
      expect(snapshot).toContain('heading "Bench"');

      await must('electron_type', { ref: refOf(snapshot, 'textbox', 'Your name'), text: 'Ada' });
      await must('electron_click', { ref: refOf(snapshot, 'button', 'Greet') });
      await must('electron_expect_text', { selector: '#status', equals: 'Hello, Ada!' });

      const shot = await must('electron_screenshot', {});
      expect(shot).toMatchObject({ format: 'png', width: expect.any(Number), height: expect.any(Number) });
      expect(shot.path.startsWith(installed().env.screenshots)).toBe(true);
      expect(readFileSync(shot.path).subarray(1, 4).toString()).toBe('PNG');

      const capture = await must('visual_capture', { name: 'greeting', selector: '#status' });
      expect(capture).toMatchObject({ name: 'greeting', width: expect.any(Number), bytes: expect.any(Number) });
      expect(existsSync(capture.file)).toBe(true);

      expect(await must('electron_stop')).toMatchObject({ graceful: expect.any(Boolean) });
      expect((await must('electron_status')).sessions).toEqual([]);
    }, 120_000);
  });
}
