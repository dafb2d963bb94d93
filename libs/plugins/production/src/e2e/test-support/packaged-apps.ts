// Test support: packaged Electron apps made on the spot, the way a packager lays them out, with
// the real libraries: app.asar written by @electron/asar, fuses flipped by @electron/fuses on a
// copy of a binary-shaped file. No Electron binary is needed: @electron/fuses finds the wire by
// scanning for its sentinel string and reads a version byte, a length byte, then one byte per
// fuse ('0' off, '1' on, 'r' removed) right after it.
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPackage, getRawHeader } from '@electron/asar';
import { type FuseConfig, FuseV1Options, FuseVersion, flipFuses } from '@electron/fuses';

const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';

/**
 * An executable-shaped file: filler around a fuse wire as stock Electron ships it (RunAsNode,
 * NODE_OPTIONS, inspect, file-protocol privileges on; cookie encryption, asar integrity,
 * asar-only off), except that `removed` fuses are marked removed.
 */
export function writeBinary(path: string, removed: FuseV1Options[] = []): void {
  const stock = '101100011'.split('');
  for (const fuse of removed) stock[fuse] = 'r';
  const filler = Buffer.alloc(64 * 1024, 0x90);
  const wire = Buffer.concat([Buffer.from(SENTINEL), Buffer.from([1, stock.length]), Buffer.from(stock.join(''))]);
  writeFileSync(path, Buffer.concat([filler, wire, filler]));
  chmodSync(path, 0o755);
}

/** Writes `files` into a folder and packs it as `dest` with @electron/asar. */
export async function writeAsar(dest: string, files: Record<string, string>): Promise<void> {
  const src = mkdtempSync(join(tmpdir(), 'sw-asar-src-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(src, name, '..'), { recursive: true });
    writeFileSync(join(src, name), text);
  }
  mkdirSync(join(dest, '..'), { recursive: true });
  await createPackage(src, dest);
}

export const APP_FILES = {
  'package.json': JSON.stringify({ name: 'probe-app', productName: 'Probe', version: '2.3.4', main: 'main.js' }),
  'main.js': "require('electron').app.whenReady();\n",
  'index.html': '<!doctype html><title>Probe</title>\n',
};

/**
 * A Linux build folder: the executable (fuses flipped on a copy of the stock binary), helper
 * files a packager puts next to it, and resources/app.asar.
 */
export async function linuxBuild(root: string, config: Omit<FuseConfig, 'version'>, removed: FuseV1Options[] = []): Promise<string> {
  const dir = join(root, 'Probe-linux-x64');
  mkdirSync(dir, { recursive: true });
  writeBinary(join(root, 'stock-electron'), removed);
  copyFileSync(join(root, 'stock-electron'), join(dir, 'probe'));
  await flipFuses(join(dir, 'probe'), { version: FuseVersion.V1, ...config } as FuseConfig);
  writeFileSync(join(dir, 'chrome-sandbox'), 'helper');
  chmodSync(join(dir, 'chrome-sandbox'), 0o755);
  writeFileSync(join(dir, 'libffmpeg.so'), 'lib');
  await writeAsar(join(dir, 'resources', 'app.asar'), APP_FILES);
  return dir;
}

/** A macOS bundle whose Info.plist embeds `hash` (default: the archive's real header hash). */
export async function macBundle(root: string, files: Record<string, string>, hash?: string): Promise<string> {
  const bundle = join(root, 'Probe.app');
  const framework = join(bundle, 'Contents', 'Frameworks', 'Electron Framework.framework');
  mkdirSync(framework, { recursive: true });
  mkdirSync(join(bundle, 'Contents', 'MacOS'), { recursive: true });
  writeBinary(join(framework, 'Electron Framework'));
  await flipFuses(bundle, {
    version: FuseVersion.V1,
    [FuseV1Options.RunAsNode]: false,
    [FuseV1Options.EnableNodeCliInspectArguments]: false,
    [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
  });
  writeFileSync(join(bundle, 'Contents', 'MacOS', 'Probe'), 'launcher');
  const archive = join(bundle, 'Contents', 'Resources', 'app.asar');
  await writeAsar(archive, files);
  const expected = hash ?? createHash('sha256').update(getRawHeader(archive).headerString).digest('hex');
  writeFileSync(
    join(bundle, 'Contents', 'Info.plist'),
    `<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0"><dict>
  <key>CFBundleName</key><string>Probe</string>
  <key>ElectronAsarIntegrity</key>
  <dict><key>Resources/app.asar</key><dict><key>algorithm</key><string>SHA256</string><key>hash</key><string>${expected}</string></dict></dict>
</dict></plist>
`,
  );
  return bundle;
}

/** The committed packaged-app fixtures (made by fixtures/make-fixtures.mjs). */
export const FIXTURES = join(import.meta.dirname, '..', '..', '..', 'fixtures');

/**
 * A copy of a committed fixture under `root`, with files replaced (`null` deletes) and, when
 * `asar` is given, the archive at `archive` repacked from those files.
 */
export async function variantOf(
  fixture: 'linux-unpacked' | 'Probe.app',
  root: string,
  name: string,
  change: { files?: Record<string, string | null>; asar?: Record<string, string> },
): Promise<string> {
  const dir = join(root, name, fixture);
  cpSync(join(FIXTURES, fixture), dir, { recursive: true });
  for (const [file, text] of Object.entries(change.files ?? {})) {
    if (text === null) rmSync(join(dir, file), { force: true });
    else writeFileSync(join(dir, file), text);
  }
  if (change.asar) {
    const archive = join(dir, fixture.endsWith('.app') ? 'Contents/Resources/app.asar' : 'resources/app.asar');
    rmSync(archive);
    await writeAsar(archive, change.asar);
  }
  return dir;
}

/** The fixture app's packed files (main.js calls crashReporter.start and setAsDefaultProtocolClient('probe')). */
export const PROBE_FILES = {
  'package.json': JSON.stringify({ name: 'probe-app', productName: 'Probe', version: '1.4.0', main: 'main.js' }),
  'main.js': "const { app } = require('electron');\napp.whenReady();\n",
};
