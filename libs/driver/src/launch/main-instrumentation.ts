import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ElectronApplication } from 'playwright-core';
import type { InstrumentationStage, MainInstrumentation } from '@stagewright/sdk';

/**
 * How plugin instrumentation reaches a launched app (ADR-0006).
 *
 * - An app started as `electron <app dir | main.js>` goes through Electron's default app, which
 *   preloads every `-r/--require <module>` given before the app path, before it loads the app.
 *   So the driver writes the scripts into one temporary CommonJS module and passes `-r <file>`
 *   ahead of the app path. The module takes its own two arguments back out of `process.argv`, so
 *   the app sees the command line it would have seen without it.
 * - A packaged executable has no default app and would read `-r` as its own argument: there the
 *   scripts run through the main-process connection as soon as the launch has one (`connect`).
 */
export interface PreparedInstrumentation {
  /** Arguments to put before the app path. */
  args: string[];
  /** Removes the temporary module (once the app is gone). */
  cleanup(): void;
}

const NONE: PreparedInstrumentation = { args: [], cleanup: () => undefined };

/**
 * The key under which the preload keeps what the app wrote to stderr before the driver reads the
 * pipe (Playwright reads it first, for its endpoints): a function that returns the chunks once and
 * stops keeping them. A main script that throws at its top writes its error there.
 */
export const EARLY_STDERR_KEY = 'stagewright.launchStderr';

/** The preload part that keeps the first 64 KiB written to stderr until taken (EARLY_STDERR_KEY). */
const STDERR_TAP = [
  '{',
  `  const key = Symbol.for(${JSON.stringify(EARLY_STDERR_KEY)});`,
  '  const chunks = [];',
  '  let size = 0;',
  '  const write = process.stderr.write;',
  '  const tap = function (chunk, ...rest) {',
  '    if (size < 65536) { const text = String(chunk); chunks.push(text); size += text.length; }',
  '    return write.call(this, chunk, ...rest);',
  '  };',
  '  process.stderr.write = tap;',
  '  globalThis[key] = () => { if (process.stderr.write === tap) process.stderr.write = write; delete globalThis[key]; return chunks; };',
  '}',
];

/** Reads (once) what the preload kept of stderr; empty when there is no preload or it already ran. */
export function takeEarlyStderr(app: ElectronApplication): Promise<string[]> {
  return app
    .evaluate((_electron, key) => {
      const take = (globalThis as Record<symbol, unknown>)[Symbol.for(key)];
      return typeof take === 'function' ? (take() as string[]) : [];
    }, EARLY_STDERR_KEY)
    .catch(() => []);
}

export function preloadInstrumentation(
  scripts: readonly MainInstrumentation[],
  options: { tapStderr?: boolean } = {},
): PreparedInstrumentation {
  if (scripts.length === 0 && !options.tapStderr) return NONE;
  const dir = mkdtempSync(join(tmpdir(), 'stagewright-main-init-'));
  const file = join(dir, 'instrument.cjs');
  writeFileSync(file, preloadSource(scripts, options), { mode: 0o600 });
  return { args: ['-r', file], cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The preload module: each script in its own function, a failing one reported and skipped. */
export function preloadSource(scripts: readonly MainInstrumentation[], options: { tapStderr?: boolean } = {}): string {
  const calls = scripts.map(
    (script) => `run(function (electron, arg, require) {\n${script.body}\n}, ${JSON.stringify(withStage(script, 'launch'))});`,
  );
  return [
    "'use strict';",
    '// Written by Stagewright: fixed main-process instrumentation of loaded plugins, preloaded before the app.',
    '{',
    "  const same = (a) => { try { return require('fs').realpathSync(a) === __filename; } catch { return false; } };",
    '  const at = process.argv.findIndex(same);',
    "  if (at > 0 && (process.argv[at - 1] === '-r' || process.argv[at - 1] === '--require')) process.argv.splice(at - 1, 2);",
    '}',
    ...(options.tapStderr ? STDERR_TAP : []),
    "const electron = require('electron');",
    'function run(fn, arg) {',
    '  const report = (error) => process.stderr.write(`stagewright: main-process instrumentation failed: ${error && error.message ? error.message : String(error)}\\n`);',
    '  try {',
    '    const result = fn(electron, arg, require);',
    "    if (result && typeof result.then === 'function') result.then(undefined, report);",
    '  } catch (error) {',
    '    report(error);',
    '  }',
    '}',
    ...calls,
    '',
  ].join('\n');
}

/** Runs the scripts through Playwright's main-process connection (packaged executables). Failures are ignored: the plugin installs on first use. */
export async function instrumentConnected(app: ElectronApplication, scripts: readonly MainInstrumentation[]): Promise<void> {
  for (const script of scripts) {
    await app
      .evaluate(
        (electron, input: { body: string; arg: unknown }) => {
          const fn = new Function('electron', 'arg', 'require', input.body);
          const proc = process as unknown as { mainModule?: { require: unknown } };
          return Promise.resolve(fn(electron, input.arg, proc.mainModule?.require)).then(() => undefined);
        },
        { body: script.body, arg: withStage(script, 'connect') },
      )
      .catch(() => undefined);
  }
}

function withStage(script: MainInstrumentation, stage: InstrumentationStage): Record<string, unknown> {
  return { ...script.arg, stage };
}
