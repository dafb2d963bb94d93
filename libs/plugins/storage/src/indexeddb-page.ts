/**
 * The IndexedDB side that runs in the page. One self-contained function (Playwright serialises its
 * source, so it may not reach anything outside itself): everything it needs comes in `request`.
 *
 * The contract this file exists for: it never creates or upgrades a database. It opens only a name
 * that `indexedDB.databases()` lists, without a version (so no upgrade), and should the database
 * vanish between the check and the open, it aborts the creating upgrade; every connection it
 * opens is closed before it answers, so the app's own upgrades are never blocked by it.
 */
export interface IdbRequest {
  op: 'schema' | 'read' | 'keys' | 'count';
  database?: string;
  store?: string;
  index?: string;
  /** A key, or { lower?, upper? } for a range (bounds included). */
  query?: unknown;
  limit: number;
  valueChars: number;
}

/** What the page answers: a result, or what was missing (the tool turns it into a coded error). */
export type IdbAnswer =
  | { ok: true; result: Record<string, unknown> }
  | { ok: false; missing: 'database' | 'store' | 'index'; known: string[] }
  | { ok: false; invalid: string };

export async function idbOp(request: IdbRequest): Promise<IdbAnswer> {
  const settle = <T>(req: IDBRequest<T>) =>
    new Promise<T>((resolve, reject) => {
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
  /** JSON-safe and bounded: binary and other non-JSON values become short labels. */
  const plain = (value: unknown): unknown => {
    const text = JSON.stringify(value, (_key, item: unknown) => {
      if (typeof item === 'bigint') return `${item}n`;
      if (item instanceof Blob) return `[Blob ${item.type || 'unknown'} ${item.size} bytes]`;
      if (item instanceof ArrayBuffer) return `[ArrayBuffer ${item.byteLength} bytes]`;
      if (ArrayBuffer.isView(item)) return `[${item.constructor.name} ${item.byteLength} bytes]`;
      if (item instanceof Map) return Object.fromEntries(item);
      if (item instanceof Set) return [...item];
      return item;
    });
    if (text === undefined) return null;
    return text.length > request.valueChars ? { truncated: true, preview: text.slice(0, request.valueChars) } : JSON.parse(text);
  };
  const range = (query: unknown): IDBValidKey | IDBKeyRange | undefined => {
    if (query === undefined || query === null) return undefined;
    if (typeof query !== 'object' || Array.isArray(query)) return query as IDBValidKey;
    const { lower, upper } = query as { lower?: IDBValidKey; upper?: IDBValidKey };
    if (lower !== undefined && upper !== undefined) return IDBKeyRange.bound(lower, upper);
    if (lower !== undefined) return IDBKeyRange.lowerBound(lower);
    if (upper !== undefined) return IDBKeyRange.upperBound(upper);
    return undefined;
  };

  const databases = await indexedDB.databases();
  if (request.database === undefined) {
    return { ok: true, result: { databases: databases.map(({ name, version }) => ({ name, version })) } };
  }
  if (!databases.some(({ name }) => name === request.database)) {
    return { ok: false, missing: 'database', known: databases.map(({ name }) => name ?? '') };
  }
  const opening = indexedDB.open(request.database);
  opening.onupgradeneeded = () => opening.transaction?.abort();
  const db = await settle(opening);
  try {
    const storeNames = [...db.objectStoreNames];
    if (request.op === 'schema') {
      const stores = [];
      for (const name of storeNames) {
        const store = db.transaction(name, 'readonly').objectStore(name);
        const indexes = [...store.indexNames].map((indexName) => {
          const index = store.index(indexName);
          return { name: indexName, keyPath: index.keyPath, unique: index.unique, multiEntry: index.multiEntry };
        });
        stores.push({ name, keyPath: store.keyPath, autoIncrement: store.autoIncrement, indexes, count: await settle(store.count()) });
      }
      return { ok: true, result: { database: db.name, version: db.version, stores } };
    }
    if (request.store === undefined || !storeNames.includes(request.store)) return { ok: false, missing: 'store', known: storeNames };
    const store = db.transaction(request.store, 'readonly').objectStore(request.store);
    if (request.index !== undefined && !store.indexNames.contains(request.index)) {
      return { ok: false, missing: 'index', known: [...store.indexNames] };
    }
    const source = request.index === undefined ? store : store.index(request.index);
    let cursor: IDBRequest<IDBCursor | null>;
    try {
      const query = range(request.query);
      if (request.op === 'count') return { ok: true, result: { count: await settle(source.count(query)) } };
      cursor = request.op === 'keys' ? source.openKeyCursor(query) : (source.openCursor(query) as IDBRequest<IDBCursor | null>);
    } catch (error) {
      return { ok: false, invalid: error instanceof Error ? error.message : String(error) };
    }
    const records: { key: unknown; primaryKey?: unknown; value?: unknown }[] = [];
    const more = await new Promise<boolean>((resolve, reject) => {
      cursor.onerror = () => reject(cursor.error);
      cursor.onsuccess = () => {
        const at = cursor.result;
        if (!at) return resolve(false);
        if (records.length === request.limit) return resolve(true);
        // A key cursor (op "keys") has no value: the records are read without loading them.
        const record = 'value' in at ? { key: plain(at.key), value: plain((at as IDBCursorWithValue).value) } : { key: plain(at.key) };
        records.push(request.index === undefined ? record : { ...record, primaryKey: plain(at.primaryKey) });
        at.continue();
      };
    });
    return { ok: true, result: { records, more } };
  } finally {
    db.close();
  }
}
