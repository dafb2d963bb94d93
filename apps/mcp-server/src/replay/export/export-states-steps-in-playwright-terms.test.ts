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
    expect(file).toContain("args: [path.resolve(here, '../apps/shop'), '--lang=en', `--user-data-dir=${userDataDir}`],");
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

  it('refuses steps with no Playwright equivalent, listing them all, or marks only those steps by choice', () => {
    const steps: ReplaySpec['steps'] = [
      { tool: 'ipc_invoke', args: { channel: 'bench:compute', args: [3] } },
      { tool: 'electron_click', args: { selector: '#go' } },
      { tool: 'electron_click', args: { selector: '#gone' }, expect: { code: 'ELEMENT_NOT_FOUND' } },
      { tool: 'electron_get_bbox', args: { selector: '#go' }, expect: { result: { '/width': { exact: 10 } } } },
    ];
    expect(() => playwrightFile(spec(steps), options)).toThrow(ExportRefused);
    expect(() => playwrightFile(spec(steps), options)).toThrow(
      /3 step\(s\) have no Playwright equivalent; nothing was written:\n {2}step 1 \(ipc_invoke\): it runs in the main process, which the recording was not granted \(--allow-eval=main\)\n {2}step 3 \(electron_click\): it expects the call to fail\n {2}step 4 \(electron_get_bbox\): it checks a field/,
    );
    const marked = playwrightFile(spec(steps), { ...options, unsupported: 'fixme' });
    expect(marked).toContain(
      '// FIXME(stagewright): 3 step(s) to write by hand: step 1 (ipc_invoke), step 3 (electron_click), step 4 (electron_get_bbox).',
    );
    expect(marked).toContain(
      '// step 1: ipc_invoke FIXME(stagewright): it runs in the main process, which the recording was not granted (--allow-eval=main); write it by hand.',
    );
    expect(marked.match(/annotations\.push\(\{ type: 'fixme'/g)).toHaveLength(3);
    // Marking a step never skips the test: the steps that can be written still run.
    expect(marked).not.toContain('test.fixme(');
    expect(marked).toContain("await page.locator('#go').click();");
  });

  it('closes and relaunches the app on the same fresh data folder; a recorded temporary folder is never written in', () => {
    const file = playwrightFile(
      {
        ...spec([
          { tool: 'electron_type', args: { selector: '#name', text: 'Ada' } },
          { tool: 'electron_stop', args: {} },
          { tool: 'electron_launch', args: { main: '../apps/shop', args: ['--lang=en', '--user-data-dir=/tmp/sw-run-1'] } },
          { tool: 'electron_expect_value', args: { selector: '#name', equals: 'Ada' } },
        ]),
        app: { main: '../apps/shop', args: ['--lang=en', '--user-data-dir=/tmp/sw-run-1'] },
      },
      options,
    );
    expect(file).not.toContain('/tmp/sw-run-1/');
    expect(file).not.toMatch(/'--user-data-dir=\/tmp/);
    expect(file).toContain("const userDataDir = await mkdtemp(path.join(os.tmpdir(), 'stagewright-test-'));");
    expect(file).toContain("the recording's temporary one is not reused");
    expect(file).not.toContain('sw-run-1');
    for (const line of ['await app.close();', 'running = false;', 'app = await launchApp();', 'page = await app.firstWindow();'])
      expect(file).toContain(line);
    expect(file).toContain('if (running) await app.close();');
    expect(file).toContain('await rm(userDataDir, { recursive: true, force: true });');
    // A launch of another app cannot be a relaunch.
    expect(() =>
      playwrightFile(spec([{ tool: 'electron_stop' }, { tool: 'electron_launch', args: { main: '../apps/other' } }]), options),
    ).toThrow(/step 2 \(electron_launch\): it launches another app than the spec/);
  });

  it('keeps a data folder the spec names itself, relative to the file', () => {
    const file = playwrightFile(
      { ...spec([{ tool: 'electron_click', args: { selector: '#go' } }]), app: { main: '.', args: ['--user-data-dir=profiles/a'] } },
      options,
    );
    expect(file).toContain("const userDataDir = path.resolve(here, '../specs/profiles/a');");
    expect(file).not.toContain('mkdtemp');
  });

  it('writes ipc_invoke as electronApp.evaluate when the recording had the main-process grant, and checks its result', () => {
    const file = playwrightFile(
      spec([
        {
          tool: 'ipc_invoke',
          args: { channel: 'math:add', args: [2, 3] },
          expect: { result: { '/channel': { exact: 'math:add' }, '/result': { exact: 5 } } },
        },
      ]),
      { ...options, mainProcess: true },
    );
    expect(file).toContain("const result1 = await ipcInvoke(app, 'math:add', [2, 3]);");
    expect(file).toContain('expect(result1).toEqual(5);');
    expect(file).toContain('async function ipcInvoke(app: ElectronApplication, channel: string, args: unknown[]): Promise<unknown> {');
    expect(file).toContain("import { _electron as electron, expect, test, type ElectronApplication } from '@playwright/test';");
  });
});
