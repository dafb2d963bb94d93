import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ToolError } from '@stagewright/sdk';

const ENTRY_FILES = ['package.json', 'index.js', 'index.cjs', 'index.mjs'];

/**
 * Fail at once when `main` cannot be an app, instead of waiting out the launch timeout: a
 * folder needs a package.json or an index script (what Electron looks for), a file must be
 * readable. A readable file that is not JavaScript fails fast on its own (the app exits).
 */
export function assertLaunchableMain(main: string | undefined, cwd: string | undefined): void {
  if (main === undefined) return;
  const path = resolve(cwd ?? process.cwd(), main);
  if (!existsSync(path)) return; // the executable reports a missing app itself
  const folder = statSync(path).isDirectory();
  const entry = folder ? ENTRY_FILES.map((name) => join(path, name)).find((file) => existsSync(file)) : path;
  if (entry === undefined) {
    throw new ToolError('LAUNCH_FAILED', `main is not an Electron app: ${path} has no package.json or index.js.`, {
      hint: "Pass the app's folder (with its package.json) or its main script.",
      details: { param: 'main', path },
    });
  }
  try {
    accessSync(entry, constants.R_OK);
  } catch {
    throw new ToolError('LAUNCH_FAILED', `main is not readable by the server's user: ${entry}.`, {
      hint: "Pass the app's folder (with its package.json) or its main script, readable by the user running the server.",
      details: { param: 'main', path: entry },
    });
  }
}
