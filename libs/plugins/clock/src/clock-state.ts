import { ToolError } from '@stagewright/sdk';

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

/** Per-server clock records, keyed by session id. */
export class ClockRecords {
  private readonly records = new Map<string, ClockRecord>();

  get(sessionId: string): ClockRecord | undefined {
    return this.records.get(sessionId);
  }

  getOrThrow(sessionId: string): ClockRecord {
    const record = this.records.get(sessionId);
    if (!record) throw new ToolError('clock.NOT_INSTALLED', `Session ${sessionId} has no fake clock yet.`, { next: ['clock_install'] });
    return record;
  }

  set(sessionId: string, record: ClockRecord): void {
    this.records.set(sessionId, record);
  }

  forget(sessionId: string): void {
    this.records.delete(sessionId);
  }

  /** Sessions that still have a record: 0 once every session has ended. */
  get size(): number {
    return this.records.size;
  }
}

/**
 * Epoch ms from an ISO 8601 date-time or a string of digits (epoch ms). Anything else is
 * clock.BAD_TIME naming the parameter, before the app is touched.
 */
export function parseTimeOrThrow(value: string, parameter = 'time'): number {
  const trimmed = value.trim();
  const epoch = /^\d{1,16}$/.test(trimmed) ? Number(trimmed) : Date.parse(trimmed);
  if (!Number.isFinite(epoch)) {
    throw new ToolError('clock.BAD_TIME', `${parameter} "${value}" is neither an ISO 8601 date-time nor epoch milliseconds.`, {
      hint: 'Pass e.g. "2030-01-01T09:00:00Z" or "1893488400000".',
    });
  }
  return epoch;
}

/** Playwright refuses moving a clock backwards; say how to get there instead. */
export function explainClockError(error: unknown): never {
  const message = error instanceof Error ? error.message : String(error);
  if (/to the past|Negative ticks|Invalid (date|time|ticks)/i.test(message)) {
    throw new ToolError('clock.BAD_TIME', `The clock cannot do that: ${message.split('\n')[0]}`, {
      hint: 'Pausing and advancing only move forward; use clock_set with mode "jump" to go back.',
    });
  }
  throw error;
}
