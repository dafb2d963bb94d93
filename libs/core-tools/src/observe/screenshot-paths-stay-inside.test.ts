// A screenshot path comes from the agent: it must end up inside --screenshot-dir whatever it
// says, and a symlink inside that folder must not lead the write (or a mkdir) anywhere else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isToolError } from '@stagewright/sdk';
import { screenshotPath } from './screenshot-path.js';

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (e: unknown) => (isToolError(e) ? e.code : String(e)),
  );

describe('screenshotPath', () => {
  let root: string;
  let outside: string;

  beforeAll(() => {
    root = realpathSync(mkdtempSync(join(tmpdir(), 'sw-root-')));
    outside = realpathSync(mkdtempSync(join(tmpdir(), 'sw-out-')));
    symlinkSync(outside, join(root, 'out-dir'));
    symlinkSync(join(outside, 'target.png'), join(root, 'dangling.png'));
    writeFileSync(join(root, 'inside.png'), '');
    symlinkSync(join(root, 'inside.png'), join(root, 'alias.png'));
  });
  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  });

  it('names a fresh file by format, and honours a relative or absolute path inside', async () => {
    const fresh = await screenshotPath(root, undefined, 'jpeg');
    expect(fresh.file.startsWith(`${root}/screenshot-`) && fresh.file.endsWith('.jpg')).toBe(true);
    expect(await screenshotPath(root, 'a/b/shot', undefined)).toEqual({ file: join(root, 'a', 'b', 'shot.png'), format: 'png' });
    expect(await screenshotPath(root, join(root, 'x.jpeg'), undefined)).toEqual({ file: join(root, 'x.jpeg'), format: 'jpeg' });
    expect((await screenshotPath(root, 'alias.png', undefined)).file).toBe(join(root, 'alias.png'));
  });

  it('refuses escapes lexically, through a symlinked folder, and through a dangling link', async () => {
    expect(await codeOf(screenshotPath(root, '../x.png', undefined))).toBe('PATH_OUTSIDE_ROOT');
    expect(await codeOf(screenshotPath(root, '/tmp/x.png', undefined))).toBe('PATH_OUTSIDE_ROOT');
    expect(await codeOf(screenshotPath(root, 'out-dir/new/x.png', undefined))).toBe('PATH_OUTSIDE_ROOT');
    expect(existsSync(join(outside, 'new'))).toBe(false);
    expect(await codeOf(screenshotPath(root, 'dangling.png', undefined))).toBe('PATH_OUTSIDE_ROOT');
  });

  it('refuses other extensions, a format that contradicts the extension, and an empty path', async () => {
    expect(await codeOf(screenshotPath(root, 'x.gif', undefined))).toBe('BAD_ARGUMENT');
    expect(await codeOf(screenshotPath(root, 'x.png', 'jpeg'))).toBe('BAD_ARGUMENT');
    expect(await codeOf(screenshotPath(root, ' ', undefined))).toBe('BAD_ARGUMENT');
  });
});
