// Another user of the machine can plant links and folders where the server writes (/tmp is shared): no writer may follow them.
//
// Every file the server or its CLI writes — trace JSONL, Playwright trace zip, screenshot, visual
// actual / diff / approved baseline, trace promote and view outputs — is tried against each
// planted thing: its folder a symlink, its folder another user's, a symlink at the final name, a
// dangling symlink at the final name. The thing the link points at stays untouched and the answer
// is the writer's stable refusal. The default folders are tried too (per-user, mode 0700).
import { spawnSync } from 'node:child_process';
import {
  chownSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formsA11yApp } from '@stagewright/fixtures/forms-a11y';
import { connect, ok, type Connection } from './test-support/connect.js';

// Before any import runs: the default folders live under this test's own temp folder.
const TMP = await vi.hoisted(async () => {
  const { mkdtempSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const dir = mkdtempSync(`${tmpdir()}/sw-outputs-`);
  process.env.TMPDIR = dir;
  return dir;
});
const CLI = resolve(import.meta.dirname, '../../../dist/apps/mcp-server/main.mjs');
/** The built `stagewright trace ...` command; resolves with its exit code. */
const trace = (...args: string[]) => spawnSync(process.execPath, [CLI, 'trace', ...args], { encoding: 'utf8' }).status;

const NOBODY = 65534;
const UID = process.getuid?.() ?? 0;

let conn: Connection | undefined;
afterEach(async () => {
  await conn?.call('electron_stop', {}).catch(() => undefined);
  await conn?.close();
  conn = undefined;
});

/** A folder outside ours holding one file: what a planted link points at. */
function victim() {
  const dir = mkdtempSync(join(TMP, 'victim-'));
  writeFileSync(join(dir, 'victim.txt'), 'victim');
  return {
    dir,
    file: join(dir, 'victim.txt'),
    absent: join(dir, 'absent'),
    untouched() {
      expect(readdirSync(dir)).toEqual(['victim.txt']);
      expect(readFileSync(join(dir, 'victim.txt'), 'utf8')).toBe('victim');
    },
  };
}

type Folder = 'symlinked folder' | 'foreign-owned folder';
/** A folder planted by someone else: a link to the victim's folder, or a folder owned by nobody. */
function plantedFolder(kind: Folder, v: ReturnType<typeof victim>): string {
  const at = join(mkdtempSync(join(TMP, 'work-')), 'out');
  if (kind === 'symlinked folder') symlinkSync(v.dir, at);
  else {
    mkdirSync(at);
    chownSync(at, NOBODY, NOBODY);
  }
  return at;
}

type Name = 'symlink at the final name' | 'dangling symlink at the final name';
const NAME_CASES: Name[] = ['symlink at the final name', 'dangling symlink at the final name'];
const plantName = (kind: Name, v: ReturnType<typeof victim>, at: string) => symlinkSync(kind === NAME_CASES[0] ? v.file : v.absent, at);

const launch = async (c: Connection) => ok(c, 'electron_launch', { main: formsA11yApp.dir });
async function toSettings(c: Connection) {
  await ok(c, 'electron_click', { selector: 'nav a:text-is("Settings")' });
  await ok(c, 'electron_expect_text', { selector: 'h1', contains: 'Settings' });
}
const fresh = () => mkdtempSync(join(TMP, 'good-'));

interface Writer {
  name: string;
  /** Writes into `folder` configured as its output folder; resolves with the refusal's code. */
  inFolder?: (folder: string) => Promise<unknown>;
  /** Writes with a good folder after `plant(finalPath)`; resolves with the refusal's code. */
  atName: (plant: (file: string) => void) => Promise<unknown>;
  folderCode?: string;
  nameCode: string | RegExp;
}

const visualConn = async (baselineDir: string, artifactDir: string) => {
  conn = await connect({ plugins: ['visual'], pluginConfigs: { visual: { baselineDir, artifactDir } } });
  await launch(conn);
  return conn;
};

const promoteTrace = () => {
  const file = join(fresh(), 'run.trace.jsonl');
  const call = {
    type: 'call',
    seq: 1,
    tool: 'electron_launch',
    args: { main: '/app' },
    ok: true,
    envelope: { ok: true },
    images: 0,
    ms: 1,
  };
  const header = { type: 'header', format: 'stagewright-trace', version: 1, name: 'run', startedAt: '2026-01-01T00:00:00Z' };
  writeFileSync(
    file,
    `${JSON.stringify(header)}\n${JSON.stringify(call)}\n${JSON.stringify({ ...call, seq: 2, tool: 'electron_click' })}\n`,
  );
  return file;
};

const WRITERS: Writer[] = [
  {
    name: 'trace JSONL',
    inFolder: async (dir) => {
      conn = await connect({ plugins: ['trace'], pluginConfigs: { trace: { dir } } });
      return (await conn.call('trace_start', { name: 't' })).code;
    },
    atName: async (plant) => {
      const dir = fresh();
      conn = await connect({ plugins: ['trace'], pluginConfigs: { trace: { dir } } });
      plant(join(dir, 't.trace.jsonl'));
      return (await conn.call('trace_start', { name: 't' })).code;
    },
    folderCode: 'UNSAFE_FOLDER',
    nameCode: 'trace.EXISTS',
  },
  {
    name: 'Playwright trace zip',
    inFolder: async (dir) => {
      conn = await connect({ plugins: ['trace'], pluginConfigs: { trace: { dir } } });
      await launch(conn);
      return (await conn.call('trace_start', { name: 'z', playwright: true })).code;
    },
    atName: async (plant) => {
      const dir = fresh();
      conn = await connect({ plugins: ['trace'], pluginConfigs: { trace: { dir } } });
      const { sessionId } = await launch(conn);
      await ok(conn, 'trace_start', { name: 'z', playwright: true });
      await ok(conn, 'electron_get_text', { selector: 'h1' });
      plant(join(dir, `z.playwright-${sessionId}.zip`));
      await ok(conn, 'electron_stop', {});
      const stopped = await ok(conn, 'trace_stop', {});
      return (stopped.playwright as { error?: string }[])[0]?.error;
    },
    folderCode: 'UNSAFE_FOLDER',
    nameCode: /already exists \(a file or a link\); the trace was not saved/,
  },
  {
    name: 'screenshot',
    inFolder: async (screenshotDir) => {
      conn = await connect({ screenshotDir });
      await launch(conn);
      return (await conn.call('electron_screenshot', { path: 'shot.png' })).code;
    },
    atName: async (plant) => {
      const screenshotDir = fresh();
      conn = await connect({ screenshotDir });
      await launch(conn);
      plant(join(screenshotDir, 'shot.png'));
      return (await conn.call('electron_screenshot', { path: 'shot.png' })).code;
    },
    folderCode: 'UNSAFE_FOLDER',
    nameCode: 'PATH_OUTSIDE_ROOT',
  },
  {
    name: 'visual actual image',
    inFolder: async (artifactDir) => (await (await visualConn(fresh(), artifactDir)).call('visual_check', { name: 'v' })).code,
    atName: async (plant) => {
      const artifactDir = fresh();
      const c = await visualConn(fresh(), artifactDir);
      plant(join(artifactDir, 'v.actual.png'));
      return (await c.call('visual_check', { name: 'v' })).code;
    },
    folderCode: 'UNSAFE_FOLDER',
    nameCode: 'visual.PATH_OUTSIDE_ROOT',
  },
  {
    name: 'visual diff image',
    atName: async (plant) => {
      const artifactDir = fresh();
      const c = await visualConn(fresh(), artifactDir);
      await toSettings(c);
      expect((await c.call('visual_check', { name: 'v', selector: '#preview' })).code).toBe('visual.NO_BASELINE');
      await ok(c, 'visual_approve', { name: 'v', confirm: true });
      await ok(c, 'electron_check', { selector: 'label:has-text("Orange") input' });
      await ok(c, 'electron_click', { selector: 'h1' });
      plant(join(artifactDir, 'v.diff.png'));
      return (await c.call('visual_check', { name: 'v', selector: '#preview' })).code;
    },
    nameCode: 'visual.PATH_OUTSIDE_ROOT',
  },
  {
    name: 'visual approved baseline',
    inFolder: async (baselineDir) => (await (await visualConn(baselineDir, fresh())).call('visual_check', { name: 'v' })).code,
    atName: async (plant) => {
      const baselineDir = fresh();
      const c = await visualConn(baselineDir, fresh());
      expect((await c.call('visual_check', { name: 'v' })).code).toBe('visual.NO_BASELINE');
      plant(join(baselineDir, 'v.png'));
      return (await c.call('visual_approve', { name: 'v', confirm: true })).code;
    },
    folderCode: 'UNSAFE_FOLDER',
    nameCode: 'visual.PATH_OUTSIDE_ROOT',
  },
  // The CLI writes where its operator points -o (a folder of their choosing, links included);
  // only the final name is guarded: a link there, e.g. beside a trace in a shared folder, is refused.
  {
    name: 'trace promote output',
    atName: async (plant) => {
      const out = join(fresh(), 'run.replay.json');
      plant(out);
      return trace('promote', promoteTrace(), '-o', out);
    },
    nameCode: '2',
  },
  {
    name: 'trace view output',
    atName: async (plant) => {
      const file = promoteTrace();
      plant(file.replace(/\.trace\.jsonl$/, '.html'));
      return trace('view', file);
    },
    nameCode: '2',
  },
];

describe('every output writer refuses planted links and folders', () => {
  it('covers every writer, and the folder cases of every server-side folder', () => {
    expect(WRITERS.map((w) => w.name)).toHaveLength(8);
    expect(WRITERS.filter((w) => w.inFolder).map((w) => w.name)).toEqual([
      'trace JSONL',
      'Playwright trace zip',
      'screenshot',
      'visual actual image',
      'visual approved baseline',
    ]);
  });

  for (const writer of WRITERS) {
    for (const kind of ['symlinked folder', 'foreign-owned folder'] as const) {
      if (!writer.inFolder) continue;
      it(`${writer.name}: ${kind}`, { timeout: 90_000 }, async () => {
        const v = victim();
        const folder = plantedFolder(kind, v);
        expect(await writer.inFolder!(folder)).toBe(writer.folderCode);
        v.untouched();
        if (kind === 'foreign-owned folder') expect(readdirSync(folder)).toEqual([]);
      });
    }
    for (const kind of NAME_CASES) {
      it(`${writer.name}: ${kind}`, { timeout: 90_000 }, async () => {
        const v = victim();
        let planted = '';
        const result = await writer.atName((file) => {
          planted = file;
          plantName(kind, v, file);
        });
        if (writer.nameCode instanceof RegExp) expect(String(result)).toMatch(writer.nameCode);
        else expect(String(result)).toBe(writer.nameCode);
        v.untouched();
        expect(lstatSync(planted).isSymbolicLink()).toBe(true);
      });
    }
  }
});

describe('the default folders are per user and private', () => {
  const base = join(TMP, `stagewright-${UID}`);

  it('are created as <tmp>/stagewright-<uid>/{screenshots,traces}, mode 0700', { timeout: 90_000 }, async () => {
    conn = await connect({ plugins: ['trace'] });
    await launch(conn);
    const shot = await ok(conn, 'electron_screenshot', { path: 'first.png' });
    expect(shot.path).toBe(join(base, 'screenshots', 'first.png'));
    const trace = await ok(conn, 'trace_start', { name: 'first' });
    expect(trace.file).toBe(join(base, 'traces', 'first.trace.jsonl'));
    await ok(conn, 'trace_stop', {});
    for (const dir of [base, join(base, 'screenshots'), join(base, 'traces')]) expect(lstatSync(dir).mode & 0o777).toBe(0o700);
  });

  for (const kind of ['symlinked folder', 'foreign-owned folder'] as const) {
    it(`are refused when <tmp>/stagewright-<uid> is a ${kind}`, { timeout: 90_000 }, async () => {
      if (lstatSync(base, { throwIfNoEntry: false })) renameSync(base, `${base}.old-${Date.now()}`);
      const v = victim();
      if (kind === 'symlinked folder') symlinkSync(v.dir, base);
      else {
        mkdirSync(base);
        chownSync(base, NOBODY, NOBODY);
      }
      try {
        conn = await connect({ plugins: ['trace'] });
        // The app's temporary userData lives there too (ADR-0033): the launch itself is refused.
        const launchRefused = await conn.call('electron_launch', { main: formsA11yApp.dir });
        expect(launchRefused.code).toBe('UNSAFE_FOLDER');
        await conn.close();
        // With the operator's own userData folder, the app starts and the writers are refused.
        conn = await connect({ plugins: ['trace'], userDataDir: fresh() });
        await launch(conn);
        expect((await conn.call('electron_screenshot', {})).code).toBe('UNSAFE_FOLDER');
        const refused = await conn.call('trace_start', { name: 'x' });
        expect(refused.code).toBe('UNSAFE_FOLDER');
        expect(String(refused.error)).toContain(base);
        v.untouched();
      } finally {
        rmSync(base, { recursive: true, force: true });
      }
    });
  }
});
