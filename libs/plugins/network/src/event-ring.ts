import type { NetworkEvent } from './network-event.js';

export interface RingRead {
  events: NetworkEvent[];
  /** Pass back as `cursor` to read what follows. */
  cursor: number;
  /** Events between the given cursor and the oldest kept one, lost to overflow. */
  missed: number;
  /** More events wait past this page. */
  more: boolean;
}

/**
 * A bounded buffer of events numbered from 1. The cursor is the next sequence number to read,
 * so a reader never sees an event twice and learns how many it lost when the ring overflowed.
 */
export class EventRing {
  private readonly events: NetworkEvent[] = [];
  private nextSeq = 1;
  /** Events dropped because the ring was full. */
  overflow = 0;
  private readonly waiters = new Set<() => void>();

  constructor(private readonly capacity: number) {}

  push(event: Omit<NetworkEvent, 'seq'>): void {
    this.events.push({ seq: this.nextSeq++, ...event });
    if (this.events.length > this.capacity) {
      this.events.shift();
      this.overflow++;
    }
    for (const wake of this.waiters) wake();
    this.waiters.clear();
  }

  get size(): number {
    return this.events.length;
  }

  /** Up to `limit` events from `cursor`, stopping early once `maxChars` of JSON is reached. */
  read(cursor: number, limit: number, maxChars: number): RingRead {
    const oldest = this.events[0]?.seq ?? this.nextSeq;
    const from = Math.max(cursor, oldest);
    const missed = Math.max(0, Math.min(oldest, this.nextSeq) - cursor);
    const events: NetworkEvent[] = [];
    let chars = 0;
    for (const event of this.events) {
      if (event.seq < from) continue;
      if (events.length >= limit) break;
      chars += JSON.stringify(event).length;
      if (events.length > 0 && chars > maxChars) break;
      events.push(event);
    }
    const next = events.length > 0 ? (events.at(-1) as NetworkEvent).seq + 1 : from;
    return { events, cursor: next, missed, more: next < this.nextSeq };
  }

  /** Resolves when an event at or after `cursor` exists, or after `timeoutMs`, or on abort. */
  async waitFor(cursor: number, timeoutMs: number, signal: AbortSignal): Promise<void> {
    if (cursor < this.nextSeq || timeoutMs <= 0) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      signal.addEventListener('abort', done, { once: true });
      this.waiters.add(done);
    });
  }
}
