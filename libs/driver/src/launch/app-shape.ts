import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ToolError } from '@stagewright/sdk';

const ENTRY_FILES = ['package.json', 'index.js', 'index.cjs', 'index.mjs'];
const SCRIPT = /\.(?:c|m)?js$/i;

/**
 * Fail at once when `main` cannot be an app, instead of waiting out the launch timeout (an
 * Electron main process that throws keeps running with an error dialog): a folder needs a
 * package.json or an index script (what Electron looks for), a file must be a readable script
 * (.js, .cjs, .mjs).
 */
export function assertLaunchableMain(main: string | undefined, cwd: string | undefined): void {
  if (main === undefined) return;
  const path = resolve(cwd ?? process.cwd(), main);
  if (!existsSync(path)) return; // the executable reports a missing app itself
  const folder = statSync(path).isDirectory();
  const entry = folder ? ENTRY_FILES.map((name) => join(path, name)).find((file) => existsSync(file)) : path;
  if (entry === undefined || !(folder || SCRIPT.test(path))) {
    const why = folder ? 'has no package.json or index.js' : 'is not a script (.js, .cjs, .mjs)';
    throw new ToolError('LAUNCH_FAILED', `main is not an Electron app: ${path} ${why}.`, { details: { param: 'main', path } });
  }
  try {
    accessSync(entry, constants.R_OK);
  } catch {
    throw new ToolError('LAUNCH_FAILED', `main is not readable by the server's user: ${entry}.`, {
      details: { param: 'main', path: entry },
    });
  }
}
