// Before a release ships, what the packager declared must match what the code uses: a URL scheme
// the code registers but no Info.plist / .desktop declares never opens the app, an update feed
// over http can be swapped in transit, a crash reporter posting dumps in clear leaks memory.
// Committed packaged-app fixtures and variants of them, checked through a real MCP client; the
// AppImage signature is read from ELF files objcopy writes.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectInMemory, type InMemoryConnection } from '@stagewright/harness';
import { createStagewrightServer, type StagewrightServerOptions } from '@stagewright/mcp-server';
import productionPlugin from '../index.js';
import { FIXTURES, PROBE_FILES, variantOf } from './test-support/packaged-apps.js';

interface Checked {
  id: string;
  verdict: string;
  reason: string;
}
const only = (result: Record<string, unknown>) => {
  const checks = result.checks as Checked[];
  expect(checks).toHaveLength(1);
  return checks[0]!;
};

describe('production_packaging and the AppImage signature', () => {
  let root: string;
  let conn: InMemoryConnection;
  const packaging = (path: string, checks?: string[]) => conn.call('production_packaging', { path, ...(checks ? { checks } : {}) });
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'sw-packaging-'));
    conn = await connectInMemory<StagewrightServerOptions, Awaited<ReturnType<typeof createStagewrightServer>>>({
      plugins: [productionPlugin],
      create: (options) => createStagewrightServer(options),
    });
  });
  afterAll(async () => {
    await conn?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('passes the Linux fixture: its .desktop hands probe:// to the app, the feed is https, crashes go to an https endpoint', async () => {
    const result = await packaging(join(FIXTURES, 'linux-unpacked'));
    expect(result).toMatchObject({ ok: true, verdict: 'pass', platform: 'linux', counts: { pass: 3, fail: 0, unknown: 0 } });
    expect(result.checks).toEqual([
      { id: 'packaging:url-schemes', verdict: 'pass', reason: 'probe.desktop declares probe; the code registers probe.' },
      { id: 'packaging:updater', verdict: 'pass', reason: expect.stringContaining('https://updates.example.com/probe over https') },
      { id: 'packaging:crash-reporter', verdict: 'pass', reason: expect.stringContaining('https://crash.example.com') },
    ]);
  });

  it('fails a .desktop that drops the link (no %u) or does not declare the scheme the code registers', async () => {
    const desktop = (exec: string, mime: string) => `[Desktop Entry]\nName=Probe\nExec=${exec}\nType=Application\nMimeType=${mime}\n`;
    const noArg = await variantOf('linux-unpacked', root, 'no-arg', {
      files: { 'probe.desktop': desktop('probe', 'x-scheme-handler/probe;') },
    });
    expect(only(await packaging(noArg, ['url-schemes']))).toMatchObject({ verdict: 'fail', reason: expect.stringContaining('lacks %u') });
    const other = await variantOf('linux-unpacked', root, 'other', {
      files: { 'probe.desktop': desktop('probe %U', 'x-scheme-handler/other;') },
    });
    expect(only(await packaging(other, ['url-schemes']))).toMatchObject({
      verdict: 'fail',
      reason: expect.stringContaining("setAsDefaultProtocolClient('probe') but probe.desktop does not declare probe"),
    });
  });

  it('reads CFBundleURLTypes from Info.plist and refuses a bundle that claims https', async () => {
    expect(only(await packaging(join(FIXTURES, 'Probe.app'), ['url-schemes']))).toMatchObject({
      verdict: 'pass',
      reason: 'Info.plist CFBundleURLTypes declares probe; the code registers probe.',
    });
    const plist = readFileSync(join(FIXTURES, 'Probe.app', 'Contents', 'Info.plist'), 'utf8');
    const claims = await variantOf('Probe.app', root, 'claims-https', {
      files: {
        'Contents/Info.plist': plist.replace('<string>probe</string></array>', '<string>probe</string><string>https</string></array>'),
      },
    });
    expect(only(await packaging(claims, ['url-schemes']))).toMatchObject({
      verdict: 'fail',
      reason: expect.stringContaining('claims https'),
    });
  });

  it('judges the update feed: http fails, a missing file with electron-updater packed fails, github keys pass', async () => {
    expect(only(await packaging(join(FIXTURES, 'Probe.app'), ['updater']))).toMatchObject({
      verdict: 'fail',
      reason: expect.stringContaining('from http://'),
    });
    const missing = await variantOf('linux-unpacked', root, 'no-feed', { files: { 'resources/app-update.yml': null } });
    expect(only(await packaging(missing, ['updater']))).toMatchObject({ verdict: 'fail', reason: expect.stringContaining('ENOENT') });
    const noUrl = await variantOf('linux-unpacked', root, 'no-url', { files: { 'resources/app-update.yml': 'provider: generic\n' } });
    expect(only(await packaging(noUrl, ['updater']))).toMatchObject({ verdict: 'fail', reason: expect.stringContaining('no url') });
    const github = await variantOf('linux-unpacked', root, 'github', {
      files: { 'resources/app-update.yml': "provider: github\nowner: example\nrepo: 'probe'\n" },
    });
    expect(only(await packaging(github, ['updater']))).toMatchObject({ verdict: 'pass', reason: expect.stringContaining('example/probe') });
  });

  it('fails crash dumps posted over http or with no crashpad handler, and does not pass an app with no reporter', async () => {
    const main = (line: string) => ({ ...PROBE_FILES, 'main.js': `const { app, crashReporter } = require('electron');\n${line}\n` });
    const http = await variantOf('linux-unpacked', root, 'http-crash', {
      asar: main("crashReporter.start({ submitURL: 'http://crash.example.com/x' });"),
    });
    expect(only(await packaging(http, ['crash-reporter']))).toMatchObject({
      verdict: 'fail',
      reason: expect.stringContaining('not https'),
    });
    const noHandler = await variantOf('linux-unpacked', root, 'no-handler', { files: { chrome_crashpad_handler: null } });
    expect(only(await packaging(noHandler, ['crash-reporter']))).toMatchObject({
      verdict: 'fail',
      reason: expect.stringContaining('no chrome_crashpad_handler'),
    });
    const none = await variantOf('linux-unpacked', root, 'no-reporter', { asar: PROBE_FILES });
    expect(only(await packaging(none, ['crash-reporter']))).toMatchObject({ verdict: 'unknown' });
  });

  it('refuses an unknown check group with the accepted ones, a path where nothing is, and one outside --app-root', async () => {
    expect(await packaging(join(FIXTURES, 'linux-unpacked'), ['bogus'])).toMatchObject({
      ok: false,
      code: 'BAD_ARGUMENT',
      error: expect.stringContaining('url-schemes, updater, crash-reporter'),
    });
    expect(await packaging(join(root, 'nowhere'))).toMatchObject({ ok: false, code: 'production.NOT_FOUND' });
    const fenced = await connectInMemory<StagewrightServerOptions, Awaited<ReturnType<typeof createStagewrightServer>>>({
      plugins: [productionPlugin],
      appRoot: join(FIXTURES, 'linux-unpacked'),
      create: (options) => createStagewrightServer(options),
    });
    try {
      expect(await fenced.call('production_packaging', { path: join(FIXTURES, 'Probe.app') })).toMatchObject({
        ok: false,
        code: 'PATH_OUTSIDE_ROOT',
      });
      expect(await fenced.call('production_packaging', { path: join(FIXTURES, 'linux-unpacked') })).toMatchObject({ ok: true });
    } finally {
      await fenced.close();
    }
  });

  it('judges an AppImage by its signature section: absent or empty fails, filled is unverified without AppImageKit', async () => {
    const base = join(root, 'true-elf');
    copyFileSync('/bin/true', base);
    const signature = (name: string, section?: Buffer) => {
      const out = join(root, `${name}.AppImage`);
      if (!section) copyFileSync(base, out);
      else {
        writeFileSync(join(root, `${name}.sig`), section);
        execFileSync('objcopy', ['--add-section', `.sha256_sig=${join(root, `${name}.sig`)}`, base, out]);
      }
      return conn.call('production_validate', { path: out, checks: ['signatures'] }).then(only);
    };
    expect(await signature('bare')).toMatchObject({ verdict: 'fail', reason: expect.stringContaining('no .sha256_sig section') });
    expect(await signature('empty', Buffer.alloc(1024))).toMatchObject({
      verdict: 'fail',
      reason: expect.stringContaining('section is empty'),
    });
    const signed = await signature(
      'signed',
      Buffer.from('-----BEGIN PGP SIGNATURE-----\n\niQEzBAABCAAdFiEE\n-----END PGP SIGNATURE-----\n'),
    );
    expect(signed).toMatchObject({ id: 'signature:package', verdict: 'unknown' });
    expect(signed.reason).toMatch(/carries a signature .* validate is not on PATH here: run validate \/.*signed\.AppImage$/);
  });
});
