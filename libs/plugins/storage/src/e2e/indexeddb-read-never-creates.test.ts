// IndexedDB is read in the page, and reading must never change it: a record the app wrote reads
// back, and asking for a database that does not exist leaves it not existing (checked through
// DevTools by storage_snapshot, which does not go through the page code under test).
import { describe, expect, it } from 'vitest';
import type { AppUnderTest } from '@stagewright/harness';
import { withStorageApp } from './test-support/connect.js';

const databasesSeenByDevTools = async (app: AppUnderTest) => {
  const snapshot = await app.call('storage_snapshot', {});
  return (snapshot.origins as { indexedDB: string[] }[]).flatMap((origin) => origin.indexedDB);
};

describe('storage_idb', () => {
  it('reads the schema, the record and the count of what the app stored', async () => {
    await withStorageApp(async (app) => {
      await app.call('electron_click', { selector: '#add-record' });
      expect(await app.call('electron_expect_text', { selector: '#records', equals: 'Records: 1' })).toMatchObject({ ok: true });

      expect(await app.call('storage_idb', { op: 'schema' })).toMatchObject({ ok: true, databases: [{ name: 'fixture', version: 1 }] });
      expect(await app.call('storage_idb', { op: 'schema', database: 'fixture' })).toMatchObject({
        ok: true,
        version: 1,
        stores: [{ name: 'records', keyPath: null, autoIncrement: true, indexes: [], count: 1 }],
      });
      expect(await app.call('storage_idb', { op: 'read', database: 'fixture', store: 'records' })).toMatchObject({
        ok: true,
        records: [{ key: 1, value: { text: 'first' } }],
        more: false,
      });
      expect(await app.call('storage_idb', { op: 'count', database: 'fixture', store: 'records', query: 1 })).toMatchObject({
        ok: true,
        count: 1,
      });
      expect(await app.call('storage_idb', { op: 'count', database: 'fixture', store: 'records', query: { lower: 2 } })).toMatchObject({
        ok: true,
        count: 0,
      });
    });
  });

  it('pages records with limit and says there are more', async () => {
    await withStorageApp(async (app) => {
      for (const expected of ['Records: 1', 'Records: 2']) {
        await app.call('electron_click', { selector: '#add-record' });
        await app.call('electron_expect_text', { selector: '#records', equals: expected });
      }
      const first = await app.call('storage_idb', { op: 'read', database: 'fixture', store: 'records', limit: 1 });
      expect(first).toMatchObject({ ok: true, records: [{ key: 1 }], more: true });
    });
  });

  it('never creates a database that did not exist', async () => {
    await withStorageApp(async (app) => {
      // The app opens its own database on load; a written record says that has happened.
      await app.call('electron_click', { selector: '#add-record' });
      await app.call('electron_expect_text', { selector: '#records', equals: 'Records: 1' });
      expect(await databasesSeenByDevTools(app)).toEqual(['fixture']);
      for (const op of ['schema', 'read', 'count'] as const) {
        const missing = await app.call('storage_idb', { op, database: 'never-made', store: 'records' });
        expect(missing).toMatchObject({ ok: false, code: 'storage.DB_NOT_FOUND', details: { known: ['fixture'] } });
      }
      expect(await databasesSeenByDevTools(app)).toEqual(['fixture']);
      expect(await app.call('storage_idb', { op: 'schema' })).toMatchObject({ ok: true, databases: [{ name: 'fixture' }] });
    });
  });

  it('names the stores and indexes that exist when asked for one that does not, and refuses a bad query', async () => {
    await withStorageApp(async (app) => {
      // The app opens (and on first run creates) its database on load: wait until it exists.
      for (let i = 0; i < 100 && !(await databasesSeenByDevTools(app)).includes('fixture'); i++)
        await new Promise((resolve) => setTimeout(resolve, 100));
      const missing = await app.call('storage_idb', { op: 'read', database: 'fixture', store: 'nope' });
      expect(missing).toMatchObject({ ok: false, code: 'storage.STORE_NOT_FOUND', details: { known: ['records'] } });
      expect(await app.call('storage_idb', { op: 'read', database: 'fixture', store: 'records', index: 'byText' })).toMatchObject({
        ok: false,
        code: 'storage.INDEX_NOT_FOUND',
        details: { known: [] },
      });
      expect(await app.call('storage_idb', { op: 'count', database: 'fixture', store: 'records', query: true })).toMatchObject({
        ok: false,
        code: 'BAD_ARGUMENT',
      });
      expect(await app.call('storage_idb', { op: 'count', database: 'fixture' })).toMatchObject({ ok: false, code: 'BAD_ARGUMENT' });
    });
  });
});
