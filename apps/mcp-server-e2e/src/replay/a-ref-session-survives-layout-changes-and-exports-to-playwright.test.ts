// Issue 23 on the bench app: an agent explores by snapshot and refs, the session is traced and
// promoted. The spec holds stable locators, not refs, so it replays on a build with an extra
// control above the form, where the recorded ref now names another control. Exported to
// Playwright Test, it passes with Playwright alone, and fails at the click on a build whose
// button label changed, with Playwright's own message.
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { electronExecutable } from '@stagewright/fake-electron';
import { beforeAll, describe, expect, it } from 'vitest';
import { replayForTest } from '../test-support/replay-run.js';
import { connectInMemory, fixturePath } from '../test-support/shipped.js';
import { traceCommand } from '../../../mcp-server/src/trace-cli/trace-command.js';
import { replayCommand } from '../../../mcp-server/src/replay/replay-command.js';

const ROOT = join(import.meta.dirname, '../../../..');
const dir = mkdtempSync(join(tmpdir(), 'sw-ref-export-'));
const quiet = { stdout: () => undefined, stderr: () => undefined };
const read = (file: string) => readFileSync(file, 'utf8');
/** Terminal control sequences (colours, cursor moves), should a reporter still write them. */
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*[A-Za-z]`, 'g');

/** A copy of the bench app with `edit` applied to its page. */
function benchVariant(name: string, edit: (html: string) => string): string {
  const copy = join(dir, name);
  cpSync(fixturePath('bench'), copy, { recursive: true });
  writeFileSync(join(copy, 'index.html'), edit(read(join(copy, 'index.html'))));
  return copy;
}
const extraAbove = benchVariant('bench-extra-field', (html) =>
  html.replace(
    '<form id="greet-form">',
    '<label for="search">Search</label>\n    <input id="search" type="search">\n    <form id="greet-form">',
  ),
);
const relabelled = benchVariant('bench-relabelled', (html) => html.replace('>Greet</button>', '>Say hello</button>'));

describe('a ref-driven session → durable spec → Playwright Test', () => {
  const traceFile = join(dir, 'greet.trace.jsonl');
  const spec = join(dir, 'greet.replay.json');
  const refs: Record<string, string> = {};
  let calls: Record<string, any>[] = [];
  let wrongControl: { greetRefNames: string; clicked: unknown; status: unknown };

  beforeAll(async () => {
    const mcp = await connectInMemory({ plugins: ['trace'], pluginConfigs: { trace: { dir } } });
    try {
      await mcp.call('trace_start', { name: 'greet' });
      expect(await mcp.call('electron_launch', { main: fixturePath('bench') })).toMatchObject({ ok: true });
      const refOf = async (line: RegExp) =>
        String((await mcp.call('electron_snapshot', {})).snapshot)
          .split('\n')
          .find((l) => line.test(l))
          ?.match(/\[ref=(e\d+)\]/)?.[1] as string;
      refs.name = await refOf(/textbox "Your name"/);
      refs.greet = await refOf(/button "Greet"/);
      expect(await mcp.call('electron_type', { ref: refs.name, text: 'Grace' })).toEqual({ ok: true, _meta: expect.anything() });
      expect(await mcp.call('electron_click', { ref: refs.greet })).toMatchObject({ ok: true });
      expect(await mcp.call('electron_get_text', { selector: '#status' })).toMatchObject({ ok: true, text: 'Hello, Grace!' });
      await mcp.call('electron_stop', {});
      await mcp.call('trace_stop', {});
      calls = read(traceFile)
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l))
        .filter((l) => l.type === 'call');

      // What a ref-based spec would do on the build with one more field above the form.
      const variant = await mcp.call('electron_launch', { main: extraAbove });
      const snapshot = String((await mcp.call('electron_snapshot', {})).snapshot);
      await mcp.call('electron_type', { selector: '#name', text: 'Grace' });
      wrongControl = {
        greetRefNames: snapshot.split('\n').find((l) => l.includes(`[ref=${refs.greet}]`)) ?? '',
        clicked: (await mcp.call('electron_click', { ref: refs.greet })).ok,
        status: (await mcp.call('electron_get_text', { selector: '#status' })).text,
      };
      await mcp.call('electron_stop', { sessionId: variant.sessionId });
    } finally {
      await mcp.close();
    }
  }, 180_000);

  it('records a stable locator for each ref call on the side, the selector as given otherwise', () => {
    const byTool = (tool: string) => calls.find((c) => c.tool === tool);
    expect(byTool('electron_type')).toMatchObject({ args: { ref: refs.name }, locators: { ref: 'role=textbox[name="Your name"]' } });
    expect(byTool('electron_click')).toMatchObject({ args: { ref: refs.greet }, locators: { ref: 'role=button[name="Greet"]' } });
    expect(byTool('electron_get_text')).toMatchObject({ locators: { selector: '#status' } });
    // The agent's answers carry nothing of it.
    expect(JSON.stringify(calls.map((c) => c.envelope))).not.toContain('role=');
  });

  it('promotes to a spec without refs that replays', { timeout: 120_000 }, async () => {
    expect(await traceCommand(['promote', traceFile, '-o', spec, '--param', 'name=4:/text'], quiet)).toBe(0);
    const promoted = JSON.parse(read(spec));
    expect(promoted.format).toBe('stagewright-replay/1.1');
    expect(JSON.stringify(promoted.steps)).not.toMatch(/"ref"|\be\d+\b/);
    expect(promoted.steps.filter((s: any) => s.tool !== 'electron_snapshot').map((s: any) => s.args)).toEqual([
      { selector: 'role=textbox[name="Your name"]', text: { $param: 'name' } },
      { selector: 'role=button[name="Greet"]' },
      { selector: '#status' },
    ]);
    const { code, result } = await replayForTest([spec]);
    expect(code).toBe(0);
    expect(result.status).toBe('passed');
  });

  it('replays on a build with an extra field above the form, where the recorded ref hits the wrong control', {
    timeout: 120_000,
  }, async () => {
    // The ref the agent clicked Greet by now names the name field: the click "succeeds", nothing is greeted.
    expect(wrongControl).toEqual({ greetRefNames: expect.stringContaining('textbox "Your name"'), clicked: true, status: '' });
    const moved = join(dir, 'extra-field.replay.json');
    writeFileSync(moved, JSON.stringify({ ...JSON.parse(read(spec)), app: { main: extraAbove } }));
    const { code, result } = await replayForTest([moved, '--param', 'name=Linus']);
    expect(code).toBe(0);
    expect(result.steps.at(-1)).toMatchObject({ tool: 'electron_get_text', status: 'passed', answer: { text: 'Hello, Linus!' } });
  });

  it('exports to Playwright Test: passes on the app, fails at the click where the label changed', { timeout: 180_000 }, async () => {
    const tests = mkdtempSync(join(tmpdir(), 'sw-pw-'));
    symlinkSync(join(ROOT, 'node_modules'), join(tests, 'node_modules'));
    const exported = join(tests, 'greet.spec.ts');
    expect(await traceCommand(['export', traceFile, '--to', 'playwright', '-o', exported, '--param', 'name=4:/text'], quiet)).toBe(0);
    const relabelledSpec = join(dir, 'relabelled.replay.json');
    writeFileSync(relabelledSpec, JSON.stringify({ ...JSON.parse(read(spec)), app: { main: relabelled } }));
    const changed = join(tests, 'relabelled.spec.ts');
    expect(await replayCommand(['export', relabelledSpec, '--to', 'playwright', '-o', changed], quiet)).toBe(0);

    const code = read(exported);
    expect(code).toContain(`// Exported by Stagewright`);
    expect(code).toContain('from trace ../');
    expect(code).toContain("await page.getByRole('textbox', { name: 'Your name', exact: true }).fill(name);");
    expect(code).toContain("await expect(page.locator('#status')).toHaveText(/^Hello, .+!$/);");
    expect(code).toContain("const name: string = process.env.STAGEWRIGHT_PARAM_NAME ?? 'Grace';");
    expect(code).not.toMatch(/@stagewright|getByRef|aria-ref|\[ref=/);

    writeFileSync(
      join(tests, 'playwright.config.ts'),
      "import { defineConfig } from '@playwright/test';\nexport default defineConfig({ testDir: '.', workers: 1, retries: 0, reporter: 'line', timeout: 60_000, use: { actionTimeout: 5_000 } });\n",
    );
    const run = await new Promise<{ code: number | null; out: string }>((done) =>
      execFile(
        process.execPath,
        [join(ROOT, 'node_modules/@playwright/test/cli.js'), 'test', '-c', join(tests, 'playwright.config.ts')],
        {
          cwd: tests,
          // Plain text: under Nx, FORCE_COLOR puts colour codes inside Playwright's messages.
          env: {
            ...process.env,
            FORCE_COLOR: '0',
            NO_COLOR: '1',
            STAGEWRIGHT_ELECTRON: electronExecutable(),
            STAGEWRIGHT_PARAM_NAME: 'Ada',
            CI: '1',
          },
          timeout: 170_000,
        },
        (error, stdout, stderr) =>
          done({
            code: error ? ((error as { code?: number }).code ?? null) : 0,
            out: `${stdout}${stderr}`.replace(ANSI, ''),
          }),
      ),
    );
    const clickLine =
      read(changed)
        .split('\n')
        .findIndex((l) => l.includes(".getByRole('button', { name: 'Greet', exact: true }).click()")) + 1;
    expect(run.out).toMatch(/1 failed[\s\S]*relabelled\.spec\.ts[\s\S]*1 passed/);
    expect(run.out).toContain(`relabelled.spec.ts:${clickLine}:`);
    expect(run.out).toContain('locator.click: Timeout 5000ms exceeded.');
    expect(run.out).toContain("waiting for getByRole('button', { name: 'Greet', exact: true })");
    expect(run.out).toMatch(new RegExp(`> ${clickLine} \\|\\s+await page\\.getByRole\\('button'`));
    expect(run.code).toBe(1);
  });
});
