import { pageAfter, type CursorPage } from '@stagewright/sdk';
import type { NetworkEvent } from './network-event.js';

/** A page of events, with the sdk's cursor fields (see pageAfter). */
export type RingRead = Omit<CursorPage<NetworkEvent>, 'items'> & { events: NetworkEvent[] };

/**
 * A bounded buffer of events numbered from 1, read with the sdk's one cursor (the seq of the last
 * event seen), so a reader never sees an event twice and learns how many it lost when the ring
 * overflowed.
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

  /** Up to `limit` events after `cursor`, stopping early once `maxChars` of JSON is reached. */
  read(cursor: number | undefined, limit: number, maxChars: number): RingRead {
    const { items, ...rest } = pageAfter(this.events, cursor, limit, this.nextSeq - 1, (event) => JSON.stringify(event).length, maxChars);
    return { events: items, ...rest };
  }

  /** Resolves when an event after `cursor` exists, or after `timeoutMs`, or on abort. */
  async waitFor(cursor: number | undefined, timeoutMs: number, signal: AbortSignal): Promise<void> {
    if ((cursor ?? 0) < this.nextSeq - 1 || timeoutMs <= 0) return;
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
