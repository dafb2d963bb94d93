// Canvas editors and canvas-drawn terminals have no accessibility tree worth reading: an agent
// reaches them by looking at an image and acting at window coordinates. On the canvas fixture, a
// shape drawn by a drag is confirmed by the app's own account of its state, and text typed into
// the canvas terminal is read back from a capture's pixels, placed by the capture's origin.
import { readFile } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { electronExecutable } from '@stagewright/fake-electron';
import { canvasApp } from '@stagewright/fixtures/canvas';
import { connectInMemory, type Envelope, type InMemoryConnection } from '@stagewright/harness';
import { createStagewrightServer, type StagewrightServerOptions } from '@stagewright/mcp-server';
import createVisualPlugin from '../index.js';

let app: InMemoryConnection;
let work: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'stagewright-coords-'));
  app = await connectInMemory({
    plugins: [createVisualPlugin],
    pluginConfigs: { visual: { baselineDir: join(work, 'baselines'), artifactDir: join(work, 'artifacts') } },
    create: (options: StagewrightServerOptions) =>
      createStagewrightServer({ ...options, driverOptions: { fallbackExecutablePath: electronExecutable() } }),
  });
  await must('electron_launch', { main: canvasApp.dir });
}, 120_000);

afterAll(async () => {
  await app?.call('electron_stop', {}).catch(() => undefined);
  await app?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

async function must(tool: string, args: Record<string, unknown> = {}): Promise<Envelope> {
  const result = await app.call(tool, args);
  if (!result.ok) throw new Error(`${tool} failed: ${JSON.stringify(result)}`);
  return result;
}

const board = async () => (await must('electron_get_text', { selector: '#status' })).text as string;

/** Bright pixels (text drawn white on the terminal's dark background) inside a window rectangle of a capture. */
async function brightPixels(capture: Envelope, rect: { x: number; y: number; width: number; height: number }): Promise<number> {
  const image = PNG.sync.read(await readFile(capture.file as string));
  const [ox, oy] = capture.origin as [number, number];
  const scale = capture.scale as number;
  let bright = 0;
  for (let y = Math.round((rect.y - oy) * scale); y < Math.round((rect.y + rect.height - oy) * scale); y++) {
    for (let x = Math.round((rect.x - ox) * scale); x < Math.round((rect.x + rect.width - ox) * scale); x++) {
      const i = (image.width * y + x) * 4;
      if (image.data[i] > 160 && image.data[i + 1] > 160 && image.data[i + 2] > 160) bright++;
    }
  }
  return bright;
}

describe('visual_mouse on the canvas fixture', () => {
  it('draws a rectangle by a drag, which the app records in its own coordinates', async () => {
    // The board's top left is at window (20, 60): a drag from (60, 100) to (160, 160) is the board's 40,40 100x60.
    const drag = await must('visual_mouse', { action: 'drag', x: 60, y: 100, toX: 160, toY: 160 });
    expect(drag).toMatchObject({ ok: true });
    expect(await board()).toBe('shapes: 1; zoom: 1; last: rect 40,40 100x60');
  });

  it('drops a dot by a double-click and zooms by the wheel', async () => {
    await must('visual_mouse', { action: 'dblclick', x: 220, y: 260 });
    expect(await board()).toBe('shapes: 2; zoom: 1; last: dot 200,200');
    await must('visual_mouse', { action: 'wheel', x: 220, y: 260, dy: -100 });
    expect(await board()).toBe('shapes: 2; zoom: 2; last: dot 200,200');
  });

  it('refuses a point outside the window and a drag without its end, and moves nothing', async () => {
    const outside = await app.call('visual_mouse', { action: 'click', x: 60, y: 900 });
    expect(outside).toMatchObject({ ok: false, code: 'BAD_ARGUMENT', details: { viewport: [800, 600] } });
    expect(await app.call('visual_mouse', { action: 'drag', x: 60, y: 100 })).toMatchObject({ ok: false, code: 'BAD_ARGUMENT' });
    expect(await app.call('visual_mouse', { action: 'swipe', x: 60, y: 100 })).toMatchObject({
      ok: false,
      code: 'BAD_ARGUMENT',
      details: { param: 'action' },
    });
    expect(await board()).toBe('shapes: 2; zoom: 2; last: dot 200,200');
  });

  it('types into the canvas terminal with keys that have no target, read back from a capture placed by its origin', async () => {
    // The terminal's first line of text is drawn at window x 28-228, y 406-424 (README of the fixture).
    const line = { x: 28, y: 406, width: 200, height: 18 };
    const before = await must('visual_capture', { name: 'term-before', selector: '#term' });
    expect(before).toMatchObject({ origin: [20, 400], scale: 1 });
    await must('visual_mouse', { action: 'click', x: 300, y: 460 });
    await must('electron_keyboard_type', { text: 'echo hi' });
    const after = await must('visual_capture', { name: 'term-after', selector: '#term' });
    // "$ " alone against "$ echo hi": the typed letters add bright pixels on that line.
    expect(await brightPixels(after, line)).toBeGreaterThan((await brightPixels(before, line)) + 40);
    // The whole window's capture maps the same window point to the same pixels.
    const window = await must('visual_capture', { name: 'window' });
    expect(window).toMatchObject({ origin: [0, 0] });
    expect(await brightPixels(window, line)).toBe(await brightPixels(after, line));
  });

  it('electron_screenshot says where its image sits in the window', async () => {
    const shot = await must('electron_screenshot', { selector: '#board' });
    expect(shot).toMatchObject({ origin: [20, 60], scale: 1, width: 400, height: 300 });
  });
});
