// A spec is checked against the tools the fresh server really serves before the app starts, a
// failed launch is its own exit code, and a secret parameter replays without ever being printed.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../test-support/shipped.js';
import { replayForTest } from '../test-support/replay-run.js';

const dir = mkdtempSync(join(tmpdir(), 'sw-replay-checks-'));

function specFile(name: string, body: Record<string, unknown>): string {
  const file = join(dir, `${name}.replay.json`);
  writeFileSync(file, JSON.stringify({ format: 'stagewright-replay/1', name, app: { main: fixturePath('bench') }, ...body }));
  return file;
}

const replay = replayForTest;

describe('replay runner checks', () => {
  it('refuses arguments the live schema rejects and tools the server does not serve, before launching (exit 2)', async () => {
    const file = specFile('bad-args', {
      steps: [
        { tool: 'electron_click', args: { selecter: '#name' } },
        { tool: 'electron_eval_main', args: { code: '1' } },
        { tool: 'electron_scroll', args: { dy: 'far' } },
      ],
    });
    const { code, result } = await replay([file]);
    expect(code).toBe(2);
    expect(result).toMatchObject({ status: 'invalid', launched: false });
    expect(result.problems).toEqual([
      expect.stringMatching(/^steps\/0\/args: electron_click must not have additional properties \(accepted: .*selector.*\)/),
      'steps/1/tool: "electron_eval_main" is not served by this server (check --tool-profile, --allow-eval and --plugin)',
      expect.stringMatching(/^steps\/2\/args\/dy: electron_scroll /),
    ]);
  });

  it('reports a launch that fails as exit 3', { timeout: 120_000 }, async () => {
    const file = specFile('no-app', { app: { main: join(dir, 'missing-app') }, steps: [{ tool: 'electron_snapshot' }] });
    const { code, result } = await replay([file]);
    expect(code).toBe(3);
    expect(result).toMatchObject({ status: 'launch_failed', launched: false, problems: [expect.stringMatching(/^electron_launch: /)] });
  });

  it('needs a secret supplied, uses it, and never prints it', { timeout: 120_000 }, async () => {
    const file = specFile('secret', {
      parameters: { pw: { type: 'string', secret: true, description: 'typed into the form' } },
      steps: [
        { tool: 'electron_type', args: { selector: '#name', text: { $param: 'pw' } } },
        { tool: 'electron_get_value', args: { selector: '#name' }, expect: { result: { '/value': { exact: { $param: 'pw' } } } } },
      ],
    });
    const missing = await replay([file]);
    expect(missing.code).toBe(2);
    expect(missing.result.problems).toEqual([expect.stringContaining('parameter "pw" is required (typed into the form)')]);
    const run = await replay([file, '--param', 'pw=s3cr3t-Value']);
    expect(run.code).toBe(0);
    expect(run.result.steps[0].args.text).toBe('***');
    expect(run.out + run.err).not.toContain('s3cr3t-Value');
  });
});
