import { ToolError, Type, assertImpersonation, defineSessionTool } from '@stagewright/sdk';
import { activeOrigin, inPage } from './reach.js';

const OPS = ['get', 'keys', 'set', 'remove', 'clear'] as const;
const AREAS = ['local', 'session'] as const;
type Op = (typeof OPS)[number];

/**
 * Bounds on what one call returns: a value is cut at valueChars, key lists at keys; a multi-key get
 * reads at most getKeys keys and cuts values once their total passes totalChars.
 */
export const WEB_STORAGE_LIMITS = { valueChars: 20_000, keys: 200, getKeys: 50, totalChars: 100_000 } as const;

/** Which ops need which parameters (checked before anything runs in the page). */
const NEEDS: Record<Op, readonly ('key' | 'value')[]> = { get: [], keys: [], set: ['key', 'value'], remove: ['key'], clear: [] };

interface PageRequest {
  op: Op;
  area: (typeof AREAS)[number];
  key?: string;
  keys?: string[];
  value?: string;
  limits: typeof WEB_STORAGE_LIMITS;
}

/** Runs in the page: self-contained, everything it needs comes in `request`. */
function webStorageOp(request: PageRequest): Record<string, unknown> {
  const storage = request.area === 'local' ? window.localStorage : window.sessionStorage;
  const key = request.key ?? '';
  switch (request.op) {
    case 'get': {
      if (request.keys !== undefined) {
        let budget = request.limits.totalChars;
        const items = request.keys.map((name) => {
          const value = storage.getItem(name);
          if (value === null) return { key: name, value: null };
          const kept = Math.max(0, Math.min(value.length, request.limits.valueChars, budget));
          budget -= kept;
          return { key: name, value: value.slice(0, kept), length: value.length, truncated: kept < value.length };
        });
        return { items };
      }
      const value = storage.getItem(key);
      if (value === null) return { key, value: null };
      const truncated = value.length > request.limits.valueChars;
      return { key, value: truncated ? value.slice(0, request.limits.valueChars) : value, length: value.length, truncated };
    }
    case 'keys': {
      const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index) ?? '').sort();
      return { keys: keys.slice(0, request.limits.keys), count: keys.length };
    }
    case 'set': {
      const previous = storage.getItem(key);
      storage.setItem(key, request.value ?? '');
      return { key, replaced: previous !== null };
    }
    case 'remove': {
      const existed = storage.getItem(key) !== null;
      storage.removeItem(key);
      return { key, removed: existed };
    }
    case 'clear': {
      const removed = storage.length;
      storage.clear();
      return { removed };
    }
  }
}

const web = defineSessionTool({
  name: 'web',
  title: 'Web storage',
  description: "Read or change localStorage or sessionStorage of the active page's origin.",
  kind: 'destructive',
  gate: 'eval:renderer',
  input: {
    op: Type.Enum(OPS),
    area: Type.Optional(Type.Enum(AREAS, { description: 'Default local' })),
    key: Type.Optional(Type.String({ maxLength: 1000 })),
    keys: Type.Optional(
      Type.Array(Type.String({ maxLength: 1000 }), { maxItems: WEB_STORAGE_LIMITS.getKeys, description: 'get: several keys' }),
    ),
    value: Type.Optional(Type.String({ maxLength: 1_000_000 })),
  },
  detail: {
    notes:
      'Runs in the active surface (switch windows or frames to reach another origin); needs --allow-eval or --allow-eval=renderer, and set needs --allow-impersonation=storage too. ' +
      `get and remove take key, set takes key and value; get takes keys instead (at most ${WEB_STORAGE_LIMITS.getKeys}) for { items: [{ key, value, length, truncated }] }, ` +
      `values cut once they total ${WEB_STORAGE_LIMITS.totalChars} chars. Returns get { key, value (null when absent), length, truncated }, ` +
      `keys { keys (sorted, at most ${WEB_STORAGE_LIMITS.keys}), count }, set { key, replaced }, remove { key, removed }, clear { removed }. ` +
      `Values over ${WEB_STORAGE_LIMITS.valueChars} chars are cut (truncated: true).`,
    values: { op: OPS, area: AREAS },
    errors: ['storage.NO_ORIGIN', 'IMPERSONATION_NOT_ALLOWED'],
    example: { op: 'get', key: 'note' },
  },
  rules: [{ atMostOne: ['key', 'keys'] }],
  async handle(args, { session, config }) {
    // A write puts data the app reads as its own (ADR-0034); reads, remove and clear need no more than the eval grant.
    if (args.op === 'set') assertImpersonation(config, 'storage', 'storage_web set');
    const missing: string[] = NEEDS[args.op].filter((name) => args[name] === undefined);
    if (args.op === 'get' && args.key === undefined && args.keys === undefined) missing.push('key or keys');
    if (args.keys !== undefined && args.op !== 'get') {
      throw new ToolError('BAD_ARGUMENT', `keys is for op "get" only; op "${args.op}" takes key.`, {
        details: { accepted: NEEDS[args.op] },
      });
    }
    if (missing.length > 0) {
      throw new ToolError('BAD_ARGUMENT', `op "${args.op}" needs ${missing.join(' and ')}.`, {
        details: { accepted: NEEDS[args.op] },
      });
    }
    const origin = activeOrigin(session);
    const area = args.area ?? 'local';
    const result = await inPage(session, webStorageOp, {
      op: args.op,
      area,
      key: args.key,
      keys: args.keys,
      value: args.value,
      limits: WEB_STORAGE_LIMITS,
    });
    return { origin, area, ...result };
  },
});

export const webStorageTools = [web];
