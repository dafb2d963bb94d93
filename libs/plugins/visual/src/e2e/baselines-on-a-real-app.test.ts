// A visual check is worth something only if it passes on an unchanged screen, fails on a changed
// one with the evidence kept on disk, never moves a baseline without an explicit confirmation,
// refuses to compare captures taken in different conditions, and never writes outside its
// folders. All of it on one running fixture app, through a real MCP client on the shipped server.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { electronExecutable } from '@stagewright/fake-electron';
import { formsA11yApp } from '@stagewright/fixtures/forms-a11y';
import { connectInMemory, type Envelope, type InMemoryConnection } from '@stagewright/harness';
import { createStagewrightServer, type StagewrightServerOptions } from '@stagewright/mcp-server';
import createVisualPlugin from '../index.js';

let app: InMemoryConnection;
let work: string;
let baselineDir: string;
let artifactDir: string;

/** A server with the visual plugin on this test's folders, apps on fake-electron. */
const connect = () =>
  connectInMemory({
    plugins: [createVisualPlugin],
    pluginConfigs: { visual: { baselineDir, artifactDir } },
    create: (options: StagewrightServerOptions) =>
      createStagewrightServer({ ...options, driverOptions: { fallbackExecutablePath: electronExecutable() } }),
  });

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'stagewright-visual-'));
  baselineDir = join(work, 'baselines');
  artifactDir = join(work, 'artifacts');
  app = await connect();
  const launched = await app.call('electron_launch', { main: formsA11yApp.dir });
  if (!launched.ok) throw new Error(`launch failed: ${JSON.stringify(launched)}`);
  await must('electron_click', { selector: 'nav a:text-is("Settings")' });
  await must('electron_expect_text', { selector: 'h1', contains: 'Settings' });
}, 120_000);

afterAll(async () => {
  await app?.call('electron_stop', {}).catch(() => undefined);
  await app?.close();
  if (work && !process.env.KEEP_VISUAL) await rm(work, { recursive: true, force: true });
});

/** Calls a tool that must succeed; a failure shows the whole envelope. */
async function must(tool: string, args: Record<string, unknown>): Promise<Envelope> {
  const result = await app.call(tool, args);
  if (!result.ok) throw new Error(`${tool} failed: ${JSON.stringify(result)}`);
  return result;
}

/** A first check (kept as the actual image) approved as the baseline. */
async function recordBaseline(name: string, args: Record<string, unknown> = {}): Promise<void> {
  expect(await app.call('visual_check', { name, ...args })).toMatchObject({ ok: false, code: 'visual.NO_BASELINE' });
  await must('visual_approve', { name, confirm: true });
}

/** Moves focus off the last control (a click on the heading), so no focus ring shows in captures. */
async function blur(): Promise<void> {
  await must('electron_click', { selector: 'h1' });
}

async function chooseAccent(colour: 'Blue' | 'Orange'): Promise<void> {
  await must('electron_check', { selector: `label:has-text("${colour}") input` });
  await blur();
}

