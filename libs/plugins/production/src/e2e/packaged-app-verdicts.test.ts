// Before an agent tries to automate a shipped build it needs to know what the build allows: the
// fuses that shut the main-process inspector (and with it electron_launch and electron_inject),
// whether app.asar is there, readable and verifiable, and what cannot be known on this machine
// (signatures) reported as unknown, never as a pass. Builds are packaged in the test with the
// real @electron/asar and @electron/fuses, and validated through a real MCP client.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FuseV1Options } from '@electron/fuses';
import { connectInMemory, type InMemoryConnection } from '@stagewright/harness';
import { createStagewrightServer, type StagewrightServerOptions } from '@stagewright/mcp-server';
import productionPlugin from '../index.js';
import { APP_FILES, linuxBuild, macBundle, writeBinary } from './test-support/packaged-apps.js';

interface Checked {
  id: string;
  verdict: string;
  reason: string;
  agent?: string;
}
const byId = (result: Record<string, unknown>) => Object.fromEntries((result.checks as Checked[]).map((c) => [c.id, c]));

const connect = (options: Partial<StagewrightServerOptions> = {}) =>
  connectInMemory<StagewrightServerOptions, Awaited<ReturnType<typeof createStagewrightServer>>>({
    plugins: [productionPlugin],
    ...options,
    create: (serverOptions) => createStagewrightServer(serverOptions),
  });

