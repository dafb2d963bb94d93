// The whole loop of issue 13 on a real app: an agent-style session recorded by the trace plugin,
// viewed, promoted with the typed name as a parameter, replayed with two names, failing on a
// changed app (exit 1, naming the step) and on a bad parameter before the app starts (exit 2).
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { connectInMemory, fixturePath } from '../test-support/shipped.js';
import { traceCommand } from '../../../mcp-server/src/trace-cli/trace-command.js';
import { replayForTest } from '../test-support/replay-run.js';

const dir = mkdtempSync(join(tmpdir(), 'sw-trace-replay-'));
const quiet = { stdout: () => undefined, stderr: () => undefined };

const replay = replayForTest;

describe('trace → view → promote → replay on the bench app', () => {
  let traceFile: string;
  const spec = join(dir, 'greet.replay.json');

  beforeAll(async () => {
    const mcp = await connectInMemory({
      plugins: ['trace'],
      pluginConfigs: { trace: { dir } },
      // The viewer inlines screenshots only from under the trace's folder.
      screenshotDir: join(dir, 'shots'),
    });
    try {
      traceFile = (await mcp.call('trace_start', { name: 'greet' })).file as string;
      expect(await mcp.call('electron_launch', { main: fixturePath('bench') })).toMatchObject({ ok: true });
      const { snapshot } = await mcp.call('electron_snapshot', {});
      const ref = (line: RegExp) =>
        String(snapshot)
          .split('\n')
          .find((l) => line.test(l))
          ?.match(/\[ref=(e\d+)\]/)?.[1];
      expect(await mcp.call('electron_type', { ref: ref(/textbox "Your name"/), text: 'Ada' })).toMatchObject({ ok: true });
      expect(await mcp.call('electron_click', { ref: ref(/button "Greet"/) })).toMatchObject({ ok: true });
      expect(await mcp.call('electron_expect_text', { selector: '#status', contains: 'Ada' })).toMatchObject({ ok: true });
      expect(await mcp.call('electron_get_text', { selector: '#status' })).toMatchObject({ ok: true, text: 'Hello, Ada!' });
      expect(await mcp.call('electron_screenshot', {})).toMatchObject({ ok: true });
      await mcp.call('electron_stop', {});
      expect(await mcp.call('trace_stop', {})).toMatchObject({ ok: true, records: 8 });
    } finally {
      await mcp.close();
    }
  }, 180_000);

  it('views the trace as one HTML page with the calls and the screenshot inline', async () => {
    expect(await traceCommand(['view', traceFile], quiet)).toBe(0);
    const html = readFileSync(join(dir, 'greet.html'), 'utf8');
    expect(html.match(/<section class="call"/g)).toHaveLength(8);
    expect(html).toContain('src="data:image/png;base64,');
  });

  it('promotes the typed name to a parameter, wherever the agent used it, with checkpoints from the reads', async () => {
    expect(await traceCommand(['promote', traceFile, '-o', spec, '--param', 'name=3:/text'], quiet)).toBe(0);
    const promoted = JSON.parse(readFileSync(spec, 'utf8'));
    expect(promoted).toMatchObject({ format: 'stagewright-replay/1.1', app: { main: expect.not.stringMatching(/^\//) } });
    expect(promoted.parameters).toEqual({
      name: { type: 'string', default: 'Ada', description: 'electron_type text (call 3 of the trace)' },
    });
    expect(promoted.steps.map((s: any) => s.tool)).toEqual([
      'electron_snapshot',
      'electron_type',
      'electron_click',
      'electron_expect_text',
      'electron_get_text',
      'electron_screenshot',
    ]);
    expect(promoted.steps[1].args.text).toEqual({ $param: 'name' });
    expect(promoted.steps[3].args).toEqual({ selector: '#status', contains: { $param: 'name' } });
    expect(promoted.steps[4].expect).toEqual({ result: { '/text': { regex: '^Hello, .+!$' } } });
    // Never a whole payload: the snapshot's YAML is not copied into the spec.
    expect(JSON.stringify(promoted)).not.toContain('[ref=');
  });

  it('replays with two different names; the checks see each name', { timeout: 180_000 }, async () => {
    for (const name of ['Grace', 'Linus']) {
      const { code, report } = await replay([spec, '--param', `name=${name}`]);
      expect(code).toBe(0);
      const steps = report.results[0].steps;
      expect(steps.map((s: any) => s.status)).toEqual(Array(6).fill('passed'));
      expect(steps[3]).toMatchObject({ args: { contains: name }, answer: { text: `Hello, ${name}!` } });
    }
  });

  it('fails with exit 1 on a changed app, naming the step, and says so in JUnit', { timeout: 120_000 }, async () => {
    const changed = join(dir, 'changed-bench');
    cpSync(fixturePath('bench'), changed, { recursive: true });
    const renderer = join(changed, 'renderer.js');
    writeFileSync(renderer, readFileSync(renderer, 'utf8').replace('`Hello, ${name}!`', "'Welcome!'"));
    const changedSpec = join(dir, 'changed.replay.json');
    writeFileSync(changedSpec, JSON.stringify({ ...JSON.parse(readFileSync(spec, 'utf8')), app: { main: changed } }));
    const junit = join(dir, 'junit.xml');
    const { code, err, report } = await replay([changedSpec, '--junit', junit]);
    expect(code).toBe(1);
    expect(report.results[0]).toMatchObject({ status: 'failed', problems: [expect.stringMatching(/^step 4 \(electron_expect_text\): /)] });
    expect(report.results[0].steps.map((s: any) => s.status)).toEqual(['passed', 'passed', 'passed', 'failed', 'skipped', 'skipped']);
    expect(err).toMatch(/step 4\/6 electron_expect_text FAILED/);
    expect(readFileSync(junit, 'utf8')).toMatch(/<failure type="failed" message="step 4 \(electron_expect_text\)/);
    // The runner stopped the app although the spec failed: no process of the changed copy is left.
    expect(execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })).not.toContain(changed);
  });

  it('fails with exit 2 on a bad parameter before the app starts', async () => {
    const { code, err, report } = await replay([spec, '--param', 'nmae=Grace']);
    expect(code).toBe(2);
    expect(report.results[0]).toMatchObject({ status: 'invalid', launched: false, steps: [] });
    expect(report.results[0].problems[0]).toContain('"nmae" was supplied but the spec does not declare it');
    expect(err).not.toContain('app launched');
    expect(err).toMatch(/"nmae"/);
  });
});
