// Screenshots are evidence an agent shows a human or looks at itself: they must land under
// --screenshot-dir and nowhere else, and an inline copy must stay small enough to send.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { imagesOfResult, parseEnvelope } from '@stagewright/harness';
import { openSignals, type SignalsApp } from '../test-support/signals.js';
import { MAX_INLINE_EDGE } from '@stagewright/core-tools';

function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString()).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('electron_screenshot', () => {
  let app: SignalsApp;
  let dir: string;
  let outside: string;

  beforeAll(async () => {
    dir = realpathSync(mkdtempSync(join(tmpdir(), 'sw-shots-')));
    outside = realpathSync(mkdtempSync(join(tmpdir(), 'sw-outside-')));
    symlinkSync(outside, join(dir, 'escape'));
    app = await openSignals({ screenshotDir: dir });
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  });

  it('saves the window as PNG under the screenshot folder and returns its path and size', async () => {
    const shot = await app.ok('electron_screenshot');
    expect((shot.path as string).startsWith(dir)).toBe(true);
    const bytes = readFileSync(shot.path as string);
    expect(pngSize(bytes)).toEqual({ width: shot.width, height: shot.height });
    expect(shot.bytes).toBe(bytes.length);
    expect(shot.width as number).toBeGreaterThan(300);
  });

  it('saves an element as JPEG by name, and returns it inline as an image block', async () => {
    const raw = await app.conn.callRaw('electron_screenshot', { selector: '#panel-less', inline: true }).catch(() => undefined);
    expect(raw && parseEnvelope(raw).code).toBe('ELEMENT_NOT_FOUND');
    const result = await app.conn.callRaw('electron_screenshot', { selector: '#save', path: 'buttons/save.jpg', inline: true });
    const shot = parseEnvelope(result);
    expect(shot.path).toBe(join(dir, 'buttons', 'save.jpg'));
    expect(shot.format).toBe('jpeg');
    expect(readFileSync(shot.path as string).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const [image] = imagesOfResult(result);
    expect(image.mimeType).toBe('image/jpeg');
    expect(Buffer.from(image.data, 'base64').length).toBe(shot.bytes);
    expect(shot.width as number).toBeLessThan(200);
  });

  it('downscales a large full-page capture for the inline copy, keeping the file full size', async () => {
    const result = await app.conn.callRaw('electron_screenshot', { fullPage: true, inline: true });
    const shot = parseEnvelope(result);
    expect(shot.height as number).toBeGreaterThan(MAX_INLINE_EDGE);
    expect(pngSize(readFileSync(shot.path as string)).height).toBe(shot.height);
    const inline = shot.inline as { width: number; height: number; mimeType: string };
    expect(inline.height).toBeLessThanOrEqual(MAX_INLINE_EDGE);
    expect(inline.mimeType).toBe('image/jpeg');
    expect(imagesOfResult(result)).toHaveLength(1);
  });

  it('refuses paths that leave the folder, lexically or through a symlink', async () => {
    expect((await app.call('electron_screenshot', { path: '../evil.png' })).code).toBe('PATH_OUTSIDE_ROOT');
    expect((await app.call('electron_screenshot', { path: '/etc/evil.png' })).code).toBe('PATH_OUTSIDE_ROOT');
    expect((await app.call('electron_screenshot', { path: 'escape/evil.png' })).code).toBe('PATH_OUTSIDE_ROOT');
    expect((await app.call('electron_screenshot', { path: 'escape/sub/evil.png' })).code).toBe('PATH_OUTSIDE_ROOT');
    expect(existsSync(join(outside, 'sub'))).toBe(false);
    expect((await app.call('electron_screenshot', { path: 'shot.gif' })).code).toBe('BAD_ARGUMENT');
    expect((await app.call('electron_screenshot', { path: 'shot.png', format: 'jpeg' })).code).toBe('BAD_ARGUMENT');
    expect((await app.call('electron_screenshot', { selector: '#save', fullPage: true })).code).toBe('BAD_ARGUMENT');
  });

  it('refuses an element with nothing to capture', async () => {
    expect((await app.call('electron_screenshot', { selector: '#panel' })).code).toBe('ELEMENT_NOT_VISIBLE');
  });
});
