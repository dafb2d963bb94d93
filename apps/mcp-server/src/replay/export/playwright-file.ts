import { tmpdir } from 'node:os';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { paramRefName } from '../spec-walk.js';
import type { ParameterDecl, ReplaySpec } from '../spec-schema.js';
import { stepCode } from './step-code.js';
import { comment, constantOf, envOf, str, valueCode } from './ts-code.js';

export interface ExportOptions {
  /** Absolute path of the file to write: app paths become relative to its folder. */
  out: string;
  /** What the spec came from, for the header (`trace x.trace.jsonl`, `spec y.replay.json`). */
  source: { kind: 'trace' | 'spec'; file: string };
  /** Folder the spec's relative app paths are relative to. */
  specDir: string;
  /** Steps with no Playwright equivalent: refuse the export (default) or emit a marked test.fixme. */
  unsupported: 'refuse' | 'fixme';
  version: string;
  /**
   * Main-process steps (ipc_invoke) may be written as `electronApp.evaluate`: the recording had the
   * grant (a trace's --allow-eval=main; for a spec, the operator's --allow-eval=main on the export).
   */
  mainProcess?: boolean;
}

export class ExportRefused extends Error {
  override name = 'ExportRefused';
}

/** The environment variable Playwright's electron launch reads first, as the replay runner does. */
const ELECTRON_ENV = 'STAGEWRIGHT_ELECTRON';

function parameterLines(name: string, decl: ParameterDecl): string[] {
  const env = envOf(name);
  const constant = constantOf(name);
  const type = decl.type === 'integer' ? 'number' : decl.type;
  const raw = decl.secret || decl.default === undefined ? `fromEnv(${str(env)})` : `process.env.${env}`;
  const value =
    decl.secret || decl.default === undefined
      ? raw
      : decl.type === 'string'
        ? `${raw} ?? ${valueCode(decl.default)}`
        : `${raw} ?? ${str(String(decl.default))}`;
  const typed = type === 'string' ? value : type === 'number' ? `Number(${value})` : `(${value}) === 'true'`;
  const note = decl.secret ? ' Secret: only ever from the environment.' : decl.default === undefined ? ' Required.' : '';
  return [`/** ${comment(decl.description)} (${env}).${note} */`, `const ${constant}: ${type} = ${typed};`];
}

/** A path from the spec (relative to its folder, or absolute) as code relative to the exported file. */
function pathCode(value: unknown, options: ExportOptions): string {
  if (typeof value !== 'string') return valueCode(value);
  const absolute = isAbsolute(value) ? value : resolve(options.specDir, value);
  return `path.resolve(here, ${str(relative(dirname(options.out), absolute) || '.')})`;
}

/** The switch that names the app's data folder (Chromium's, which Electron's app.getPath('userData') follows). */
const USER_DATA_SWITCH = /^--user-data-dir(=|$)/;

/** Folders a recording's data folder is temporary in: never written into a test that runs again. */
function isTemporary(path: string): boolean {
  return [tmpdir(), '/tmp/', '/var/folders/', '/private/var/folders/'].some((root) => path.startsWith(root));
}

/**
 * The spec's launch arguments without a data folder, and the folder the test uses: a fresh one per
 * run (the default, and in place of a recorded temporary one), or the folder the spec names itself
 * (kept, relative to the file).
 */
function dataFolder(args: readonly unknown[], options: ExportOptions): { args: unknown[]; named?: string; dropped?: string } {
  const kept: unknown[] = [];
  let named: string | undefined;
  let dropped: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (typeof arg !== 'string' || !USER_DATA_SWITCH.test(arg)) {
      kept.push(arg);
      continue;
    }
    const value = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : args[++i];
    if (typeof value === 'string' && !(isAbsolute(value) && isTemporary(value))) named = pathCode(value, options);
    else if (paramRefName(value) !== undefined) named = valueCode(value);
    else dropped = typeof value === 'string' ? value : undefined;
  }
  return { args: kept, named, dropped };
}

