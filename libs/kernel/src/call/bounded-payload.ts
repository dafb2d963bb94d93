/**
 * Cuts a success payload to a character budget of its JSON text, keeping its shape: fields and
 * array items are kept in order while they fit; a field that does not fit is cut in turn (a
 * string to a prefix, an array to its first whole items, an object to the fields that fit), and
 * what was cut is said, path by path (STYLE 8b). Pure: the tests pin it without a server.
 */
export interface BoundedPayload {
  payload: Record<string, unknown>;
  /** What was cut, as JSON Pointers with what was kept (at most MAX_CUTS, then a count). */
  cut: string[];
}

const MAX_CUTS = 8;
/** Below this many characters a part is dropped rather than cut into something unreadable. */
const MIN_PART = 64;

export function boundPayload(payload: Record<string, unknown>, budget: number): BoundedPayload {
  const cuts: string[] = [];
  const fitted = fit(payload, budget, '', cuts);
  const kept = fitted && typeof fitted === 'object' && !Array.isArray(fitted) ? (fitted as Record<string, unknown>) : {};
  const cut = cuts.length > MAX_CUTS ? [...cuts.slice(0, MAX_CUTS), `and ${cuts.length - MAX_CUTS} more cuts`] : cuts;
  return { payload: kept, cut };
}

function size(value: unknown): number {
  return (JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? v.toString() : v)) ?? 'null').length;
}

function pointer(path: string, key: string | number): string {
  return `${path}/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`;
}

function fit(value: unknown, budget: number, path: string, cuts: string[]): unknown {
  if (size(value) <= budget) return value;
  if (typeof value === 'string') {
    const keep = Math.max(0, budget - 3);
    // JSON escapes make some characters longer: shrink until the quoted prefix fits.
    let prefix = value.slice(0, keep);
    while (prefix.length && size(prefix) > budget) prefix = prefix.slice(0, Math.floor(prefix.length * 0.9));
    cuts.push(`${path || '/'}: ${prefix.length} of ${value.length} characters kept`);
    return prefix;
  }
  if (Array.isArray(value)) {
    const kept: unknown[] = [];
    let left = budget - 2;
    for (const [index, item] of value.entries()) {
      const cost = size(item) + (kept.length ? 1 : 0);
      if (cost <= left) {
        kept.push(item);
        left -= cost;
        continue;
      }
      // Whole items only, unless not even the first fits: then it is cut in turn.
      if (kept.length === 0 && left > MIN_PART) kept.push(fit(item, left, pointer(path, index), cuts));
      break;
    }
    cuts.push(`${path || '/'}: ${kept.length} of ${value.length} items kept`);
    return kept;
  }
  if (value && typeof value === 'object') {
    const kept: Record<string, unknown> = {};
    const dropped: string[] = [];
    let left = budget - 2;
    for (const [key, item] of Object.entries(value)) {
      const keyCost = size(key) + 1 + (Object.keys(kept).length ? 1 : 0);
      const cost = keyCost + size(item);
      if (cost <= left) {
        kept[key] = item;
        left -= cost;
      } else if (left - keyCost > MIN_PART) {
        kept[key] = fit(item, left - keyCost, pointer(path, key), cuts);
        left -= keyCost + size(kept[key]);
      } else {
        dropped.push(key);
      }
    }
    if (dropped.length) cuts.push(`${path || '/'}: fields ${dropped.join(', ')} left out`);
    return kept;
  }
  return value;
}
