// The helpers every output writer relies on: a folder is ours only if it is a real directory of
// this user, and a file lands in it without ever writing through a link planted at its name.
import { chmodSync, chownSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultOutputBase, defaultOutputDir, moveIntoPlace, privateFolder, tempFileIn, writeFileSafely } from './private-files.js';

const uid = process.getuid?.() ?? 0;
let work: string;
let savedTmp: string | undefined;
beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'sw-private-'));
  savedTmp = process.env.TMPDIR;
  process.env.TMPDIR = work;
});
afterEach(() => {
  if (savedTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = savedTmp;
});

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: { code?: string; message: string }) => error,
  );

describe('defaultOutputDir and privateFolder', () => {
  it('lay the default folders out per user, created mode 0700 and narrowed to it', async () => {
    expect(defaultOutputBase()).toBe(join(work, `stagewright-${uid}`));
    expect(defaultOutputDir('traces')).toBe(join(work, `stagewright-${uid}`, 'traces'));
    mkdirSync(defaultOutputBase(), { mode: 0o755 });
    chmodSync(defaultOutputBase(), 0o755);
    expect(await privateFolder(defaultOutputDir('traces'), 'trace folder')).toBe(defaultOutputDir('traces'));
    for (const dir of [defaultOutputBase(), defaultOutputDir('traces')]) expect(lstatSync(dir).mode & 0o777).toBe(0o700);
  });

  const planted: [string, (at: string) => void, RegExp][] = [
    ['a symbolic link', (at) => symlinkSync(mkdtempSync(join(work, 'elsewhere-')), at), /is a symbolic link/],
    ['a dangling symbolic link', (at) => symlinkSync(join(work, 'nowhere'), at), /is a symbolic link/],
    ['a file', (at) => writeFileSync(at, 'x'), /is not a directory/],
    [
      "another user's folder",
      (at) => {
        mkdirSync(at);
        chownSync(at, 65534, 65534);
      },
      /belongs to another user \(uid 65534\)/,
    ],
  ];
  for (const [what, plant, message] of planted) {
    it(`refuse ${what}, at the per-user base, at the kind folder and at a configured folder`, async () => {
      const places: (() => [string, string])[] = [
        () => [defaultOutputBase(), defaultOutputDir('screenshots')],
        () => {
          mkdirSync(defaultOutputBase(), { mode: 0o700 });
          return [defaultOutputDir('traces'), defaultOutputDir('traces')];
        },
        () => [join(work, 'configured'), join(work, 'configured')],
      ];
      for (const place of places) {
        const [at, dir] = place();
        plant(at);
        const error = await refusal(privateFolder(dir, 'output folder'));
        expect(error, `${what} at ${at}`).toMatchObject({ code: 'UNSAFE_FOLDER' });
        expect(error?.message).toContain(at);
        expect(error?.message).toMatch(message);
        if (what === 'a symbolic link') expect(readdirSync(lstatSync(at).isSymbolicLink() ? at : work)).toEqual([]);
        // Each round plants afresh.
        work = mkdtempSync(join(tmpdir(), 'sw-private-'));
        process.env.TMPDIR = work;
      }
    });
  }

  it('check every folder under `below`, and refuse a folder outside it', async () => {
    const top = join(work, 'shots');
    mkdirSync(top);
    symlinkSync(mkdtempSync(join(work, 'elsewhere-')), join(top, 'visual'));
    expect(await refusal(privateFolder(join(top, 'visual', 'baselines'), 'baseline folder', work))).toMatchObject({
      code: 'UNSAFE_FOLDER',
    });
    expect(await refusal(privateFolder(join(work, 'x'), 'baseline folder', join(work, 'x-other')))).toMatchObject({
      code: 'UNSAFE_FOLDER',
    });
  });
});

describe('moveIntoPlace and writeFileSafely', () => {
  for (const link of ['a link to a file', 'a dangling link'] as const) {
    it(`never write through ${link} at the final name`, async () => {
      const victim = join(work, 'victim.txt');
      writeFileSync(victim, 'victim');
      const final = join(work, 'out.txt');
      symlinkSync(link === 'a link to a file' ? victim : join(work, 'absent'), final);

      const temp = tempFileIn(work, final);
      writeFileSync(temp, 'ours');
      expect(await refusal(moveIntoPlace(temp, final, true))).toMatchObject({ code: 'EEXIST' });
      expect(lstatSync(final).isSymbolicLink()).toBe(true);

      await writeFileSafely(final, 'ours', false);
      expect(lstatSync(final).isSymbolicLink()).toBe(false);
      expect(readFileSync(final, 'utf8')).toBe('ours');
      expect(readFileSync(victim, 'utf8')).toBe('victim');
      expect(readdirSync(work).sort()).toEqual(['out.txt', 'victim.txt']);
    });
  }

  it('create a file exclusively when nothing is at the name', async () => {
    const final = join(work, 'new.txt');
    await writeFileSafely(final, 'first', true);
    expect(await refusal(writeFileSafely(final, 'second', true))).toMatchObject({ code: 'EEXIST' });
    expect(readFileSync(final, 'utf8')).toBe('first');
    expect(readdirSync(work)).toEqual(['new.txt']);
  });
});
