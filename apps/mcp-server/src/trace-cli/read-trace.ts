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
}

export interface TraceFooterLine {
  type: 'footer';
  endedAt: string;
  records: number;
  overflow: number;
  stoppedBy: string;
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

/** Read a JSONL trace, whole or cut short; only a missing or foreign header makes it unreadable. */
export function readTrace(file: string): ParsedTrace {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new TraceUnreadable(`${file}: cannot read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  const lines: Record<string, unknown>[] = [];
  let unreadable = 0;
  for (const line of text.split('\n').filter((l) => l.trim())) {
    try {
      lines.push(JSON.parse(line));
    } catch {
      unreadable++;
    }
  }
  const header = lines[0] as unknown as TraceHeaderLine | undefined;
  if (header?.type !== 'header' || header.format !== 'stagewright-trace')
    throw new TraceUnreadable(`${file}: not a Stagewright trace (its first line is not a stagewright-trace header)`);
  if (header.version !== 1)
    throw new TraceUnreadable(`${file}: trace format version ${header.version} is not supported (this reader knows 1)`);
  return {
    file,
    header,
    calls: lines.filter((l) => l.type === 'call') as unknown as TraceCallLine[],
    footer: lines.find((l) => l.type === 'footer') as unknown as TraceFooterLine | undefined,
    unreadable,
  };
}
