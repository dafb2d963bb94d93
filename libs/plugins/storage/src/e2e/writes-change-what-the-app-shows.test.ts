// Seeding and resetting app state without clicking through the UI: drafts put into IndexedDB and
// settings written to localStorage must be what the drafts page lists after a reload, deletes and
// clears must take them away again, and a refused write (bad record, too big, unknown database)
// must change nothing and never create a database. One app for the whole file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storageApp } from '@stagewright/fixtures/storage';
import type { InMemoryConnection } from '@stagewright/harness';
import { connectWith } from './test-support/connect.js';

let app: InMemoryConnection;
const DRAFTS = { database: 'drafts', store: 'drafts' };

async function must(tool: string, args: Record<string, unknown>) {
  const result = await app.call(tool, args);
  if (!result.ok) throw new Error(`${tool} failed: ${JSON.stringify(result)}`);
  return result;
}

/** Reloads the drafts page from main and waits until it has listed its drafts again. */
async function reloadDrafts(): Promise<void> {
  await must('electron_eval_main', { code: 'electron.BrowserWindow.getAllWindows()[0].webContents.reload(); return true;' });
  await must('electron_expect_text', { selector: '#settings', contains: 'Theme:' });
}

const shows = (selector: string, text: string, not = false) =>
  must('electron_expect_text', {
    selector,
    ...(selector === '#draft-list' ? { contains: text } : { equals: text }),
    ...(not ? { not } : {}),
  });

const databases = async () =>
  ((await must('storage_snapshot', {})).origins as { indexedDB: string[] }[]).flatMap((origin) => origin.indexedDB);

beforeAll(async () => {
  app = await connectWith(['main', 'renderer'])();
  await must('electron_launch', { main: storageApp.dir });
  await must('electron_click', { selector: 'a:text-is("Drafts")' });
  await shows('#draft-count', 'Drafts: 0');
  await must('electron_expect_text', { selector: '#offline', contains: 'Offline:' });
}, 120_000);

afterAll(async () => {
  await app?.call('electron_stop', {}).catch(() => undefined);
  await app?.close();
});