describe('production_validate on packaged builds made in the test', () => {
  let root: string;
  let conn: InMemoryConnection;
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'sw-production-'));
    conn = await connect();
  });
  afterAll(async () => {
    await conn?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('judges each fuse of a Linux build, says what the open inspector means, and never passes what it cannot know', async () => {
    const build = await linuxBuild(
      join(root, 'linux'),
      {
        [FuseV1Options.RunAsNode]: false,
        [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
        [FuseV1Options.EnableCookieEncryption]: true,
        [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
        [FuseV1Options.OnlyLoadAppFromAsar]: true,
      },
      [FuseV1Options.GrantFileProtocolExtraPrivileges],
    );
    const result = await conn.call('production_validate', { path: build });
    expect(result).toMatchObject({
      ok: true,
      verdict: 'fail',
      platform: 'linux',
      executable: 'probe',
      package: { name: 'probe-app', version: '2.3.4' },
    });
    const checks = byId(result);
    expect(checks['fuse:RunAsNode']).toMatchObject({ verdict: 'pass' });
    expect(checks['fuse:EnableNodeOptionsEnvironmentVariable']).toMatchObject({ verdict: 'pass' });
    expect(checks['fuse:EnableNodeCliInspectArguments']).toMatchObject({
      verdict: 'fail',
      agent: expect.stringContaining('electron_inject'),
    });
    expect(checks['fuse:OnlyLoadAppFromAsar']).toMatchObject({ verdict: 'pass' });
    expect(checks['fuse:GrantFileProtocolExtraPrivileges']).toMatchObject({
      verdict: 'unknown',
      reason: expect.stringContaining('removed'),
    });
    expect(checks['asar:present']).toMatchObject({ verdict: 'pass' });
    expect(checks['asar:readable']).toMatchObject({ verdict: 'pass', reason: expect.stringContaining('3 files') });
    expect(checks['asar:integrity']).toMatchObject({ verdict: 'pass' });
    expect(checks['asar:embedded-integrity']).toMatchObject({ verdict: 'unknown' });
    expect(checks['package:metadata']).toMatchObject({ verdict: 'pass', reason: 'Probe 2.3.4.' });
    expect(checks['package:main']).toMatchObject({ verdict: 'pass' });
    expect(checks['signature:package']).toMatchObject({ verdict: 'unknown' });
    expect(result.counts).toEqual({ pass: 10, fail: 1, unknown: 3 });
  });

  it('reads a macOS bundle: fuses from the Electron Framework, the embedded asar hash, and signatures left unknown', async () => {
    const bundle = await macBundle(join(root, 'mac'), APP_FILES);
    const checks = byId(await conn.call('production_validate', { path: bundle }));
    expect(checks['fuse:EnableNodeCliInspectArguments']).toMatchObject({
      verdict: 'pass',
      agent: expect.stringContaining('electron_launch'),
    });
    expect(checks['fuse:EnableEmbeddedAsarIntegrityValidation']).toMatchObject({ verdict: 'pass' });
    expect(checks['asar:embedded-integrity']).toMatchObject({ verdict: 'pass' });
    expect(checks['signature:codesign']).toMatchObject({ verdict: 'unknown', reason: expect.stringContaining('codesign --verify') });
    expect(checks['signature:notarization']).toMatchObject({ verdict: 'unknown' });
  });

  it('fails a tampered archive hash and a main script that is not packed', async () => {
    const files = { ...APP_FILES, 'package.json': JSON.stringify({ name: 'probe-app', version: '1.0.0', main: 'dist/missing.js' }) };
    const bundle = await macBundle(join(root, 'tampered'), files, 'ab'.repeat(32));
    const result = await conn.call('production_validate', { path: bundle });
    const checks = byId(result);
    expect(checks['asar:embedded-integrity']).toMatchObject({
      verdict: 'fail',
      reason: expect.stringContaining(`expects ${'ab'.repeat(32)}`),
    });
    expect(checks['package:main']).toMatchObject({ verdict: 'fail', agent: expect.stringContaining('LAUNCH_FAILED') });
    expect(result.verdict).toBe('fail');
  });

  it('fails a loose app folder and leaves fuses unknown when the binary has no fuse wire', async () => {
    const dir = join(root, 'loose');
    mkdirSync(join(dir, 'resources', 'app'), { recursive: true });
    writeFileSync(join(dir, 'resources', 'app', 'package.json'), '{}');
    writeFileSync(join(dir, 'app'), 'not electron');
    const checks = byId(await conn.call('production_validate', { path: join(dir, 'app') }));
    expect(checks['asar:present']).toMatchObject({ verdict: 'fail', reason: expect.stringContaining('loose') });
    expect(checks['fuse:RunAsNode']).toMatchObject({ verdict: 'unknown', reason: expect.stringContaining('No fuse wire') });
    expect(Object.values(checks).some((c) => c.verdict === 'pass')).toBe(false);
  });

  it('fails an archive whose header claims more than it may read, without reading it', async () => {
    const dir = join(root, 'corrupt');
    mkdirSync(join(dir, 'resources'), { recursive: true });
    const head = Buffer.alloc(8);
    head.writeUInt32LE(4, 0);
    head.writeUInt32LE(0xfffffff0, 4);
    writeFileSync(join(dir, 'resources', 'app.asar'), Buffer.concat([head, Buffer.from('{"files":{}}')]));
    writeBinary(join(dir, 'probe'));
    const checks = byId(await conn.call('production_validate', { path: dir }));
    expect(checks['asar:present']).toMatchObject({ verdict: 'pass' });
    expect(checks['asar:readable']).toMatchObject({ verdict: 'fail', reason: expect.stringContaining('over the') });
    expect(checks['package:metadata']).toBeUndefined();
    expect(checks['fuse:RunAsNode']).toMatchObject({ verdict: 'fail', reason: expect.stringContaining('ELECTRON_RUN_AS_NODE') });
  });

  it('refuses a path that is not there, and one outside --app-root, reading nothing', async () => {
    expect(await conn.call('production_validate', { path: join(root, 'nowhere') })).toMatchObject({
      ok: false,
      code: 'production.NOT_FOUND',
    });
    const inside = join(root, 'confined');
    mkdirSync(inside, { recursive: true });
    writeBinary(join(root, 'outside-electron'));
    const confined = await connect({ appRoot: inside });
    try {
      const refused = await confined.call('production_validate', { path: join(root, 'outside-electron') });
      expect(refused).toMatchObject({ ok: false, code: 'PATH_OUTSIDE_ROOT' });
      expect(await confined.call('production_validate', { path: join(inside, '..', 'linux') })).toMatchObject({
        ok: false,
        code: 'PATH_OUTSIDE_ROOT',
      });
    } finally {
      await confined.close();
    }
  });
});
