import { closeSync, openSync, writeSync } from 'node:fs';
import { ToolError } from '@stagewright/sdk';
import type { TokenTotals } from './token-ledger.js';

/** First line of every trace file: what wrote it and how it was configured. */
export interface TraceHeader {
  type: 'header';
  format: 'stagewright-trace';
  version: 1;
  name: string;
  startedAt: string;
  server: { version: string; profile: string; allowEval: readonly string[] };
  redact: readonly string[];
  maxRecords: number;
  playwright: boolean;
}

/** One finished tool call. `redacted` lists JSON Pointers into `args` whose values were hidden. */
export interface TraceCall {
  type: 'call';
  seq: number;
  tool: string;
  args: unknown;
  ok: boolean;
  code?: string;
  envelope: unknown;
  images: number;
  startedAt: string;
  ms: number;
  redacted?: string[];
  /**
   * How the call's target can be found again, by argument: for `ref`/`targetRef` a stable selector
   * the recorder worked out (test id, role and name, or text; `>> nth=i` when ambiguous); for
   * `selector`/`targetSelector` the selector as given. Absent when the call targeted nothing, or
   * no stable locator exists for its ref (promotion then refuses that step).
   */
  locators?: Record<string, string>;
}

/** Last line, written by trace_stop or at shutdown. A file without it was cut short (a crash). */
export interface TraceFooter {
  type: 'footer';
  endedAt: string;
  records: number;
  overflow: number;
  stoppedBy: 'trace_stop' | 'shutdown';
  /** What the trace's answers cost, over the cap included (`largest[].seq` only for written calls). */
  tokens?: TokenTotals;
  playwright?: { sessionId: string; file?: string; error?: string }[];
}

/**
 * A JSONL trace written as it goes: each line is written synchronously and whole, so a process
 * that dies leaves every line before it readable. Past `maxRecords` calls are counted, not written.
 */
export class TraceFile {
  private fd: number | undefined;
  records = 0;
  overflow = 0;

  constructor(
    readonly path: string,
    private readonly maxRecords: number,
  ) {}

  open(header: TraceHeader): void {
    // 'wx' (O_EXCL): never overwrite a trace someone may still need, nor follow a link (even a
    // dangling one) planted at the name.
    try {
      this.fd = openSync(this.path, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      throw new ToolError('trace.EXISTS', `${this.path} exists (a file or a link): pass another name to trace_start.`);
    }
    this.line(header);
  }

  /** Appends a call, or counts it as overflow once the cap is reached. Returns whether it was written. */
  append(call: Omit<TraceCall, 'seq'>): boolean {
    if (this.records >= this.maxRecords) {
      this.overflow++;
      return false;
    }
    this.records++;
    this.line({ ...call, seq: this.records });
    return true;
  }

  close(footer: Omit<TraceFooter, 'records' | 'overflow'>): TraceFooter {
    const full: TraceFooter = { ...footer, records: this.records, overflow: this.overflow };
    this.line(full);
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
    return full;
  }

  private line(value: object): void {
    if (this.fd === undefined) return;
    writeSync(this.fd, `${JSON.stringify(value)}\n`);
  }
}
