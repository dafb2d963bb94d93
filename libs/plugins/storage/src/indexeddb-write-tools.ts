import { ToolError, Type, defineSessionTool, type Session } from '@stagewright/sdk';
import { answerError } from './indexeddb-tool.js';
import { idbWrite, type IdbWriteRequest } from './indexeddb-write-page.js';
import { activeOrigin, inIsolatedWorld } from './reach.js';

/** Records per put and the JSON characters of one call's records (a seed, not a bulk import). */
export const IDB_WRITE_LIMITS = { records: 100, jsonChars: 1_000_000 } as const;

const name = () => Type.String({ minLength: 1, maxLength: 1000 });
const WRITE_ERRORS = ['storage.NO_ORIGIN', 'storage.DB_NOT_FOUND', 'storage.STORE_NOT_FOUND', 'BAD_ARGUMENT'];
const NOT_CREATED =
  'Writes only a database and store that exist (indexedDB.databases() lists it; none is ever created or upgraded), in one transaction: ' +
  'a refused call changes nothing. Runs fixed code in an isolated world with the arguments as JSON data: no eval grant needed. ';

/** One write in the page, turned into the answer or a coded error (nothing written on error). */
async function write(session: Session, request: IdbWriteRequest) {
  const origin = activeOrigin(session);
  const answer = await inIsolatedWorld(session, idbWrite, request);
  if (answer.ok) return { origin, database: request.database, store: request.store, ...answer.result };
  if ('missing' in answer) throw answerError(answer, origin);
  throw new ToolError(
    'BAD_ARGUMENT',
    `The store refused ${answer.invalid}; nothing was written (storage_idb op "schema" shows key paths and indexes).`,
    { details: { param: 'records' } },
  );
}

const put = defineSessionTool({
  name: 'idb_put',
  title: 'Put IndexedDB records',
  description: 'Add or replace records in an existing IndexedDB store of the active page.',
  kind: 'action',
  impersonates: 'storage',
  input: {
    database: name(),
    store: name(),
    records: Type.Array(Type.Object({ key: Type.Optional(Type.Unknown()), value: Type.Unknown() }), {
      minItems: 1,
      maxItems: IDB_WRITE_LIMITS.records,
    }),
  },
  detail: {
    notes:
      NOT_CREATED +
      "Each record is { value } (key from the store's keyPath, or generated) or { key, value } for a store without keyPath. Values are JSON. " +
      `At most ${IDB_WRITE_LIMITS.records} records and ${IDB_WRITE_LIMITS.jsonChars} JSON characters per call. Returns { put, keys }. Reload the page to see what the app shows.`,
    errors: WRITE_ERRORS,
    example: { database: 'drafts', store: 'drafts', records: [{ value: { id: 'd1', title: 'Hello' } }] },
  },
  async handle(args, { session }) {
    const chars = JSON.stringify(args.records).length;
    if (chars > IDB_WRITE_LIMITS.jsonChars) {
      throw new ToolError(
        'BAD_ARGUMENT',
        `records are ${chars} JSON characters; at most ${IDB_WRITE_LIMITS.jsonChars} per call (split them over several calls). Nothing was written.`,
      );
    }
    return write(session, { op: 'put', database: args.database, store: args.store, records: args.records });
  },
});

const remove = defineSessionTool({
  name: 'idb_delete',
  title: 'Delete IndexedDB records',
  description: 'Delete the records of a key or key range from an IndexedDB store.',
  kind: 'destructive',
  input: {
    database: name(),
    store: name(),
    query: Type.Unknown({ description: 'Key or {lower,upper}' }),
  },
  detail: {
    notes: `${NOT_CREATED}query is a key or { lower?, upper? } (bounds included); storage_idb_clear empties a store. Returns { removed }.`,
    errors: WRITE_ERRORS,
    example: { database: 'drafts', store: 'drafts', query: 'd1' },
  },
  handle: (args, { session }) => write(session, { op: 'delete', database: args.database, store: args.store, query: args.query }),
});

const clear = defineSessionTool({
  name: 'idb_clear',
  title: 'Clear an IndexedDB store',
  description: 'Delete every record of one IndexedDB store; the store itself stays.',
  kind: 'destructive',
  input: { database: name(), store: name() },
  detail: {
    notes: `${NOT_CREATED}Returns { removed }. To reset a whole origin (cookies, storage, databases, caches, workers): storage_site_clear.`,
    errors: WRITE_ERRORS,
    example: { database: 'drafts', store: 'drafts' },
  },
  handle: (args, { session }) => write(session, { op: 'clear', database: args.database, store: args.store }),
});

export const indexedDbWriteTools = [put, remove, clear];
