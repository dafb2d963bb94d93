// The exported file is what a team commits: locators in Playwright's own terms, assertions as
// web-first expects, parameters typed (secrets from the environment only), nothing dropped.
import { describe, expect, it } from 'vitest';
import type { ReplaySpec } from '../spec-schema.js';
import { ExportRefused, playwrightFile, type ExportOptions } from './playwright-file.js';
import { locatorCode } from './ts-code.js';

const options: ExportOptions = {
  out: '/repo/e2e/login.spec.ts',
  source: { kind: 'spec', file: '/repo/specs/login.replay.json' },
  specDir: '/repo/specs',
  unsupported: 'refuse',
  version: '9.9.9',
};
const spec = (steps: ReplaySpec['steps'], parameters?: ReplaySpec['parameters']): ReplaySpec => ({
  format: 'stagewright-replay/1.1',
  name: 'login',
  app: { main: '../apps/shop', args: ['--lang=en'] },
  ...(parameters ? { parameters } : {}),
  steps,
});

describe('export to Playwright Test', () => {
  it('turns the selectors promotion writes into getBy* locators, others into page.locator', () => {
    expect(locatorCode('role=button[name="Greet"]')).toBe("page.getByRole('button', { name: 'Greet', exact: true })");
    expect(locatorCode('role=listitem[name="It\'s \\"3\\""] >> nth=2')).toBe(
      "page.getByRole('listitem', { name: 'It\\'s \"3\"', exact: true }).nth(2)",
    );
    expect(locatorCode('text="Welcome"')).toBe("page.getByText('Welcome', { exact: true })");
    expect(locatorCode('data-testid=save')).toBe("page.getByTestId('save')");
    expect(locatorCode('#status')).toBe("page.locator('#status')");
  });

  it('names its source, launches the app relative to the file, and maps actions and checks', () => {
    const file = playwrightFile(
      spec([
        { tool: 'electron_type', args: { selector: 'role=textbox[name="User"]', text: { $param: 'user' } } },
        { tool: 'electron_type', args: { selector: 'role=textbox[name="Password"]', text: { $param: 'password' } } },
        { tool: 'electron_click', args: { selector: 'role=button[name="Sign in"]' } },
        { tool: 'electron_expect_text', args: { selector: '#welcome', contains: { $param: 'user' } } },
        { tool: 'electron_get_text', args: { selector: '#welcome' }, expect: { result: { '/text': { regex: '^Hi, .+$' } } } },
        { tool: 'electron_get_value', args: { selector: '#count' }, expect: { result: { '/value': { exact: '3' } } } },
        { tool: 'electron_expect_state', args: { selector: 'data-testid=remember', state: ['checked', '!disabled'] } },
        { tool: 'electron_expect_visible', args: { selector: 'text="Saved"', not: true } },
      ]),
      options,
    );
    expect(file.split('\n')[0]).toBe('// Exported by Stagewright 9.9.9 from spec ../specs/login.replay.json');
    expect(file).toContain("args: [path.resolve(here, '../apps/shop'), '--lang=en'],");
    expect(file).toContain('executablePath: process.env.STAGEWRIGHT_ELECTRON,');
    for (const line of [
      "await page.getByRole('textbox', { name: 'User', exact: true }).fill(user);",
      "await page.getByRole('button', { name: 'Sign in', exact: true }).click();",
      "await expect(page.locator('#welcome')).toContainText(user);",
      "await expect(page.locator('#welcome')).toHaveText(/^Hi, .+$/);",
      "await expect(page.locator('#count')).toHaveValue('3');",
      "await expect(page.getByTestId('remember')).toBeChecked();",
      "await expect(page.getByTestId('remember')).not.toBeDisabled();",
      "await expect(page.getByText('Saved', { exact: true })).not.toBeVisible();",
    ])
      expect(file).toContain(line);
  });

  it('makes parameters typed constants the environment may set; a secret comes from the environment only', () => {
    const file = playwrightFile(
      spec(
        [
          { tool: 'electron_type', args: { selector: '#u', text: { $param: 'user' } } },
          { tool: 'electron_type', args: { selector: '#p', text: { $param: 'password' } } },
          { tool: 'electron_wait', args: { ms: { $param: 'pauseMs' } } },
        ],
        {
          user: { type: 'string', default: 'ada', description: 'Who signs in' },
          password: { type: 'string', secret: true, description: 'Their password' },
          pauseMs: { type: 'integer', default: 50, description: 'Pause' },
        },
      ),
      options,
    );
    expect(file).toContain("const user: string = process.env.STAGEWRIGHT_PARAM_USER ?? 'ada';");
    expect(file).toContain("const password: string = fromEnv('STAGEWRIGHT_PARAM_PASSWORD');");
    expect(file).toContain("const pauseMs: number = Number(process.env.STAGEWRIGHT_PARAM_PAUSE_MS ?? '50');");
    expect(file).toContain('function fromEnv(name: string): string {');
    expect(file).toContain('await page.waitForTimeout(pauseMs);');
  });

  it('refuses steps with no Playwright equivalent, listing them all, or marks each as test.fixme by choice', () => {
    const steps: ReplaySpec['steps'] = [
      { tool: 'ipc_invoke', args: { channel: 'bench:compute', args: [3] } },
      { tool: 'electron_click', args: { selector: '#go' } },
      { tool: 'electron_click', args: { selector: '#gone' }, expect: { code: 'ELEMENT_NOT_FOUND' } },
      { tool: 'electron_get_bbox', args: { selector: '#go' }, expect: { result: { '/width': { exact: 10 } } } },
    ];
    expect(() => playwrightFile(spec(steps), options)).toThrow(ExportRefused);
    expect(() => playwrightFile(spec(steps), options)).toThrow(
      /3 step\(s\) have no Playwright equivalent; nothing was written:\n {2}step 1 \(ipc_invoke\): ipc_invoke has no Playwright equivalent\n {2}step 3 \(electron_click\): it expects the call to fail\n {2}step 4 \(electron_get_bbox\): it checks a field/,
    );
    const marked = playwrightFile(spec(steps), { ...options, unsupported: 'fixme' });
    expect(marked).toContain('// step 1: ipc_invoke TODO(stagewright): ipc_invoke has no Playwright equivalent; write it by hand.');
    expect(marked).toContain("test.fixme(true, 'step 1 (ipc_invoke) has no Playwright equivalent yet');");
    expect(marked.match(/test\.fixme\(true/g)).toHaveLength(3);
    expect(marked).toContain("await page.locator('#go').click();");
  });
});
