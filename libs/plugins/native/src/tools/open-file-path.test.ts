// Why: answers to save dialogs name files that do not exist yet; their folder must still lie,
// after symlinks, inside the allowed roots, and a dangling link must not smuggle a write outside.
import { mkdtempSync, mkdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileInsideRoots } from './open-file-path.js';

const base = realpathSync(mkdtempSync(join(tmpdir(), 'sw-paths-')));
const app = join(base, 'app');
const outside = join(base, 'outside');
mkdirSync(join(app, 'docs'), { recursive: true });
mkdirSync(outside);
writeFileSync(join(app, 'docs', 'a.txt'), 'a');
writeFileSync(join(outside, 'secret.txt'), 's');
symlinkSync(outside, join(app, 'escape'));
symlinkSync(join(outside, 'not-yet.txt'), join(app, 'dangling.txt'));
const roots = { appPath: app };

afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('fileInsideRoots', () => {
  it('accepts an existing file inside the app folder, and a new one only for a save answer', async () => {
    expect(await fileInsideRoots('docs/a.txt', roots)).toBe(join(app, 'docs', 'a.txt'));
    await expect(fileInsideRoots('docs/new.txt', roots)).rejects.toMatchObject({ code: 'BAD_ARGUMENT' });
    expect(await fileInsideRoots('docs/new.txt', roots, true)).toBe(join(app, 'docs', 'new.txt'));
  });

  it('refuses paths that leave the roots, through "..", a symlinked folder or a dangling link', async () => {
    for (const mayBeMissing of [false, true]) {
      await expect(fileInsideRoots('../outside/secret.txt', roots, mayBeMissing)).rejects.toMatchObject({ code: 'PATH_OUTSIDE_ROOT' });
      await expect(fileInsideRoots('escape/secret.txt', roots, mayBeMissing)).rejects.toMatchObject({ code: 'PATH_OUTSIDE_ROOT' });
    }
    await expect(fileInsideRoots('escape/new.txt', roots, true)).rejects.toMatchObject({ code: 'PATH_OUTSIDE_ROOT' });
    await expect(fileInsideRoots('missing-folder/new.txt', roots, true)).rejects.toMatchObject({ code: 'BAD_ARGUMENT' });
    await expect(fileInsideRoots('dangling.txt', roots, true)).rejects.toMatchObject({ code: 'BAD_ARGUMENT' });
  });
});
