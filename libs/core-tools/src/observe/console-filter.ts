import { ToolError, type ConsoleEntry } from '@stagewright/sdk';
import type { UserRegex } from '../shared/regex.js';

export const LEVELS: readonly ConsoleEntry['level'][] = ['debug', 'log', 'info', 'warning', 'error'];
/** Characters of entry text returned in one call; the oldest entries go first when over. */
export const MAX_RETURNED_CHARS = 20_000;

export interface ConsoleQuery {
  /** Minimum severity. */
  level?: ConsoleEntry['level'];
  match?: UserRegex;
  /** A seq (entries after it) or an ISO time (entries after it). */
  since?: number | string;
  limit: number;
}

export interface ConsoleAnswer {
  entries: ConsoleEntry[];
  /** Seq of the newest buffered entry: pass it as `since` next time. */
  next: number;
  /** Matching entries left out by limit or the size bound (older ones). */
  omitted: number;
}

/** Parse `since`: a seq number or an ISO-8601 time. */
export function sinceFilter(since: number | string | undefined): (entry: ConsoleEntry) => boolean {
  if (since === undefined) return () => true;
  if (typeof since === 'number' || /^\d+$/.test(since)) {
    const seq = Number(since);
    return (entry) => entry.seq > seq;
  }
  const time = Date.parse(since);
  if (Number.isNaN(time)) {
    throw new ToolError('BAD_ARGUMENT', `since: ${JSON.stringify(since)} is neither a seq number nor an ISO time.`, {
      details: { param: 'since' },
    });
  }
  return (entry) => Date.parse(entry.time) > time;
}

/** Filter the buffered entries: newest `limit` matches, in order, within the size bound. */
export async function queryConsole(all: readonly ConsoleEntry[], query: ConsoleQuery): Promise<ConsoleAnswer> {
  const after = sinceFilter(query.since);
  const minLevel = query.level === undefined ? 0 : LEVELS.indexOf(query.level);
  let picked = all.filter((entry) => after(entry) && LEVELS.indexOf(entry.level) >= minLevel);
  if (query.match) {
    const verdicts = await query.match.testMany(picked.map((entry) => entry.text));
    picked = picked.filter((_, i) => verdicts[i]);
  }
  const matching = picked.length;
  let entries = picked.slice(-query.limit);
  let chars = 0;
  let keepFrom = entries.length;
  while (keepFrom > 0 && chars + entries[keepFrom - 1].text.length <= MAX_RETURNED_CHARS) chars += entries[--keepFrom].text.length;
  entries = entries.slice(keepFrom);
  return { entries, next: all.length ? all[all.length - 1].seq : 0, omitted: matching - entries.length };
}
