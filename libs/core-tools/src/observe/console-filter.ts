import { ToolError, type ConsoleEntry } from '@stagewright/sdk';
import type { UserRegex } from '../shared/regex.js';

export const LEVELS: readonly ConsoleEntry['level'][] = ['debug', 'log', 'info', 'warning', 'error'];
/** Characters of entry text returned in one call; the oldest entries go first when over. */
export const MAX_RETURNED_CHARS = 20_000;

export interface ConsoleQuery {
  /** Minimum severity. */
  level?: ConsoleEntry['level'];
  matches?: UserRegex;
  /** A seq (entries after it) or an ISO time (entries after it). */
  cursor?: number | string;
  limit: number;
}

export interface ConsoleAnswer {
  entries: ConsoleEntry[];
  /** Seq of the newest buffered entry: pass it back as `cursor` next time. */
  cursor: number;
  /** Matching entries left out by limit or the size bound (older ones). */
  omitted: number;
}

/** Parse `cursor`: a seq number or an ISO-8601 time. */
export function cursorFilter(cursor: number | string | undefined): (entry: ConsoleEntry) => boolean {
  if (cursor === undefined) return () => true;
  if (typeof cursor === 'number' || /^\d+$/.test(cursor)) {
    const seq = Number(cursor);
    return (entry) => entry.seq > seq;
  }
  const time = Date.parse(cursor);
  if (Number.isNaN(time)) {
    throw new ToolError('BAD_ARGUMENT', `cursor: ${JSON.stringify(cursor)} is neither a seq number nor an ISO time.`, {
      details: { param: 'cursor' },
    });
  }
  return (entry) => Date.parse(entry.time) > time;
}

/** Filter the buffered entries: newest `limit` matches, in order, within the size bound. */
export async function queryConsole(all: readonly ConsoleEntry[], query: ConsoleQuery): Promise<ConsoleAnswer> {
  const after = cursorFilter(query.cursor);
  const minLevel = query.level === undefined ? 0 : LEVELS.indexOf(query.level);
  let picked = all.filter((entry) => after(entry) && LEVELS.indexOf(entry.level) >= minLevel);
  if (query.matches) {
    const verdicts = await query.matches.testMany(picked.map((entry) => entry.text));
    picked = picked.filter((_, i) => verdicts[i]);
  }
  const matching = picked.length;
  let entries = picked.slice(-query.limit);
  let chars = 0;
  let keepFrom = entries.length;
  while (keepFrom > 0 && chars + entries[keepFrom - 1].text.length <= MAX_RETURNED_CHARS) chars += entries[--keepFrom].text.length;
  entries = entries.slice(keepFrom);
  return { entries, cursor: all.length ? all[all.length - 1].seq : 0, omitted: matching - entries.length };
}
