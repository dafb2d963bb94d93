import { ToolError, type SessionState } from '@stagewright/sdk';

/**
 * What this server did to one session's renderer clock. Playwright's clock has no public
 * uninstall: once installed, fake time lasts until the app stops, so the record lives exactly as
 * long as the session and is dropped when it ends (a reused session id starts clean).
 */
export interface ClockRecord {
  /** Timers and time stand still until clock_resume or clock_advance. */
  paused: boolean;
  /** Date.now() answers this value whatever the timers do (clock_set mode freeze). */
  fixedTime?: number;
}

/** Where records live: the kernel's per-session store once set up, a plain map before (unit tests). */
type RecordStore = Pick<SessionState<ClockRecord>, 'get' | 'set' | 'size' | 'entries'>;

/**
 * Per-server clock records by session. After setup they live in the kernel's per-session store
 * (ctx.sessionState, PLUGIN_API 1.4), which drops a session's record when it ends: the plugin
 * keeps no map of its own and needs no onSessionEnd.
 */
export class ClockRecords {
  private records: RecordStore = new Map<string, ClockRecord>();

  /** Called from setup with the kernel's store. */
  keepIn(store: RecordStore): void {
    this.records = store;
  }

  get(sessionId: string): ClockRecord | undefined {
    return this.records.get(sessionId);
  }

  getOrThrow(sessionId: string): ClockRecord {
    const record = this.records.get(sessionId);
    if (!record) throw new ToolError('clock.NOT_INSTALLED', `Session ${sessionId} has no fake clock yet.`);
    return record;
  }

  set(sessionId: string, record: ClockRecord): void {
    this.records.set(sessionId, record);
  }

  /** Sessions that still have a record: 0 once every session has ended. */
  get size(): number {
    return this.records.size;
  }

  /** The plugin's status() (electron_status, electron_plugins): which sessions run on fake time. */
  status(): { fakeClocks: { sessionId: string; paused: boolean; frozen: boolean }[] } {
    return {
      fakeClocks: [...this.records.entries()]
        .slice(0, 16)
        .map(([sessionId, record]) => ({ sessionId, paused: record.paused, frozen: record.fixedTime !== undefined })),
    };
  }
}

/**
 * Why no clock tool is gated (ADR-0025): the script injected into the pages is Playwright's own
 * (page.clock), and the arguments are times, bounded numbers and modes, passed as data.
 */
export const NO_GRANT_NOTE = "No eval grant needed: the fake clock is Playwright's fixed script; arguments are data, never code.";

/**
 * Epoch ms from an ISO 8601 date-time or a string of digits (epoch ms). Anything else is
 * clock.BAD_TIME naming the parameter, before the app is touched.
 */
export function parseTimeOrThrow(value: string, parameter = 'time'): number {
  const trimmed = value.trim();
  const epoch = /^\d{1,16}$/.test(trimmed) ? Number(trimmed) : Date.parse(trimmed);
  if (!Number.isFinite(epoch)) {
    throw new ToolError('clock.BAD_TIME', `${parameter} "${value}" is neither an ISO 8601 date-time nor epoch milliseconds.`);
  }
  return epoch;
}

/** Playwright refuses moving a clock backwards; say how to get there instead. */
export function explainClockError(error: unknown): never {
  const message = error instanceof Error ? error.message : String(error);
  if (/to the past|Negative ticks|Invalid (date|time|ticks)/i.test(message)) {
    throw new ToolError('clock.BAD_TIME', `The clock cannot do that: ${message.split('\n')[0]}`);
  }
  throw error;
}
