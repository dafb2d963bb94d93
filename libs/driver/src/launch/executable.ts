import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, resolve } from 'node:path';
import { ToolError } from '@stagewright/sdk';

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
  if (call.executablePath)
    return { path: platformBinary(mustExist(call.executablePath, 'executablePath'), 'executablePath'), source: 'executablePath' };
  const fromEnv = env.STAGEWRIGHT_ELECTRON;
  if (fromEnv)
    return { path: platformBinary(mustExist(fromEnv, 'STAGEWRIGHT_ELECTRON'), 'STAGEWRIGHT_ELECTRON'), source: 'STAGEWRIGHT_ELECTRON' };
  const fromApp = call.main ? appElectron(call.main, call.cwd) : undefined;
  if (fromApp) return { path: fromApp, source: 'app electron package' };
  if (fallback && existsSync(fallback)) return { path: fallback, source: 'fallback runtime' };
  throw new ToolError('LAUNCH_FAILED', 'No Electron executable found.');
}

/** `path` when it exists (on Windows also `path.exe`), else LAUNCH_FAILED naming `what`. */
export function mustExist(path: string, what: string, platform: NodeJS.Platform = process.platform): string {
  // Windows: `C:\\Apps\\Foo\\foo` names foo.exe, as a shell would find it.
  if (platform === 'win32' && !existsSync(path) && !/\.exe$/i.test(path) && existsSync(`${path}.exe`)) return `${path}.exe`;
  if (!existsSync(path)) {
    throw new ToolError('LAUNCH_FAILED', `${what} does not exist: ${path}`);
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

/**
 * The binary to start for a path given as executable. A macOS app bundle (`Foo.app`) is started
 * by its `Contents/MacOS/<CFBundleExecutable>`; elsewhere a bundle cannot run, which is
 * NOT_SUPPORTED naming the platform and what to pass instead. Any other path is returned as is.
 */
export function platformBinary(
  path: string,
  what: string,
  platform: NodeJS.Platform = process.platform,
  exists: (path: string) => boolean = existsSync,
  read: (path: string) => string = (file) => readFileSync(file, 'utf8'),
): string {
  if (!/\.app\/?$/i.test(path)) return path;
  const bundle = path.replace(/\/$/, '');
  if (platform !== 'darwin') {
    throw new ToolError(
      'NOT_SUPPORTED',
      `${what} is a macOS app bundle (${basename(bundle)}), which cannot run on ${platform}; pass the Electron binary of a ${platform} build.`,
      { details: { path: bundle, platform } },
    );
  }
  let name = basename(bundle).replace(/\.app$/i, '');
  try {
    name = /<key>CFBundleExecutable<\/key>\s*<string>([^<]+)<\/string>/.exec(read(join(bundle, 'Contents', 'Info.plist')))?.[1] ?? name;
  } catch {
    // no readable Info.plist: the bundle's own name, as Finder would try
  }
  const binary = join(bundle, 'Contents', 'MacOS', name);
  if (!exists(binary)) {
    throw new ToolError(
      'LAUNCH_FAILED',
      `${what} is an app bundle without its binary: ${binary} does not exist (pass the binary inside Contents/MacOS).`,
    );
  }
  return binary;
}
