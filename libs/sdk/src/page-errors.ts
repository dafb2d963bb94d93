import type { ConsoleEntry } from './session.js';

/**
 * How many page errors an answer carries, and how long each line may be. An answer that names
 * the cause of a broken page must stay cheap: the first few, one line each (issue 29).
 */
export const PAGE_ERROR_LIMITS = { lines: 3, chars: 160 } as const;

/** Chromium's words for a request of the page that failed (a missing script, stylesheet, image). */
const FAILED_LOAD = /^Failed to load resource\b/;

/**
 * Whether a console entry explains a broken page: an uncaught exception, an unhandled rejection,
 * a preload that failed, or a load that failed. Console API errors the app logged on purpose
 * and the main process's output are not: they belong to electron_console_logs.
 */
export function isPageError(entry: ConsoleEntry): boolean {
  if (entry.source !== 'renderer') return false;
  if (entry.kind === 'exception' || entry.kind === 'rejection' || entry.kind === 'preload') return true;
  return entry.level === 'error' && FAILED_LOAD.test(entry.text);
}

/** `file:///app/index.html:105:5` → `index.html:105`; a failed load is named by its file only. */
function where(location: string | undefined, withLine: boolean): string {
  if (!location) return '';
  const match = /^(.*?)(?::(\d+))?(?::\d+)?$/.exec(location);
  const path = (match?.[1] ?? location).split(/[?#]/)[0];
  const file = path.slice(path.lastIndexOf('/') + 1) || path;
  return withLine && match?.[2] ? `${file}:${match[2]}` : file;
}

/** One entry as one short line: its message's first line and where it came from. */
export function pageErrorLine(entry: ConsoleEntry): string {
  const first = entry.text.split('\n', 1)[0].replace(/^Uncaught (?:\(in promise\) )?/, '');
  const from = where(entry.location, !FAILED_LOAD.test(entry.text));
  const line = from ? `${first} (${from})` : first;
  return line.length > PAGE_ERROR_LIMITS.chars ? `${line.slice(0, PAGE_ERROR_LIMITS.chars - 1)}…` : line;
}

export interface PageErrorSelection {
  /** Only entries of this window (`w1`...). */
  window?: string;
  /** Only entries newer than this console sequence number. */
  afterSeq?: number;
}

/**
 * The first few page errors (see isPageError) as short lines, without repeats: what an answer
 * about an empty page or a failed action adds so that the cause is in the answer itself. Thrown
 * errors come first (oldest first), then failed loads: a missing icon explains less than a
 * script that stopped. Empty when there is none.
 */
export function pageErrorLines(entries: readonly ConsoleEntry[], selection: PageErrorSelection = {}): string[] {
  const chosen = entries.filter(
    (entry) =>
      (selection.afterSeq === undefined || entry.seq > selection.afterSeq) &&
      (selection.window === undefined || entry.window === selection.window) &&
      isPageError(entry),
  );
  const thrown = chosen.filter((entry) => entry.kind !== undefined);
  const loads = chosen.filter((entry) => entry.kind === undefined);
  const lines: string[] = [];
  for (const entry of [...thrown, ...loads]) {
    const line = pageErrorLine(entry);
    if (!lines.includes(line)) lines.push(line);
    if (lines.length === PAGE_ERROR_LIMITS.lines) break;
  }
  return lines;
}
