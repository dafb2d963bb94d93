import { dirname, isAbsolute, relative, resolve } from 'node:path';
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

function launchLines(app: Record<string, unknown>, options: ExportOptions): string[] {
  const fields = [
    `// ${ELECTRON_ENV} when set; otherwise Playwright uses the electron package installed for the app.`,
    `executablePath: process.env.${ELECTRON_ENV}${app.executablePath === undefined ? '' : ` ?? ${pathCode(app.executablePath, options)}`},`,
  ];
  const args = [
    ...(app.main === undefined ? [] : [pathCode(app.main, options)]),
    ...(Array.isArray(app.args) ? app.args.map(valueCode) : []),
  ];
  fields.push(`args: [${args.join(', ')}],`);
  if (app.env !== undefined) fields.push(`env: { ...process.env, ...${valueCode(app.env)} },`);
  if (app.cwd !== undefined) fields.push(`cwd: ${pathCode(app.cwd, options)},`);
  if (app.timeoutMs !== undefined) fields.push(`timeout: ${valueCode(app.timeoutMs)},`);
  return ['const app = await electron.launch({', ...fields.map((f) => `  ${f}`), '});'];
}

/**
 * A readable `@playwright/test` file for a spec: the app launched with `_electron.launch`, every
 * step as Playwright statements under a comment naming it, parameters as typed constants that the
 * environment may override (secrets from the environment only). Throws ExportRefused, listing
 * every step without a Playwright equivalent, unless `unsupported` is 'fixme'.
 */
export function playwrightFile(spec: ReplaySpec, options: ExportOptions): string {
  const body: string[] = [];
  const refused: string[] = [];
  for (const [i, step] of spec.steps.entries()) {
    const code = stepCode(step, i);
    const title = `// step ${i + 1}: ${comment(step.tool)}${step.note ? ` (${comment(step.note.replace(/\s+/g, ' '))})` : ''}`;
    if ('lines' in code) {
      body.push(title, ...code.lines);
      continue;
    }
    refused.push(`step ${i + 1} (${step.tool}): ${code.unsupported}`);
    body.push(
      `${title} TODO(stagewright): ${comment(code.unsupported)}; write it by hand.`,
      `test.fixme(true, ${str(`step ${i + 1} (${step.tool}) has no Playwright equivalent yet`)});`,
    );
  }
  if (refused.length && options.unsupported === 'refuse')
    throw new ExportRefused(
      `${refused.length} step(s) have no Playwright equivalent; nothing was written:\n  ${refused.join('\n  ')}\n` +
        'Leave them out of the spec, or pass --unsupported fixme to export them as marked test.fixme steps.',
    );
  const params = Object.entries(spec.parameters ?? {});
  const needsEnv = params.some(([, decl]) => decl.secret || decl.default === undefined);
  const source = relative(dirname(options.out), options.source.file) || options.source.file;
  return [
    `// Exported by Stagewright ${comment(options.version)} from ${options.source.kind} ${comment(source)}`,
    `// (${comment(spec.name.replace(/\s+/g, ' '))}). Runs with Playwright Test alone: npx playwright test`,
    `import path from 'node:path';`,
    `import { _electron as electron, expect, test } from '@playwright/test';`,
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
    ...params.flatMap(([name, decl]) => parameterLines(name, decl)),
    ...(params.length ? [''] : []),
    `test(${str(spec.name)}, async () => {`,
    '  const here = path.dirname(test.info().file);',
    ...launchLines(spec.app, options).map((l) => `  ${l}`),
    '  try {',
    '    // Playwright gives "use.actionTimeout" to the browsers it starts; this app gets it here.',
    '    const { actionTimeout } = test.info().project.use;',
    '    if (actionTimeout) app.context().setDefaultTimeout(actionTimeout);',
    '    const page = await app.firstWindow();',
    ...body.map((l) => `    ${l}`),
    '  } finally {',
    '    await app.close();',
    '  }',
    '});',
    '',
  ].join('\n');
}
