// CI reads one exit code for a whole run: it must be the most serious outcome of any spec, in any
// order, or a failing spec followed by a passing one reports green. Specs run in path order,
// hence the a-/b-/c- prefixes: the worse spec always runs first.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../test-support/shipped.js';
import { replayForTest } from '../test-support/replay-run.js';

const dir = mkdtempSync(join(tmpdir(), 'sw-replay-worst-'));

function specFile(name: string, steps: unknown[]): string {
  const file = join(dir, `${name}.replay.json`);
  writeFileSync(file, JSON.stringify({ format: 'stagewright-replay/1', name, app: { main: fixturePath('bench') }, steps }));
  return file;
}

const passing = specFile('c-passing', [{ tool: 'electron_snapshot' }]);
const failing = specFile('b-failing', [
  { tool: 'electron_expect_text', args: { selector: 'body', contains: 'no such text anywhere', timeoutMs: 200 } },
]);
const invalid = specFile('a-invalid', [{ tool: 'electron_click', args: { selecter: '#name' } }]);

describe('the exit code of a replay run', () => {
  it('is 1 for a failing spec run before a passing one (the worst, not the last)', { timeout: 120_000 }, async () => {
    const { code, report } = await replayForTest([failing, passing]);
    expect(report.results.map((r) => r.status)).toEqual(['failed', 'passed']);
    expect(code).toBe(1);
    expect(report.exitCode).toBe(1);
  });

  it('is 2 for an invalid spec run before a failing one', { timeout: 120_000 }, async () => {
    const { code, report } = await replayForTest([invalid, failing]);
    expect(report.results.map((r) => r.status)).toEqual(['invalid', 'failed']);
    expect(code).toBe(2);
    expect(report.exitCode).toBe(2);
  });
});
