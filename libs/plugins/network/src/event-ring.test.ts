// The cursor contract of network_read (the sdk's one cursor, ADR-0015): the cursor is the seq of
// the last event seen (0: none), no event is returned twice, none is skipped silently, and an
// overflowed ring says how many the reader lost.
import { describe, expect, it } from 'vitest';
import { EventRing } from './event-ring.js';

const event = (url: string) => ({ time: '', method: 'GET', url, type: 'fetch' });

describe('EventRing', () => {
  it('pages through events with the returned cursor', () => {
    const ring = new EventRing(10);
    for (const url of ['a', 'b', 'c']) ring.push(event(url));
    const first = ring.read(0, 2, 10_000);
    expect(first.events.map((e) => e.url)).toEqual(['a', 'b']);
    expect(first).toMatchObject({ more: true, cursor: 2 });
    const second = ring.read(first.cursor, 2, 10_000);
    expect(second.events.map((e) => e.url)).toEqual(['c']);
    expect(second).toMatchObject({ more: false, missed: 0, cursor: 3 });
    expect(ring.read(second.cursor, 2, 10_000).events).toEqual([]);
  });

  it('counts what overflow dropped before the reader got it', () => {
    const ring = new EventRing(2);
    for (const url of ['a', 'b', 'c', 'd']) ring.push(event(url));
    const read = ring.read(0, 10, 10_000);
    expect(read.events.map((e) => e.url)).toEqual(['c', 'd']);
    expect(read.missed).toBe(2);
    expect(ring.overflow).toBe(2);
  });

  it('stops a page at the character cap but always returns one event', () => {
    const ring = new EventRing(10);
    ring.push(event('x'.repeat(500)));
    ring.push(event('y'));
    expect(ring.read(0, 10, 100).events).toHaveLength(1);
  });

  it('reads after the cursor given, and keeps a cursor past the newest event', () => {
    const ring = new EventRing(10);
    for (const url of ['a', 'b']) ring.push(event(url));
    expect(ring.read(1, 10, 10_000).events.map((e) => e.url)).toEqual(['b']);
    expect(ring.read(undefined, 10, 10_000).events).toHaveLength(2);
    expect(ring.read(7, 10, 10_000)).toMatchObject({ events: [], cursor: 7, more: false, missed: 0 });
  });

  it('wakes a waiting reader when an event arrives', async () => {
    const ring = new EventRing(10);
    const waiting = ring.waitFor(0, 60_000, new AbortController().signal);
    ring.push(event('a'));
    await waiting;
    expect(ring.read(0, 10, 10_000).events).toHaveLength(1);
  });
});