function launchFields(app: Record<string, unknown>, options: ExportOptions, folder: { args: unknown[] }): string[] {
  const fields = [
    `// ${ELECTRON_ENV} when set; otherwise Playwright uses the electron package installed for the app.`,
    `executablePath: process.env.${ELECTRON_ENV}${app.executablePath === undefined ? '' : ` ?? ${pathCode(app.executablePath, options)}`},`,
  ];
  const args = [
    ...(app.main === undefined ? [] : [pathCode(app.main, options)]),
    ...folder.args.map(valueCode),
    '`--user-data-dir=${userDataDir}`',
  ];
  fields.push(`args: [${args.join(', ')}],`);
  if (app.env !== undefined) fields.push(`env: { ...process.env, ...${valueCode(app.env)} },`);
  if (app.cwd !== undefined) fields.push(`cwd: ${pathCode(app.cwd, options)},`);
  if (app.timeoutMs !== undefined) fields.push(`timeout: ${valueCode(app.timeoutMs)},`);
  return fields;
}

/** Launch settings as compared between the spec's app and a launch step (sessionId is the session's, not the app's). */
function launchKey(args: Record<string, unknown>): string {
  const { sessionId: _sessionId, ...rest } = args;
  return JSON.stringify(Object.entries(rest).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** Calls an ipcMain.handle handler in the main process as a renderer would (written once, when used). */
const IPC_INVOKE = [
  "/** ipc_invoke: runs the handler of `channel` in the main process as a renderer would (the window's own first, then ipcMain's). */",
  'async function ipcInvoke(app: ElectronApplication, channel: string, args: unknown[]): Promise<unknown> {',
  '  return app.evaluate(',
  "    // biome-ignore lint/suspicious/noExplicitAny: Electron's internal handler tables are untyped.",
  '    ({ BrowserWindow, ipcMain }, [name, values]: [string, unknown[]]) => {',
  '      const sender = (BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0])?.webContents;',
  '      // biome-ignore lint/suspicious/noExplicitAny: as above.',
  '      const table = (owner: any) => owner?._invokeHandlers as Map<string, (...a: unknown[]) => unknown> | undefined;',
  '      const handler = table(sender?.ipc)?.get(name) ?? table(ipcMain)?.get(name);',
  "      if (!handler) throw new Error(`no ipcMain.handle handler for '${name}'`);",
  '      return new Promise((resolve, reject) => {',
  '        const event = { sender, senderFrame: sender?.mainFrame ?? null, processId: sender?.getProcessId?.() ?? 0, frameId: 1, _reply: resolve, _throw: reject };',
  '        Promise.resolve()',
  '          .then(() => handler(event, ...values))',
  '          .then(resolve, reject);',
  '      });',
  '    },',
  '    [channel, args] as [string, unknown[]],',
  '  );',
  '}',
  '',
];

/**
 * A readable `@playwright/test` file for a spec: the app launched with `_electron.launch`, every
 * step as Playwright statements under a comment naming it, parameters as typed constants that the
 * environment may override (secrets from the environment only). Throws ExportRefused, listing
 * every step without a Playwright equivalent, unless `unsupported` is 'fixme'.
 */
export function playwrightFile(spec: ReplaySpec, options: ExportOptions): string {
  const body: string[] = [];
  const refused: string[] = [];
  const fixmes: string[] = [];
  const ownLaunch = launchKey(spec.app);
  const context = {
    mainProcess: options.mainProcess === true,
    // A launch step without arguments restarts the spec's own app (ADR-0046); one naming the same app does too.
    sameLaunch: (args: Record<string, unknown>) => launchKey(args) === '[]' || launchKey(args) === ownLaunch,
  };
  let invokes = false;
  let relaunches = false;
  for (const [i, step] of spec.steps.entries()) {
    const code = stepCode(step, i, context);
    const title = `// step ${i + 1}: ${comment(step.tool)}${step.note ? ` (${comment(step.note.replace(/\s+/g, ' '))})` : ''}`;
    if ('lines' in code) {
      invokes ||= step.tool === 'ipc_invoke';
      relaunches ||= step.tool === 'electron_launch' || step.tool === 'electron_stop';
      body.push(title, ...code.lines);
      continue;
    }
    refused.push(`step ${i + 1} (${step.tool}): ${code.unsupported}`);
    // Only this step is marked: the test still runs every other one (test.fixme would skip them all).
    fixmes.push(`step ${i + 1} (${step.tool})`);
    body.push(
      `${title} FIXME(stagewright): ${comment(code.unsupported)}; write it by hand.`,
      `test.info().annotations.push({ type: 'fixme', description: ${str(`step ${i + 1} (${step.tool}): ${code.unsupported}`)} });`,
    );
  }
  if (refused.length && options.unsupported === 'refuse')
    throw new ExportRefused(
      `${refused.length} step(s) have no Playwright equivalent; nothing was written:\n  ${refused.join('\n  ')}\n` +
        'Leave them out of the spec, or pass --unsupported fixme to mark each one in the test (the other steps still run).',
    );
  const params = Object.entries(spec.parameters ?? {});
  const needsEnv = params.some(([, decl]) => decl.secret || decl.default === undefined);
  const source = relative(dirname(options.out), options.source.file) || options.source.file;
  const folder = dataFolder(Array.isArray(spec.app.args) ? spec.app.args : [], options);
  const fresh = folder.named === undefined;
  const dataLines = fresh
    ? [
        `// A fresh data folder (the app's userData) for each run, kept across the restarts below and removed after${folder.dropped ? "; the recording's temporary one is not reused" : ''}.`,
        "const userDataDir = await mkdtemp(path.join(os.tmpdir(), 'stagewright-test-'));",
      ]
    : ['// The data folder the spec names: it is kept between runs.', `const userDataDir = ${folder.named};`];
  return [
    `// Exported by Stagewright ${comment(options.version)} from ${options.source.kind} ${comment(source)}`,
    `// (${comment(spec.name.replace(/\s+/g, ' '))}). Runs with Playwright Test alone: npx playwright test`,
    ...(fixmes.length ? [`// FIXME(stagewright): ${fixmes.length} step(s) to write by hand: ${comment(fixmes.join(', '))}.`] : []),
    ...(fresh ? [`import { mkdtemp, rm } from 'node:fs/promises';`, `import os from 'node:os';`] : []),
    `import path from 'node:path';`,
    `import { _electron as electron, expect, test${invokes ? ', type ElectronApplication' : ''} } from '@playwright/test';`,
    '',
    ...(needsEnv
      ? [
          '/** A value only the environment supplies: secrets are never written into this file. */',
          'function fromEnv(name: string): string {',
          '  const value = process.env[name];',
          '  if (value === undefined) throw new Error(`set ${name} to run this test`);',
          '  return value;',
          '}',
          '',
        ]
      : []),
    ...(invokes ? IPC_INVOKE : []),
    ...params.flatMap(([name, decl]) => parameterLines(name, decl)),
    ...(params.length ? [''] : []),
    `test(${str(spec.name)}, async () => {`,
    '  const here = path.dirname(test.info().file);',
    ...dataLines.map((l) => `  ${l}`),
    '  // Playwright gives "use.actionTimeout" to the browsers it starts; this app gets it here.',
    '  const { actionTimeout } = test.info().project.use;',
    '  const launchApp = async () => {',
    '    const launched = await electron.launch({',
    ...launchFields(spec.app, options, folder).map((f) => `      ${f}`),
    '    });',
    '    if (actionTimeout) launched.context().setDefaultTimeout(actionTimeout);',
    '    return launched;',
    '  };',
    `  ${relaunches ? 'let' : 'const'} app = await launchApp();`,
    ...(relaunches ? ['  let running = true;'] : []),
    '  try {',
    `    ${relaunches ? 'let' : 'const'} page = await app.firstWindow();`,
    ...body.map((l) => `    ${l}`),
    '  } finally {',
    `    ${relaunches ? 'if (running) ' : ''}await app.close();`,
    ...(fresh ? ['    await rm(userDataDir, { recursive: true, force: true });'] : []),
    '  }',
    '});',
    '',
  ].join('\n');
}
