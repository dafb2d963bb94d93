// `stagewright plugin check` is the listing budget outside our CI (ADR-0037, ADR-0024): a tool one
// BPE over the ceiling, an average over 160, a code the plugin never declared or one in another
// plugin's namespace, and an unsound config schema must each fail it, and a lean plugin pass.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkPlugin, formatCheck } from './plugin-check.js';
import { pluginCommand } from './plugin-command.js';

const dir = mkdtempSync(join(tmpdir(), 'sw-plugin-check-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

interface ToolShape {
  name: string;
  description?: string;
  errors?: string[];
  gate?: string;
  /** Words added to a parameter's description: each " go" is one o200k token. */
  filler?: number;
}

/** A plugin module in plain JavaScript (no sdk import), as a hand-written plugin would be. */
function pluginFile(options: {
  tools: ToolShape[];
  errorCodes?: Record<string, unknown>;
  extra?: string;
  name?: string;
  source?: string;
}): string {
  const tools = options.tools.map((tool) => ({
    name: tool.name,
    title: tool.name,
    description: tool.description ?? `Does ${tool.name}.`,
    kind: 'read',
    ...(tool.gate ? { gate: tool.gate } : {}),
    input: {
      type: 'object',
      properties: tool.filler === undefined ? {} : { text: { type: 'string', description: `Text.${' go'.repeat(tool.filler)}` } },
      additionalProperties: false,
    },
    ...(tool.errors ? { detail: { errors: tool.errors } } : {}),
  }));
  const file = join(dir, `plugin-${files++}.mjs`);
  writeFileSync(
    file,
    `${options.source ?? ''}
const tools = ${JSON.stringify(tools)}.map((tool) => ({ ...tool, handle: () => ({ done: true }) }));
export default {
  name: ${JSON.stringify(options.name ?? 'acme')},
  version: '1.0.0',
  sdkRange: '^1.0.0',
  tools,
  errorCodes: ${JSON.stringify(options.errorCodes ?? {})},
  ${options.extra ?? ''}
};
`,
  );
  return file;
}

/** The filler that lists tool `big` at exactly `target` BPE. */
async function fillerAt(target: number): Promise<number> {
  let count = 0;
  for (let attempt = 0; attempt < 6; attempt++) {
    const report = await checkPlugin(pluginFile({ tools: [{ name: 'big', filler: count }] }));
    const bpe = report.tools[0]!.bpe;
    if (bpe === target) return count;
    count += target - bpe;
  }
  throw new Error(`no filler lists tool big at ${target} BPE`);
}

describe('stagewright plugin check', () => {
  it('passes a lean plugin and prints each tool with its listing cost in BPE', async () => {
    const report = await checkPlugin(pluginFile({ tools: [{ name: 'one' }, { name: 'two', gate: 'eval:renderer' }] }));
    expect(report.ok).toBe(true);
    expect(report.tools.map((tool) => tool.name)).toEqual(['acme_one', 'acme_two']);
    expect(report.tools.every((tool) => tool.bpe > 20 && tool.bpe < 200)).toBe(true);
    expect(report.limits).toEqual({ maxToolBpe: 200, maxAverageBpe: 160 });
    const text = formatCheck(report);
    expect(text).toMatch(/acme_one\s+\d+\n/);
    expect(text).toMatch(/acme_two\s+\d+ {2}\(eval:renderer\)/);
    expect(text).toContain('plugin check passed');
  });

  it('passes a tool listed at exactly 200 BPE and fails one at 201, naming it', async () => {
    const at200 = await fillerAt(200);
    const lean = Array.from({ length: 3 }, (_, i) => ({ name: `small${i}` }));
    const passing = await checkPlugin(pluginFile({ tools: [{ name: 'big', filler: at200 }, ...lean] }));
    expect(passing.tools.find((tool) => tool.name === 'acme_big')?.bpe).toBe(200);
    expect(passing.ok).toBe(true);
    const failing = await checkPlugin(pluginFile({ tools: [{ name: 'big', filler: at200 + 1 }, ...lean] }));
    expect(failing.tools.find((tool) => tool.name === 'acme_big')?.bpe).toBe(201);
    expect(failing.ok).toBe(false);
    expect(failing.findings).toEqual([
      expect.objectContaining({ level: 'error', rule: 'tool-ceiling', message: expect.stringContaining('acme_big: 201 BPE') }),
    ]);
    expect(formatCheck(failing)).toMatch(/acme_big\s+201 {2}over 200[\s\S]*plugin check failed: 1 problem$/m);
  });

  it('fails an average over 160 BPE even when every tool is under 200', async () => {
    const at190 = await fillerAt(190);
    const report = await checkPlugin(
      pluginFile({
        tools: [
          { name: 'big', filler: at190 },
          { name: 'bog', filler: at190 },
        ],
      }),
    );
    expect(report.tools.every((tool) => tool.bpe <= 200)).toBe(true);
    expect(report.findings).toEqual([expect.objectContaining({ rule: 'average-ceiling' })]);
    expect(report.ok).toBe(false);
  });

  it('fails error codes that are undeclared, foreign or not codes, and warns about unused ones', async () => {
    const report = await checkPlugin(
      pluginFile({
        tools: [{ name: 'one', errors: ['BAD_ARGUMENT', 'acme.GONE', 'clock.BAD_TIME', 'NOT_A_CORE_CODE', 'gone'] }],
        errorCodes: { UNUSED: { retryable: false, hint: 'x' } },
        source: "const thrown = 'acme.SPELT_IN_CODE';",
      }),
    );
    const errors = report.findings.filter((finding) => finding.level === 'error').map((finding) => finding.message);
    expect(errors).toEqual([
      expect.stringContaining('"acme.GONE", but errorCodes does not declare GONE'),
      expect.stringContaining('"clock.BAD_TIME" of namespace "clock"'),
      expect.stringContaining('"NOT_A_CORE_CODE", which is no core code'),
      expect.stringContaining('"gone", which is not an error code'),
      expect.stringContaining('"acme.SPELT_IN_CODE"'),
    ]);
    expect(report.findings.filter((finding) => finding.level === 'warning')).toEqual([
      expect.objectContaining({ rule: 'error-code', message: expect.stringContaining('declares UNUSED') }),
    ]);
    expect(report.ok).toBe(false);
  });

  it('fails safe config fields the schema does not define, and a schema the loader cannot use', async () => {
    const unsafe = await checkPlugin(
      pluginFile({
        tools: [{ name: 'one' }],
        extra:
          "configSchema: { type: 'object', properties: { level: { type: 'string', default: 'info' } } }, safeConfigFields: ['level', 'token'],",
      }),
    );
    expect(unsafe.findings).toEqual([expect.objectContaining({ rule: 'config', message: expect.stringContaining('"token"') })]);
    expect(unsafe.ok).toBe(false);
    const notAnObject = await checkPlugin(pluginFile({ tools: [{ name: 'one' }], extra: "configSchema: { type: 'string' }," }));
    expect(notAnObject).toMatchObject({ ok: false, findings: [{ rule: 'contract', message: expect.stringContaining('invalid config') }] });
  });

  it('fails what the loader refuses (contract), and a file that does not exist', async () => {
    const badName = await checkPlugin(pluginFile({ name: 'Acme', tools: [{ name: 'one' }] }));
    expect(badName).toMatchObject({ ok: false, findings: [{ rule: 'contract' }] });
    const missing = await checkPlugin(join(dir, 'nothing.mjs'));
    expect(missing).toMatchObject({ ok: false, findings: [{ rule: 'load', message: expect.stringContaining('does not exist') }] });
  });

  it('exits 0 when it passes, 1 when it fails and 64 on misuse', async () => {
    const out: string[] = [];
    const io = { stdout: (text: string) => void out.push(text), stderr: (text: string) => void out.push(text) };
    expect(await pluginCommand(['check', pluginFile({ tools: [{ name: 'one' }] })], io)).toBe(0);
    expect(await pluginCommand(['check', pluginFile({ tools: [{ name: 'one', errors: ['acme.NOPE'] }] }), '--json'], io)).toBe(1);
    expect(JSON.parse(out[1]!)).toMatchObject({ ok: false, plugin: 'acme' });
    expect(await pluginCommand(['check'], io)).toBe(64);
    expect(await pluginCommand(['check', 'x.mjs', '--bogus'], io)).toBe(64);
  });
});