describe('visual_check and visual_approve on the forms app', () => {
  it('keeps a first capture, approves it only with confirm, then matches it', async () => {
    const first = await app.call('visual_check', { name: 'preview', selector: '#preview' });
    expect(first).toMatchObject({ ok: false, code: 'visual.NO_BASELINE', details: { actual: join(artifactDir, 'preview.actual.png') } });
    // 160×80 CSS px at scale 1; the box may start mid-pixel, adding a row.
    const actual = PNG.sync.read(await readFile(join(artifactDir, 'preview.actual.png')));
    expect(actual.width).toBe(160);
    expect([80, 81]).toContain(actual.height);

    expect(await app.call('visual_approve', { name: 'preview' })).toMatchObject({ ok: false, code: 'visual.CONFIRM_REQUIRED' });
    const otherServer = await connect();
    try {
      // Same folders, other server: it never captured "preview", so it has nothing to approve.
      expect(await otherServer.call('visual_approve', { name: 'preview', confirm: true })).toMatchObject({
        ok: false,
        code: 'visual.NOTHING_TO_APPROVE',
      });
    } finally {
      await otherServer.close();
    }
    expect(existsSync(join(baselineDir, 'preview.png'))).toBe(false);

    expect(await must('visual_approve', { name: 'preview', confirm: true })).toMatchObject({
      replaced: false,
      width: 160,
      height: actual.height,
    });
    const sidecar = JSON.parse(await readFile(join(baselineDir, 'preview.json'), 'utf8'));
    expect(sidecar).toMatchObject({
      name: 'preview',
      target: '#preview',
      environment: {
        platform: process.platform,
        electron: expect.any(String),
        chrome: expect.any(String),
        viewport: { width: 800, height: 600 },
        deviceScaleFactor: 1,
        colorScheme: 'light',
      },
    });
    expect(await readdir(artifactDir)).toEqual([]);
    expect(await must('visual_check', { name: 'preview', selector: '#preview' })).toMatchObject({ match: true, diffPixels: 0 });
    expect(await app.call('visual_approve', { name: 'preview', confirm: true })).toMatchObject({
      ok: false,
      code: 'visual.NOTHING_TO_APPROVE',
    });
  });

  it('reports a changed element as a mismatch with the diff kept, and leaves the baseline until confirmed', async () => {
    await recordBaseline('accent', { selector: '#preview' });
    const approved = await readFile(join(baselineDir, 'accent.png'));
    await chooseAccent('Orange');
    try {
      const mismatch = await app.call('visual_check', { name: 'accent', selector: '#preview' });
      expect(mismatch).toMatchObject({
        ok: false,
        code: 'visual.MISMATCH',
        details: {
          diffPixels: expect.any(Number),
          actual: join(artifactDir, 'accent.actual.png'),
          diff: join(artifactDir, 'accent.diff.png'),
        },
      });
      const details = mismatch.details as { diffPixels: number; diffRatio: number };
      expect(details.diffPixels).toBeGreaterThan(160 * 80 * 0.5);
      const diff = PNG.sync.read(await readFile(join(artifactDir, 'accent.diff.png')));
      expect(diff.width).toBe(160);

      expect(await must('visual_check', { name: 'accent', selector: '#preview', maxDiffRatio: 1 })).toMatchObject({ match: true });
      expect(await app.call('visual_check', { name: 'accent', selector: '#preview', maxDiffRatio: details.diffRatio / 2 })).toMatchObject({
        code: 'visual.MISMATCH',
      });
      expect(await app.call('visual_approve', { name: 'accent', confirm: false })).toMatchObject({
        ok: false,
        code: 'visual.CONFIRM_REQUIRED',
        details: { diff: join(artifactDir, 'accent.diff.png') },
      });
      expect(await readFile(join(baselineDir, 'accent.png'))).toEqual(approved);
    } finally {
      await chooseAccent('Blue');
    }
    expect(await must('visual_check', { name: 'accent', selector: '#preview' })).toMatchObject({ match: true, diffPixels: 0 });
    expect(existsSync(join(artifactDir, 'accent.diff.png'))).toBe(false);
  });

  it('ignores masked elements, in the capture and in the baseline, in a window capture', async () => {
    const accentControls = ['#preview', 'fieldset'];
    await recordBaseline('settings-plain');
    await recordBaseline('settings-masked', { mask: accentControls });
    await chooseAccent('Orange');
    try {
      expect(await app.call('visual_check', { name: 'settings-plain' })).toMatchObject({ ok: false, code: 'visual.MISMATCH' });
      expect(await must('visual_check', { name: 'settings-plain', mask: accentControls })).toMatchObject({
        match: true,
        width: 800,
        height: 600,
      });
      // The baseline's own masked boxes stay ignored, whatever a later check masks.
      expect(await must('visual_check', { name: 'settings-masked' })).toMatchObject({ match: true });
    } finally {
      await chooseAccent('Blue');
    }
  });

  it('refuses to compare across a changed viewport, before any pixel is compared', async () => {
    // The status line is empty until the size changes, then reports it: its box grows from
    // nothing, and the comparison ignores it because the check masks it.
    const sizeLine = { mask: ['#size'] };
    await recordBaseline('settings-window', sizeLine);
    await must('electron_check', { selector: '#compact' });
    await must('electron_expect_text', { selector: '#size', contains: '640×480' });
    await blur();
    try {
      const refused = await app.call('visual_check', { name: 'settings-window', ...sizeLine });
      expect(refused).toMatchObject({
        ok: false,
        code: 'visual.INCOMPARABLE',
        details: { differences: [{ field: 'viewport', baseline: { width: 800, height: 600 }, actual: { width: 640, height: 480 } }] },
      });
      expect(existsSync(join(artifactDir, 'settings-window.diff.png'))).toBe(false);
    } finally {
      await must('electron_uncheck', { selector: '#compact' });
      await must('electron_expect_text', { selector: '#size', contains: '800×600' });
      await blur();
    }
    expect(await must('visual_check', { name: 'settings-window', ...sizeLine })).toMatchObject({ match: true });
  });

  it('refuses bad names, baselines linked outside the folder and oversized images, writing nothing', async () => {
    for (const name of ['../escape', '.hidden', 'a/b', 'x.png', '']) {
      expect(await app.call('visual_check', { name })).toMatchObject({ ok: false, code: 'BAD_ARGUMENT', details: { param: 'name' } });
    }
    expect(await app.call('visual_approve', { name: 'nul', confirm: true })).toMatchObject({ ok: false, code: 'BAD_ARGUMENT' });
    expect(await app.call('visual_check', { name: 'bad-mask', mask: ['div >>'] })).toMatchObject({
      ok: false,
      code: 'BAD_ARGUMENT',
      details: { param: 'mask' },
    });
    expect(existsSync(join(artifactDir, 'bad-mask.actual.png'))).toBe(false);

    const baselinesBefore = await readdir(baselineDir);
    const outside = join(work, 'outside.png');
    await writeFile(outside, 'not yours');
    await symlink(outside, join(baselineDir, 'linked.png'));
    await writeFile(join(baselineDir, 'linked.json'), await readFile(join(baselineDir, 'preview.json')));
    expect(await app.call('visual_check', { name: 'linked', selector: '#preview' })).toMatchObject({
      ok: false,
      code: 'visual.PATH_OUTSIDE_ROOT',
    });
    expect(await readFile(outside, 'utf8')).toBe('not yours');

    const huge = Buffer.alloc(33);
    Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex').copy(huge);
    huge.writeUInt32BE(100_000, 16);
    huge.writeUInt32BE(100_000, 20);
    await writeFile(join(baselineDir, 'huge.png'), huge);
    await writeFile(join(baselineDir, 'huge.json'), await readFile(join(baselineDir, 'preview.json')));
    expect(await app.call('visual_check', { name: 'huge', selector: '#preview' })).toMatchObject({
      ok: false,
      code: 'visual.IMAGE_TOO_LARGE',
    });
    expect((await readdir(work)).sort()).toEqual(['artifacts', 'baselines', 'outside.png']);
    // Only the files this test planted were added to the baselines; no capture was kept for them.
    expect((await readdir(baselineDir)).sort()).toEqual([...baselinesBefore, 'huge.json', 'huge.png', 'linked.json', 'linked.png'].sort());
    for (const name of ['linked', 'huge']) expect(existsSync(join(artifactDir, `${name}.actual.png`))).toBe(false);
  });

  // Plugin element tools share the core's failure translator (ADR-0014), so a target the check
  // cannot capture gets the code electron_screenshot gives, not INTERNAL_ERROR or a hang.
  it('names a selector that matches nothing ELEMENT_NOT_FOUND, as core element tools do', async () => {
    expect(await app.call('visual_check', { name: 'nothing', selector: '#no-such-element' })).toMatchObject({
      ok: false,
      code: 'ELEMENT_NOT_FOUND',
    });
  }, 60_000);
});
