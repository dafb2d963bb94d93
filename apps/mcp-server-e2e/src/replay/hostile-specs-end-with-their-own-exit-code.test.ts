// A spec file is reviewed, but the runner reads it before anyone can stop it: a huge, deeply
// nested or prototype-named spec must be "invalid" (exit 2) before anything runs, never a crash
// of the runner (exit 4) or a parameter every object seems to declare.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../test-support/shipped.js';
import { replayForTest } from '../test-support/replay-run.js';
import { MAX_SPEC_BYTES, MAX_SPEC_DEPTH } from '../../../mcp-server/src/replay/load-spec.js';

const dir = mkdtempSync(join(tmpdir(), 'sw-hostile-spec-'));
let n = 0;
const base = {
  format: 'stagewright-replay/1',
  name: 'hostile',
  app: { main: fixturePath('bench') },
  steps: [{ tool: 'electron_get_text', args: { selector: 'h1' } }],
};

function write(spec: unknown): string {
  const file = join(dir, `s${n++}.replay.json`);
  writeFileSync(file, typeof spec === 'string' ? spec : JSON.stringify(spec));
  return file;
}

describe('hostile replay specs', () => {
  it('a spec nested deeper than the limit is invalid (exit 2), not a stack overflow', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const inArgs = JSON.stringify({
      ...base,
      steps: [
        {
          tool: 'electron_get_text',
          args: { selector: 'h1', x: JSON.parse(`${'['.repeat(MAX_SPEC_DEPTH)}${']'.repeat(MAX_SPEC_DEPTH)}`) },
        },
      ],
    });
    for (const text of [
      deep,
      `{"format":"stagewright-replay/1","name":"d","app":{"main":"."},"steps":[{"tool":"t","args":{"a":${deep}}}]}`,
      inArgs,
    ]) {
      const { code, result } = await replayForTest([write(text)]);
      expect(code).toBe(2);
      expect(result).toMatchObject({ status: 'invalid', launched: false });
      expect(result.problems.join(' ')).toMatch(new RegExp(`nested deeper than ${MAX_SPEC_DEPTH} levels`));
    }
  });

  it('a spec file over the size limit is invalid (exit 2) naming the limit', async () => {
    const big = JSON.stringify({ ...base, name: 'x'.repeat(MAX_SPEC_BYTES) });
    const { code, result } = await replayForTest([write(big)]);
    expect(code).toBe(2);
    expect(result.problems.join(' ')).toMatch(/the limit is 1048576 \(1 MiB\)/);
  });

  it('a parameter named after an Object.prototype member is not declared by every object', async () => {
    for (const name of ['constructor', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf']) {
      const spec = { ...base, steps: [{ tool: 'electron_get_text', args: { selector: { $param: name } } }] };
      const { code, result } = await replayForTest([write(spec)]);
      expect(code, name).toBe(2);
      expect(result.problems.join(' '), name).toContain(`parameter "${name}" is not declared`);
    }
  });
});
