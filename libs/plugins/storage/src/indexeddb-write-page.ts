/**
 * The IndexedDB write side, run in an isolated world of the page (reach.ts `inIsolatedWorld`): one
 * self-contained function whose source is this plugin's, with the caller's records and keys
 * passed as JSON arguments, never as source. The app's scripts neither see it nor can change it.
 *
 * The contracts this file exists for:
 * - it never creates or upgrades a database: it opens only a name `indexedDB.databases()` lists,
 *   without a version, aborts the creating upgrade should the database vanish in between, and
 *   closes its connection before answering, so the app's own upgrades are never blocked;
 * - a write is one readwrite transaction: a record the store refuses aborts it, so a refused
 *   call has changed nothing, and the answer names the record and the reason.
 */
export interface IdbWriteRequest {
  op: 'put' | 'delete' | 'clear';
  database: string;
  store: string;
  /** put: the records, each with an out-of-line `key` when the store has no key path. */
  records?: { key?: unknown; value: unknown }[];
  /** delete: a key, or { lower?, upper? } for a range (bounds included). */
  query?: unknown;
}

/** What the page answers: a result, what was missing, or what the store refused (nothing written). */
export type IdbWriteAnswer =
  | { ok: true; result: Record<string, unknown> }
  | { ok: false; missing: 'database' | 'store'; known: string[] }
  | { ok: false; invalid: string };

export async function idbWrite(request: IdbWriteRequest): Promise<IdbWriteAnswer> {
  const settle = <T>(req: IDBRequest<T>) =>
    new Promise<T>((resolve, reject) => {
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
  const reason = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));
  /** A key, or { lower?, upper? } (bounds included); never "everything": that is op "clear". */
  const keyRange = (query: unknown): IDBValidKey | IDBKeyRange => {
    if (query === undefined || query === null) throw new TypeError('delete needs a key or a range');
    if (typeof query !== 'object' || Array.isArray(query)) return query as IDBValidKey;
    const { lower, upper } = query as { lower?: IDBValidKey; upper?: IDBValidKey };
    if (lower !== undefined && upper !== undefined) return IDBKeyRange.bound(lower, upper);
    if (lower !== undefined) return IDBKeyRange.lowerBound(lower);
    if (upper !== undefined) return IDBKeyRange.upperBound(upper);
    throw new TypeError('a range needs lower, upper or both');
  };

  const databases = await indexedDB.databases();
  if (!databases.some(({ name }) => name === request.database)) {
    return { ok: false, missing: 'database', known: databases.map(({ name }) => name ?? '') };
  }
  const opening = indexedDB.open(request.database);
  opening.onupgradeneeded = () => opening.transaction?.abort();
  let db: IDBDatabase;
  try {
    db = await settle(opening);
  } catch {
    // The upgrade was aborted: the database went away after it was listed, and stays away.
    return { ok: false, missing: 'database', known: (await indexedDB.databases()).map(({ name }) => name ?? '') };
  }
  try {
    const storeNames = [...db.objectStoreNames];
    if (!storeNames.includes(request.store)) return { ok: false, missing: 'store', known: storeNames };
    const tx = db.transaction(request.store, 'readwrite');
    const done = new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onabort = () => reject(tx.error);
    });
    // Rejections are read through `done` below; a refused request also aborts the transaction.
    done.catch(() => undefined);
    const store = tx.objectStore(request.store);
    let refused: string | undefined;
    const refuse = (what: string, error: unknown) => {
      if (refused !== undefined) return;
      refused = `${what}: ${reason(error)}`;
      tx.abort();
    };

    let result: Record<string, unknown> = {};
    if (request.op === 'put') {
      const records = request.records ?? [];
      const keys: unknown[] = [];
      records.forEach((record, index) => {
        if (refused !== undefined) return;
        try {
          const put = record.key === undefined ? store.put(record.value) : store.put(record.value, record.key as IDBValidKey);
          put.onsuccess = () => {
            keys[index] = put.result;
          };
          put.onerror = () => refuse(`records[${index}]`, put.error);
        } catch (error) {
          refuse(`records[${index}]`, error);
        }
      });
      result = { put: records.length, keys };
    } else {
      try {
        const range = request.op === 'clear' ? undefined : keyRange(request.query);
        const counting = store.count(range);
        counting.onsuccess = () => {
          result = { removed: counting.result };
        };
        if (range === undefined) store.clear();
        else store.delete(range);
      } catch (error) {
        refuse('query', error);
      }
    }
    try {
      await done;
    } catch (error) {
      return { ok: false, invalid: refused ?? reason(error) };
    }
    if (refused !== undefined) return { ok: false, invalid: refused };
    return { ok: true, result };
  } finally {
    db.close();
  }
}
