import { readFileSync } from 'node:fs';

/** The trace plugin's line formats (libs/plugins/trace/src/trace-file.ts), as this reader relies on them. */
export interface TraceHeaderLine {
  type: 'header';
  format: string;
  version: number;
  name: string;
  startedAt: string;
  server?: { version?: string; profile?: string; allowEval?: string[] };
  playwright?: boolean;
}

export interface TraceCallLine {
  type: 'call';
  seq: number;
  tool: string;
  args: Record<string, unknown>;
  ok: boolean;
  code?: string;
  envelope: Record<string, unknown>;
  images: number;
  startedAt: string;
  ms: number;
  /** JSON Pointers into args whose values the recorder hid. */
  redacted?: string[];
  /** Stable selectors the recorder worked out, by argument (`ref` → `role=button[name="Greet"]`). */
  locators?: Record<string, string>;
}

/** What the trace's answers cost, as the recorder totalled them (over-the-cap calls included). */
export interface TraceTokenTotals {
  tokens: number;
  calls: number;
  images: number;
  byTool: { tool: string; calls: number; tokens: number; images: number }[];
  largest: { tool: string; tokens: number; at: string; seq?: number }[];
}

export interface TraceFooterLine {
  type: 'footer';
  endedAt: string;
  records: number;
  overflow: number;
  stoppedBy: string;
  tokens?: TraceTokenTotals;
  playwright?: { sessionId: string; file?: string; error?: string }[];
}

export interface ParsedTrace {
  file: string;
  header: TraceHeaderLine;
  calls: TraceCallLine[];
  /** Absent when the recording was cut short (the server crashed or was killed). */
  footer?: TraceFooterLine;
  /** Lines that did not parse (a torn last line after a crash). */
  unreadable: number;
}

export class TraceUnreadable extends Error {
  override name = 'TraceUnreadable';
}

type Json = Record<string, unknown>;
const record = (v: unknown): Json => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
/** Strings stay strings; anything else (a crafted trace) becomes its JSON text, never markup or a number. */
const text = (v: unknown): string => (typeof v === 'string' ? v : v === undefined || v === null ? '' : (JSON.stringify(v) ?? ''));
const count = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : 0);
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.map(text) : []);
const stringRecord = (v: unknown): Record<string, string> =>
  Object.fromEntries(Object.entries(record(v)).filter((e): e is [string, string] => typeof e[1] === 'string'));

/**
 * Each line in the shape its type promises, whatever the file says: a trace is data from the
 * app and the agent, and readers (the HTML page, promotion) must not meet a non-numeric `seq`.
 */
function callLine(l: Json): TraceCallLine {
  return {
    type: 'call',
    seq: Number.isSafeInteger(l.seq) ? (l.seq as number) : 0,
    tool: text(l.tool),
    args: record(l.args),
    ok: l.ok === true,
    ...(l.code === undefined ? {} : { code: text(l.code) }),
    envelope: record(l.envelope),
    images: count(l.images),
    startedAt: text(l.startedAt),
    ms: count(l.ms),
    ...(l.redacted === undefined ? {} : { redacted: strings(l.redacted) }),
    ...(l.locators === undefined ? {} : { locators: stringRecord(l.locators) }),
  };
}

function headerLine(l: Json): TraceHeaderLine {
  const server = record(l.server);
  return {
    type: 'header',
    format: text(l.format),
    version: l.version as number,
    name: text(l.name),
    startedAt: text(l.startedAt),
    server: { version: text(server.version), profile: text(server.profile), allowEval: strings(server.allowEval) },
    playwright: l.playwright === true,
  };
}

/** At most this many rows of each list are taken from a footer (a crafted one may hold millions). */
const MAX_TOTAL_ROWS = 200;

function tokenTotals(v: unknown): TraceTokenTotals | undefined {
  if (v === undefined) return undefined;
  const t = record(v);
  const rows = (list: unknown) => (Array.isArray(list) ? list.slice(0, MAX_TOTAL_ROWS).map(record) : []);
  return {
    tokens: count(t.tokens),
    calls: count(t.calls),
    images: count(t.images),
    byTool: rows(t.byTool).map((r) => ({ tool: text(r.tool), calls: count(r.calls), tokens: count(r.tokens), images: count(r.images) })),
    largest: rows(t.largest).map((r) => ({
      tool: text(r.tool),
      tokens: count(r.tokens),
      at: text(r.at),
      ...(Number.isSafeInteger(r.seq) && (r.seq as number) > 0 ? { seq: r.seq as number } : {}),
    })),
  };
}

function footerLine(l: Json): TraceFooterLine {
  const tokens = tokenTotals(l.tokens);
  return {
    type: 'footer',
    endedAt: text(l.endedAt),
    records: count(l.records),
    overflow: count(l.overflow),
    stoppedBy: text(l.stoppedBy),
    ...(tokens ? { tokens } : {}),
    ...(Array.isArray(l.playwright)
      ? {
          playwright: l.playwright.map(record).map((p) => ({
            sessionId: text(p.sessionId),
            ...(p.file === undefined ? {} : { file: text(p.file) }),
            ...(p.error === undefined ? {} : { error: text(p.error) }),
          })),
        }
      : {}),
  };
}

/** Read a JSONL trace, whole or cut short; only a missing or foreign header makes it unreadable. */
export function readTrace(file: string): ParsedTrace {
  let content: string;
  try {
    content = readFileSync(file, 'utf8');
  } catch (error) {
    throw new TraceUnreadable(`${file}: cannot read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  const lines: Json[] = [];
  let unreadable = 0;
  for (const line of content.split('\n').filter((l) => l.trim())) {
    try {
      lines.push(record(JSON.parse(line)));
    } catch {
      unreadable++;
    }
  }
  const first = lines[0];
  if (first?.type !== 'header' || first.format !== 'stagewright-trace')
    throw new TraceUnreadable(`${file}: not a Stagewright trace (its first line is not a stagewright-trace header)`);
  if (first.version !== 1)
    throw new TraceUnreadable(`${file}: trace format version ${text(first.version)} is not supported (this reader knows 1)`);
  const footer = lines.find((l) => l.type === 'footer');
  return {
    file,
    header: headerLine(first),
    calls: lines.filter((l) => l.type === 'call').map(callLine),
    ...(footer ? { footer: footerLine(footer) } : {}),
    unreadable,
  };
}
