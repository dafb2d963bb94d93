import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { pathToFuseFile } from '@electron/fuses';

export type TargetPlatform = 'darwin' | 'win32' | 'linux';

/** Where the parts of a packaged app are, as far as the path tells. */
export interface AppLayout {
  platform: TargetPlatform;
  /** The file holding the fuse wire (the executable, or the Electron Framework on macOS). */
  fuseFile?: string;
  executable?: string;
  /** The folder that holds app.asar (resources/ or Contents/Resources/). */
  resources?: string;
  infoPlist?: string;
  /** The .app folder of a macOS build: what codesign, stapler and spctl check. */
  bundle?: string;
}

/** Files next to the Electron binary of a Linux build that are not the app's executable. */
const LINUX_HELPERS = /^(chrome-sandbox|chrome_crashpad_handler|.*\.so(\.\d+)*|.*\.sh|.*\.pak|.*\.bin|.*\.dat)$/;

/**
 * Reads the layout from a path: a macOS `.app` bundle (or the binary inside it), a Windows or
 * Linux executable, or the folder a packager wrote (the executable is then its largest
 * executable file, which the Electron binary always is).
 */
export function locateApp(path: string): AppLayout {
  const stat = statSync(path);
  if (stat.isDirectory() && path.replace(/[\\/]+$/, '').endsWith('.app')) return macBundle(path);
  if (stat.isFile()) {
    if (/\.app[\\/]Contents[\\/]MacOS[\\/]/.test(path)) return macBundle(path.split(/[\\/]Contents[\\/]MacOS[\\/]/)[0]);
    const platform: TargetPlatform = path.toLowerCase().endsWith('.exe') ? 'win32' : 'linux';
    const resources = join(dirname(path), 'resources');
    return { platform, executable: path, fuseFile: path, resources: existsSync(resources) ? resources : undefined };
  }
  const resources = existsSync(join(path, 'resources')) ? join(path, 'resources') : undefined;
  const files = readdirSync(path, { withFileTypes: true }).filter((entry) => entry.isFile());
  const exe = files.filter((entry) => entry.name.toLowerCase().endsWith('.exe'));
  const candidates = exe.length
    ? exe
    : files.filter((entry) => !LINUX_HELPERS.test(entry.name) && (statSync(join(path, entry.name)).mode & 0o111) !== 0);
  const largest = candidates
    .map((entry) => ({ file: join(path, entry.name), size: statSync(join(path, entry.name)).size }))
    .sort((a, b) => b.size - a.size)[0]?.file;
  return { platform: exe.length ? 'win32' : 'linux', executable: largest, fuseFile: largest, resources };
}

function macBundle(bundle: string): AppLayout {
  const macos = join(bundle, 'Contents', 'MacOS');
  const binary = existsSync(macos) ? readdirSync(macos).find((name) => !name.startsWith('.')) : undefined;
  const fuseFile = pathToFuseFile(bundle);
  return {
    platform: 'darwin',
    bundle,
    executable: binary ? join(macos, binary) : undefined,
    fuseFile: existsSync(fuseFile) ? fuseFile : binary ? join(macos, binary) : undefined,
    resources: join(bundle, 'Contents', 'Resources'),
    infoPlist: join(bundle, 'Contents', 'Info.plist'),
  };
}

export const describeLayout = (layout: AppLayout) => ({
  platform: layout.platform,
  executable: layout.executable ? basename(layout.executable) : null,
});
