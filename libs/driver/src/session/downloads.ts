import { join } from 'node:path';
import { privateFolder, type DownloadRecord } from '@stagewright/sdk';
import type { MainProcess } from './main-process.js';

/** Downloads kept per app: the oldest go first. */
const MAX_DOWNLOADS = 50;
const URL_CHARS = 300;

/**
 * Runs in the main process (a string body: nothing of the server's scope travels with it).
 * Listens to `will-download` on the default session, on every session created later
 * (`app` `session-created`) and on the sessions of the webContents open now. Each download is
 * recorded; one that no listener gave a save path is saved under `arg.dir` (the session's
 * artifact folder) with a name no file there has yet, so Electron shows no save dialog (ADR-0043).
 * Without a safe folder (`arg.dir` null) such a download is cancelled rather than left to a native
 * dialog nobody can answer. A save path the app's own listener set is the app's and is kept.
 * Installing twice keeps one listener per session and the records so far.
 */
const INSTALL = `
  const key = Symbol.for('stagewright.downloads');
  const fs = require('node:fs');
  const path = require('node:path');
  const state = globalThis[key] ?? (globalThis[key] = { seq: 0, items: [], watched: new WeakSet(), dir: null });
  state.dir = arg.dir;
  const freeName = (dir, suggested) => {
    const base = path.basename(String(suggested || 'download')).replace(/[\\u0000-\\u001f]/g, '_') || 'download';
    const ext = path.extname(base);
    const stem = base.slice(0, base.length - ext.length) || 'download';
    const taken = (name) => state.items.some((r) => r.path === path.join(dir, name)) || (() => { try { fs.lstatSync(path.join(dir, name)); return true; } catch { return false; } })();
    let name = base;
    for (let n = 1; taken(name); n++) name = stem + ' (' + n + ')' + ext;
    return path.join(dir, name);
  };
  const safeDir = () => {
    if (!state.dir) return null;
    try {
      fs.mkdirSync(state.dir, { recursive: true, mode: 0o700 });
      const stat = fs.lstatSync(state.dir);
      return stat.isDirectory() && !stat.isSymbolicLink() ? state.dir : null;
    } catch { return null; }
  };
  state.listeners = state.listeners ?? [];
  const watch = (ses) => {
    if (!ses || state.watched.has(ses)) return;
    state.watched.add(ses);
    const listener = (event, item) => {
      const rec = { seq: ++state.seq, url: String(item.getURL()).slice(0, ${URL_CHARS}), name: item.getFilename(), item, state: 'progressing' };
      state.items.push(rec);
      if (state.items.length > ${MAX_DOWNLOADS}) state.items.shift();
      const finish = (s) => { rec.state = s; rec.size = item.getTotalBytes(); rec.received = item.getReceivedBytes(); rec.path = item.getSavePath(); rec.item = null; };
      item.once('done', (_e, s) => finish(s));
      // A listener that prevents the event cancels the download, before or after this one.
      setImmediate(() => { if (event.defaultPrevented && rec.item) finish('cancelled'); });
      if (event.defaultPrevented || item.getSavePath()) return;
      const dir = safeDir();
      if (dir) item.setSavePath(freeName(dir, item.getFilename()));
      else { event.preventDefault(); finish('cancelled'); }
    };
    ses.on('will-download', listener);
    state.listeners.push([ses, listener]);
  };
  watch(electron.session.defaultSession);
  if (!state.created) {
    state.created = (ses) => globalThis[key]?.watch(ses);
    electron.app.on('session-created', state.created);
  }
  state.watch = watch;
  for (const contents of electron.webContents.getAllWebContents()) watch(contents.session);
  return state.seq;
`;

/** Runs in the main process: the records after seq `arg`, read after one turn of its event loop (IPC already sent is handled first). */
const READ = `
  await new Promise((resolve) => setImmediate(resolve));
  const state = globalThis[Symbol.for('stagewright.downloads')];
  if (!state) return null;
  return state.items.filter((r) => r.seq > arg).map((r) => {
    const live = r.item;
    const out = { id: 'd' + r.seq, url: r.url, name: r.name,
      size: live ? live.getTotalBytes() : r.size, received: live ? live.getReceivedBytes() : r.received,
      state: live ? live.getState() : r.state };
    const saved = live ? live.getSavePath() : r.path;
    if (saved) out.path = saved;
    return out;
  });
`;

/** Runs in the main process: takes every listener INSTALL added out again (an app we leave keeps no trace of us). */
const UNINSTALL = `
  const key = Symbol.for('stagewright.downloads');
  const state = globalThis[key];
  if (!state) return;
  for (const [ses, listener] of state.listeners ?? []) ses.removeListener('will-download', listener);
  if (state.created) electron.app.removeListener('session-created', state.created);
  delete globalThis[key];
`;

/** The highest download seq so far, without a loop turn (an action's mark). */
const MARK = `const state = globalThis[Symbol.for('stagewright.downloads')]; return state ? state.seq : null;`;

/**
 * The downloads of one session's app (ADR-0043): installed once through the main process when
 * the session starts, read on demand and by each action's watch (what it caused).
 */
export class DownloadWatch {
  private readonly installed: Promise<boolean>;

  /** `artifactDir`: the session's artifact folder; downloads go to its `downloads` folder. */
  constructor(
    private readonly main: MainProcess,
    artifactDir: string | undefined,
  ) {
    this.installed = (async () => {
      const dir = artifactDir === undefined ? null : await downloadFolder(artifactDir);
      await main.evaluate(INSTALL, { dir }, 5_000);
      return true;
    })().catch(() => false);
  }

  /** Takes the listeners out of an app the session leaves running (detach); bounded, never throws. */
  async release(): Promise<void> {
    if (await this.installed) await this.main.evaluate(UNINSTALL, null, 2_000).catch(() => undefined);
  }

  /** Every download so far, oldest first. */
  async list(): Promise<DownloadRecord[]> {
    if (!(await this.installed)) return [];
    return ((await this.main.evaluate(READ, 0, 5_000)) as DownloadRecord[] | null) ?? [];
  }

  /** Where an action begins: the last download seq (undefined when not watching or the main process is busy). */
  async mark(timeoutMs: number): Promise<number | undefined> {
    if (!(await this.installed)) return undefined;
    return ((await this.main.evaluate(MARK, null, timeoutMs).catch(() => null)) as number | null) ?? undefined;
  }

  /** Downloads begun after `mark`, as an answer's `caused` names them. */
  async since(mark: number, timeoutMs: number): Promise<Pick<DownloadRecord, 'id' | 'name' | 'state'>[]> {
    const records = ((await this.main.evaluate(READ, mark, timeoutMs).catch(() => null)) as DownloadRecord[] | null) ?? [];
    return records.map(({ id, name, state }) => ({ id, name, state }));
  }
}

/**
 * `<artifact folder>/downloads`, private (ours, not a symlink) like the screenshot folder; null
 * when it is not safe, and then downloads that would need a save dialog are cancelled.
 */
async function downloadFolder(artifactDir: string): Promise<string | null> {
  try {
    const root = await privateFolder(artifactDir, 'screenshot folder');
    return await privateFolder(join(root, 'downloads'), 'download folder', root);
  } catch {
    return null;
  }
}
