import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { CoreTools, ToolError } from '@stagewright/sdk';

export type ExecutableSource = 'executablePath' | 'STAGEWRIGHT_ELECTRON' | 'app electron package' | 'fallback runtime';

export interface ResolvedExecutable {
  path: string;
  source: ExecutableSource;
}

/**
 * The executable, in order: the call's executablePath, STAGEWRIGHT_ELECTRON, the app project's
 * own `electron` package, then the configured fallback (the stand-in runtime in tests).
 */
export function resolveExecutable(
  call: { executablePath?: string; main?: string; cwd?: string },
  env: NodeJS.ProcessEnv,
  fallback: string | undefined,
): ResolvedExecutable {
  if (call.executablePath) return { path: mustExist(call.executablePath, 'executablePath'), source: 'executablePath' };
  const fromEnv = env.STAGEWRIGHT_ELECTRON;
  if (fromEnv) return { path: mustExist(fromEnv, 'STAGEWRIGHT_ELECTRON'), source: 'STAGEWRIGHT_ELECTRON' };
  const fromApp = call.main ? appElectron(call.main, call.cwd) : undefined;
  if (fromApp) return { path: fromApp, source: 'app electron package' };
  if (fallback && existsSync(fallback)) return { path: fallback, source: 'fallback runtime' };
  throw new ToolError('LAUNCH_FAILED', 'No Electron executable found.', {
    hint: 'Pass executablePath, set STAGEWRIGHT_ELECTRON=/path/to/electron, or install electron in the app project.',
    next: [CoreTools.doctor],
  });
}

function mustExist(path: string, what: string): string {
  if (!existsSync(path)) {
    throw new ToolError('LAUNCH_FAILED', `${what} does not exist: ${path}`, {
      hint: what === 'STAGEWRIGHT_ELECTRON' ? 'Point STAGEWRIGHT_ELECTRON at an Electron binary, or unset it.' : undefined,
    });
  }
  return path;
}

/**
 * The binary of the app's own `electron` dependency. Reads the package's path.txt (what its
 * index.js would return) instead of executing the package, and ignores a package whose binary
 * was never downloaded.
 */
export function appElectron(main: string, cwd?: string): string | undefined {
  const start = resolve(cwd ?? process.cwd(), main);
  const dir = existsSync(start) && statSync(start).isDirectory() ? start : dirname(start);
  try {
    const pkg = createRequire(join(dir, 'package.json')).resolve('electron/package.json');
    const root = dirname(pkg);
    const rel = readFileSync(join(root, 'path.txt'), 'utf8').trim();
    const binary = join(root, 'dist', rel);
    return existsSync(binary) ? binary : undefined;
  } catch {
    return undefined;
  }
}
