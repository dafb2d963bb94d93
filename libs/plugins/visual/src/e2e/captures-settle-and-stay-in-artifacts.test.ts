// A capture is evidence only if it shows the whole page when asked, waits for the screen to hold
// still (and says so when it never does), and a capture-only call can never move a baseline or
// write outside the artifact folder. One running fixture app, a real MCP client, the shipped server.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { electronExecutable } from '@stagewright/fake-electron';
import { settlingApp } from '@stagewright/fixtures/settling';
import { connectInMemory, type Envelope, type InMemoryConnection } from '@stagewright/harness';
import { createStagewrightServer, type StagewrightServerOptions } from '@stagewright/mcp-server';
import createVisualPlugin from '../index.js';

let app: InMemoryConnection;
let work: string;
let baselineDir: string;
let artifactDir: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'stagewright-capture-'));
  baselineDir = join(work, 'baselines');
  artifactDir = join(work, 'artifacts');
  app = await connectInMemory({
    plugins: [createVisualPlugin],
    pluginConfigs: { visual: { baselineDir, artifactDir } },
    create: (options: StagewrightServerOptions) =>
      createStagewrightServer({ ...options, driverOptions: { fallbackExecutablePath: electronExecutable() } }),
  });
  await must('electron_launch', { main: settlingApp.dir });
  await must('electron_expect_text', { selector: '#status', contains: 'Still' });
}, 120_000);

afterAll(async () => {
  await app?.call('electron_stop', {}).catch(() => undefined);
  await app?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

async function must(tool: string, args: Record<string, unknown>): Promise<Envelope> {
  const result = await app.call(tool, args);
  if (!result.ok) throw new Error(`${tool} failed: ${JSON.stringify(result)}`);
  return result;
}

const png = async (file: string) => PNG.sync.read(await readFile(file));
/** The colour of one pixel, as #rrggbb. */
const pixel = (image: PNG, x: number, y: number) => {
  const i = (image.width * y + x) * 4;
  return `#${[0, 1, 2].map((k) => image.data[i + k].toString(16).padStart(2, '0')).join('')}`;
};

/** Full-page height before the banner grew, from the first test. */
let stillHeight = 0;

describe('visual_capture and settled captures on the settling app', () => {
  it('captures the whole page, beyond the window, down to its footer', async () => {
    const viewport = await must('visual_capture', { name: 'window' });
    expect(viewport).toMatchObject({ file: join(artifactDir, 'window.capture.png'), width: 800, height: 600 });
    const whole = await must('visual_capture', { name: 'whole', fullPage: true });
    const image = await png(whole.file as string);
    expect([image.width, image.height]).toEqual([whole.width, whole.height]);
    expect(image.width).toBe(800);
    expect(image.height).toBeGreaterThan(1700);
    // The footer (#1a202c) is the last thing on the page: only a full-page capture holds it.
    expect(pixel(image, 400, image.height - 10)).toBe('#1a202c');
    stillHeight = image.height;
    expect(await app.call('visual_capture', { name: 'x', fullPage: true, selector: '#banner' })).toMatchObject({
      ok: false,
      code: 'BAD_ARGUMENT',
    });
    expect(await app.call('visual_capture', { name: 'x', mask: [''] })).toMatchObject({
      ok: false,
      code: 'BAD_ARGUMENT',
      details: { param: 'mask' },
    });
    expect(existsSync(join(artifactDir, 'x.capture.png'))).toBe(false);
  });

  it('waits for a growing banner to stop before capturing (stableMs), and after a fixed delay (settleMs)', async () => {
    await must('electron_click', { selector: '#grow' });
    const grown = await must('visual_capture', { name: 'grown', fullPage: true, stableMs: 4000 });
    // The banner grows by 300 px: the stable capture is the finished page, not a frame of it.
    expect(grown.height).toBe(stillHeight + 300);
    await must('electron_expect_text', { selector: '#status', contains: 'Banner grown' });
    await must('electron_click', { selector: '#grow' });
    const delayed = await must('visual_capture', { name: 'delayed', fullPage: true, settleMs: 1800 });
    expect(delayed.height).toBe(stillHeight + 300);
    expect((await readFile(delayed.file as string)).equals(await readFile(grown.file as string))).toBe(true);
  });

  it('answers visual.UNSTABLE for a screen that never settles, and writes nothing', { timeout: 30_000 }, async () => {
    await must('electron_click', { selector: '#start' });
    try {
      const started = Date.now();
      const moving = await app.call('visual_capture', { name: 'moving', stableMs: 800 });
      expect(moving).toMatchObject({ ok: false, code: 'visual.UNSTABLE', retryable: true, details: { stableMs: 800 } });
      expect((moving.details as { captures: number }).captures).toBeGreaterThanOrEqual(3);
      expect(Date.now() - started).toBeLessThan(8000);
      expect(existsSync(join(artifactDir, 'moving.capture.png'))).toBe(false);
      const check = await app.call('visual_check', { name: 'moving', stableMs: 800 });
      expect(check).toMatchObject({ ok: false, code: 'visual.UNSTABLE' });
      expect(existsSync(join(artifactDir, 'moving.actual.png'))).toBe(false);
      // Masking the moving part makes the same screen stable.
      expect(await app.call('visual_capture', { name: 'masked', stableMs: 3000, mask: ['#ticker'] })).toMatchObject({ ok: true });
    } finally {
      await must('electron_click', { selector: '#stop' });
    }
  });

  it('never touches a baseline, and a capture cannot be approved', async () => {
    expect(await app.call('visual_check', { name: 'page', fullPage: true })).toMatchObject({ code: 'visual.NO_BASELINE' });
    await must('visual_approve', { name: 'page', confirm: true });
    expect(await must('visual_check', { name: 'page', fullPage: true })).toMatchObject({ match: true, height: stillHeight + 300 });
    const before = await readdir(baselineDir);
    const baseline = await readFile(join(baselineDir, 'page.png'));
    const mtime = (await stat(join(baselineDir, 'page.png'))).mtimeMs;

    await must('visual_capture', { name: 'page', fullPage: true });
    await must('visual_capture', { name: 'fresh' });
    expect(await readdir(baselineDir)).toEqual(before);
    expect((await readFile(join(baselineDir, 'page.png'))).equals(baseline)).toBe(true);
    expect((await stat(join(baselineDir, 'page.png'))).mtimeMs).toBe(mtime);
    expect(await app.call('visual_approve', { name: 'fresh', confirm: true })).toMatchObject({ code: 'visual.NOTHING_TO_APPROVE' });
    expect(existsSync(join(baselineDir, 'fresh.png'))).toBe(false);
  });

  it('stays inside the artifact folder: a link to a sibling sharing its prefix is refused', async () => {
    const sibling = `${artifactDir}-evil`;
    await mkdir(sibling);
    await writeFile(join(sibling, 'escape.capture.png'), 'theirs');
    await symlink(join(sibling, 'escape.capture.png'), join(artifactDir, 'escape.capture.png'));
    expect(await app.call('visual_capture', { name: 'escape' })).toMatchObject({ ok: false, code: 'visual.PATH_OUTSIDE_ROOT' });
    expect(await readFile(join(sibling, 'escape.capture.png'), 'utf8')).toBe('theirs');
    expect(await app.call('visual_capture', { name: '../artifacts-evil/x' })).toMatchObject({ ok: false, code: 'BAD_ARGUMENT' });
    expect(await readdir(sibling)).toEqual(['escape.capture.png']);
  });
});
