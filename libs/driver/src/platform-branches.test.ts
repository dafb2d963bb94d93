// Why: the suites run on Linux here, but users run macOS and Windows (docs/platforms.md). Each
// platform-specific branch either works or refuses with NOT_SUPPORTED naming the platform and
// what to do instead; the platform is injected so every branch runs on this machine.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isToolError } from '@stagewright/sdk';
import { describe, expect, it } from 'vitest';
import { assertInjectSupported, INJECT_PLATFORMS } from './attach/inspectable-process.js';
import { mustExist, platformBinary } from './launch/executable.js';

function refusal(fn: () => unknown): { code: string; message: string; details?: Record<string, unknown> } {
  try {
    fn();
  } catch (error) {
    if (isToolError(error)) return { code: error.code, message: error.message, details: error.details as Record<string, unknown> };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('electron_inject by platform', () => {
  it('is allowed on Linux and macOS', () => {
    expect(INJECT_PLATFORMS).toEqual(['linux', 'darwin']);
    expect(() => assertInjectSupported(4242, 'linux')).not.toThrow();
    expect(() => assertInjectSupported(4242, 'darwin')).not.toThrow();
  });

  it('is NOT_SUPPORTED on Windows, naming the platform and the alternative, before any signal', () => {
    const refused = refusal(() => assertInjectSupported(4242, 'win32'));
    expect(refused).toMatchObject({ code: 'NOT_SUPPORTED', details: { pid: 4242, platform: 'win32' } });
    expect(refused.message).toMatch(/not supported on Windows \(win32\).*SIGUSR1/);
    expect(refused.message).toMatch(/--remote-debugging-port=<port>.*electron_attach/);
  });

  it('is NOT_SUPPORTED on any other platform too', () => {
    expect(refusal(() => assertInjectSupported(4242, 'freebsd')).message).toMatch(/not supported on freebsd/);
  });
});

describe('executables by platform', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sw-platform-'));
  const bundle = join(dir, 'Notes.app');
  mkdirSync(join(bundle, 'Contents', 'MacOS'), { recursive: true });
  writeFileSync(join(bundle, 'Contents', 'MacOS', 'Notes Helper'), '');
  writeFileSync(
    join(bundle, 'Contents', 'Info.plist'),
    '<plist><dict><key>CFBundleName</key><string>Notes</string><key>CFBundleExecutable</key><string>Notes Helper</string></dict></plist>',
  );

  it('macOS: an .app bundle starts its Contents/MacOS/<CFBundleExecutable>', () => {
    expect(platformBinary(bundle, 'executablePath', 'darwin')).toBe(join(bundle, 'Contents', 'MacOS', 'Notes Helper'));
    expect(platformBinary(`${bundle}/`, 'executablePath', 'darwin')).toBe(join(bundle, 'Contents', 'MacOS', 'Notes Helper'));
  });

  it('macOS: without Info.plist the bundle name is the binary; a bundle without it is LAUNCH_FAILED', () => {
    const bare = join(dir, 'Bare.app');
    mkdirSync(join(bare, 'Contents', 'MacOS'), { recursive: true });
    writeFileSync(join(bare, 'Contents', 'MacOS', 'Bare'), '');
    expect(platformBinary(bare, 'executablePath', 'darwin')).toBe(join(bare, 'Contents', 'MacOS', 'Bare'));
    const empty = join(dir, 'Empty.app');
    mkdirSync(empty);
    expect(refusal(() => platformBinary(empty, 'executablePath', 'darwin'))).toMatchObject({ code: 'LAUNCH_FAILED' });
  });

  it('Linux and Windows: an .app bundle is NOT_SUPPORTED, naming the platform and what to pass', () => {
    const linux = refusal(() => platformBinary(bundle, 'executablePath', 'linux'));
    expect(linux).toMatchObject({ code: 'NOT_SUPPORTED', details: { platform: 'linux' } });
    expect(linux.message).toMatch(/macOS app bundle \(Notes\.app\).*cannot run on linux/);
    expect(linux.message).toMatch(/Electron binary of a linux build/);
    expect(refusal(() => platformBinary(bundle, 'STAGEWRIGHT_ELECTRON', 'win32')).message).toMatch(/win32 build/);
  });

  it('any other path is started as given, on every platform', () => {
    for (const platform of ['linux', 'darwin', 'win32'] as const)
      expect(platformBinary('/opt/electron/electron', 'executablePath', platform)).toBe('/opt/electron/electron');
  });

  it('Windows: a path without .exe names the .exe beside it; elsewhere it must exist as given', () => {
    const exe = join(dir, 'electron.exe');
    writeFileSync(exe, '');
    expect(mustExist(join(dir, 'electron'), 'executablePath', 'win32')).toBe(exe);
    expect(refusal(() => mustExist(join(dir, 'electron'), 'executablePath', 'linux'))).toMatchObject({ code: 'LAUNCH_FAILED' });
  });
});
