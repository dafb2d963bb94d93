import { ToolError, Type, defineSessionTool } from '@stagewright/sdk';
import { activeOrigin, inPage } from './reach.js';

const OPS = ['get', 'keys', 'set', 'remove', 'clear'] as const;
const AREAS = ['local', 'session'] as const;
type Op = (typeof OPS)[number];

/** Bounds on what one call returns: a value is cut at MAX_VALUE_CHARS, keys at MAX_KEYS. */
export const WEB_STORAGE_LIMITS = { valueChars: 20_000, keys: 200 } as const;

/** Which ops need which parameters (checked before anything runs in the page). */
const NEEDS: Record<Op, readonly ('key' | 'value')[]> = { get: ['key'], keys: [], set: ['key', 'value'], remove: ['key'], clear: [] };

interface PageRequest {
  op: Op;
  area: (typeof AREAS)[number];
  key?: string;
  value?: string;
  limits: typeof WEB_STORAGE_LIMITS;
}

/** Runs in the page: self-contained, everything it needs comes in `request`. */
function webStorageOp(request: PageRequest): Record<string, unknown> {
  const storage = request.area === 'local' ? window.localStorage : window.sessionStorage;
  const key = request.key ?? '';
  switch (request.op) {
    case 'get': {
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
    value: Type.Optional(Type.String({ maxLength: 1_000_000 })),
  },
  detail: {
    notes:
      'Runs in the active surface (switch windows or frames to reach another origin); needs --allow-eval or --allow-eval=renderer. ' +
      'get and remove take key, set takes key and value. Returns get { key, value (null when absent), length, truncated }, ' +
      `keys { keys (sorted, at most ${WEB_STORAGE_LIMITS.keys}), count }, set { key, replaced }, remove { key, removed }, clear { removed }. ` +
      `Values over ${WEB_STORAGE_LIMITS.valueChars} chars are cut (truncated: true).`,
    values: { op: OPS, area: AREAS },
    errors: ['storage.NO_ORIGIN'],
    example: { op: 'get', key: 'note' },
  },
  async handle(args, { session }) {
    const missing = NEEDS[args.op].filter((name) => args[name] === undefined);
    if (missing.length > 0) {
      throw new ToolError('BAD_ARGUMENT', `op "${args.op}" needs ${missing.join(' and ')}.`, {
        details: { accepted: NEEDS[args.op] },
      });
    }
    const origin = activeOrigin(session);
    const area = args.area ?? 'local';
    const result = await inPage(session, webStorageOp, { op: args.op, area, key: args.key, value: args.value, limits: WEB_STORAGE_LIMITS });
    return { origin, area, ...result };
  },
});

export const webStorageTools = [web];