describe('IndexedDB writes', () => {
  it('puts drafts the app lists after a reload, and reads their keys without values', async () => {
    const records = [{ value: { id: 'd1', title: 'Groceries', body: 'milk' } }, { value: { id: 'd2', title: 'Letter', body: 'Dear Ann' } }];
    expect(await app.call('storage_idb_put', { ...DRAFTS, records })).toMatchObject({ ok: true, put: 2, keys: ['d1', 'd2'] });
    await reloadDrafts();
    await shows('#draft-count', 'Drafts: 2');
    await shows('#draft-list', 'Groceries: milk');

    const keys = await must('storage_idb', { op: 'keys', ...DRAFTS });
    expect(keys.records).toEqual([{ key: 'd1' }, { key: 'd2' }]);
    expect(keys.more).toBe(false);
    const byTitle = await must('storage_idb', { op: 'keys', ...DRAFTS, index: 'byTitle', limit: 1 });
    expect(byTitle).toMatchObject({ records: [{ key: 'Groceries', primaryKey: 'd1' }], more: true });
  });

  it('deletes one draft by key, none for a range that matches nothing, then clears the store', async () => {
    expect(await app.call('storage_idb_delete', { ...DRAFTS, query: 'd1' })).toMatchObject({ ok: true, removed: 1 });
    expect(await app.call('storage_idb_delete', { ...DRAFTS, query: { lower: 'x' } })).toMatchObject({ ok: true, removed: 0 });
    await reloadDrafts();
    await shows('#draft-count', 'Drafts: 1');
    await shows('#draft-list', 'Groceries', true);

    expect(await app.call('storage_idb_clear', DRAFTS)).toMatchObject({ ok: true, removed: 1 });
    await reloadDrafts();
    await shows('#draft-count', 'Drafts: 0');
  });

  it('refuses a bad record, a key the store does not take and an oversized call, writing nothing', async () => {
    const halfBad = [{ value: { id: 'd3', title: 'Kept?', body: '' } }, { value: { title: 'no id' } }];
    const refused = await app.call('storage_idb_put', { ...DRAFTS, records: halfBad });
    expect(refused).toMatchObject({ ok: false, code: 'BAD_ARGUMENT' });
    expect(String(refused.error)).toMatch(/records\[1\]: DataError.*nothing was written/);
    expect(await app.call('storage_idb_put', { ...DRAFTS, records: [{ key: 'k', value: { id: 'd4' } }] })).toMatchObject({
      ok: false,
      code: 'BAD_ARGUMENT',
    });
    const big = 'x'.repeat(600_000);
    const oversized = await app.call('storage_idb_put', {
      ...DRAFTS,
      records: [{ value: { id: 'b1', big } }, { value: { id: 'b2', big } }],
    });
    expect(oversized).toMatchObject({ ok: false, code: 'BAD_ARGUMENT' });
    expect(String(oversized.error)).toContain('at most 1000000');
    expect(await app.call('storage_idb_delete', { ...DRAFTS, query: true })).toMatchObject({ ok: false, code: 'BAD_ARGUMENT' });
    expect(await must('storage_idb', { op: 'count', ...DRAFTS })).toMatchObject({ count: 0 });
  });

  it("runs apart from the page's own scripts: a page that breaks put for itself is still seeded", async () => {
    await must('electron_eval_renderer', { code: "IDBObjectStore.prototype.put = () => { throw new Error('patched'); }; return true;" });
    const seeded = await app.call('storage_idb_put', { ...DRAFTS, records: [{ value: { id: 'p1', title: 'Isolated', body: 'yes' } }] });
    expect(seeded).toMatchObject({ ok: true, put: 1 });
    await reloadDrafts();
    await shows('#draft-list', 'Isolated: yes');
    expect(await app.call('storage_idb_clear', DRAFTS)).toMatchObject({ ok: true, removed: 1 });
  });

  it('never creates a database or store that does not exist', async () => {
    const before = await databases();
    expect(before).toContain('drafts');
    const calls: [string, Record<string, unknown>][] = [
      ['storage_idb_put', { records: [{ key: 1, value: 1 }] }],
      ['storage_idb_delete', { query: 1 }],
      ['storage_idb_clear', {}],
    ];
    for (const [tool, args] of calls) {
      const missing = await app.call(tool, { database: 'never-made', store: 'drafts', ...args });
      expect(missing).toMatchObject({ ok: false, code: 'storage.DB_NOT_FOUND', details: { known: expect.arrayContaining(['drafts']) } });
      const noStore = await app.call(tool, { database: 'drafts', store: 'nope', ...args });
      expect(noStore).toMatchObject({ ok: false, code: 'storage.STORE_NOT_FOUND', details: { known: ['drafts'] } });
    }
    expect(await databases()).toEqual(before);
  });
});

describe('web storage settings', () => {
  it('reads several keys in one get, and a written setting is what the app shows after a reload', async () => {
    await must('storage_web', { op: 'set', key: 'settings', value: '{"theme":"dark"}' });
    await must('storage_web', { op: 'set', key: 'note', value: 'n'.repeat(30_000) });
    const read = await must('storage_web', { op: 'get', keys: ['settings', 'absent', 'note'] });
    expect(read.items).toEqual([
      { key: 'settings', value: '{"theme":"dark"}', length: 16, truncated: false },
      { key: 'absent', value: null },
      { key: 'note', value: 'n'.repeat(20_000), length: 30_000, truncated: true },
    ]);
    await reloadDrafts();
    await shows('#settings', 'Theme: dark');
    expect(await app.call('storage_web', { op: 'get', key: 'note', keys: ['note'] })).toMatchObject({ ok: false, code: 'BAD_ARGUMENT' });
  });
});
