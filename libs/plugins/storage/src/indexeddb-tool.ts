import { ToolError, Type, defineSessionTool } from '@stagewright/sdk';
import { activeOrigin, inPage } from './reach.js';
import { idbOp, type IdbAnswer } from './indexeddb-page.js';

const OPS = ['schema', 'read', 'keys', 'count'] as const;

/** Records per read (default and ceiling) and the JSON characters kept of each key or value. */
export const IDB_LIMITS = { defaultRecords: 20, maxRecords: 100, valueChars: 2_000 } as const;

const MISSING_CODE = { database: 'storage.DB_NOT_FOUND', store: 'storage.STORE_NOT_FOUND', index: 'storage.INDEX_NOT_FOUND' } as const;

/** A coded error for what the page could not find or use, naming what exists instead. */
export function answerError(answer: Exclude<IdbAnswer, { ok: true }>, origin: string): ToolError {
  if ('invalid' in answer) {
    return new ToolError(
      'BAD_ARGUMENT',
      `query is not a valid IndexedDB key or range: ${answer.invalid} (pass a key: string, number, array, or { lower?, upper? }).`,
      { details: { param: 'query' } },
    );
  }
  return new ToolError(
    MISSING_CODE[answer.missing],
    `No ${answer.missing} of that name in ${origin}; it exists: ${answer.known.join(', ') || '(none)'}.`,
    {
      details: { known: answer.known.slice(0, 50) },
    },
  );
}

const idb = defineSessionTool({
  name: 'idb',
  title: 'IndexedDB',
  description: "Schema, records or counts of the active page's IndexedDB, read-only.",
  kind: 'read',
  gate: 'eval:renderer',
  input: {
    op: Type.Enum(OPS),
    database: Type.Optional(Type.String({ maxLength: 1000 })),
    store: Type.Optional(Type.String({ maxLength: 1000 })),
    index: Type.Optional(Type.String({ maxLength: 1000 })),
    query: Type.Optional(Type.Unknown({ description: 'Key or {lower,upper}' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: IDB_LIMITS.maxRecords })),
  },
  detail: {
    notes:
      'Runs in the active surface; needs --allow-eval or --allow-eval=renderer. Never creates or upgrades a database: only names indexedDB.databases() lists are opened, ' +
      'without a version, and closed before answering. schema without database lists { databases: [{ name, version }] }; with database ' +
      '{ database, version, stores: [{ name, keyPath, autoIncrement, indexes: [{ name, keyPath, unique, multiEntry }], count }] }. ' +
      'read, keys and count need database and store; index reads through an index; query is a key or { lower?, upper? } (bounds included). ' +
      `read returns { records: [{ key, primaryKey (with index), value }], more } (limit default ${IDB_LIMITS.defaultRecords}); keys the same without values (none is loaded); ` +
      `keys and values are JSON, binary shown as labels, each over ${IDB_LIMITS.valueChars} chars as { truncated, preview }. count returns { count }.`,
    values: { op: OPS },
    errors: ['storage.NO_ORIGIN', 'storage.DB_NOT_FOUND', 'storage.STORE_NOT_FOUND', 'storage.INDEX_NOT_FOUND'],
    example: { op: 'read', database: 'app', store: 'todos', limit: 5 },
  },
  async handle(args, { session }) {
    if (args.op !== 'schema' && (args.database === undefined || args.store === undefined)) {
      throw new ToolError('BAD_ARGUMENT', `op "${args.op}" needs database and store.`);
    }
    const origin = activeOrigin(session);
    const answer = await inPage(session, idbOp, {
      op: args.op,
      database: args.database,
      store: args.store,
      index: args.index,
      query: args.query,
      limit: args.limit ?? IDB_LIMITS.defaultRecords,
      valueChars: IDB_LIMITS.valueChars,
    });
    if (!answer.ok) throw answerError(answer, origin);
    return { origin, ...answer.result };
  },
});

export const indexedDbTools = [idb];
