// A busy app makes many requests: an agent narrows a capture to the few it cares about (several
// URL patterns and methods, one window) and may want only how big bodies are, not what they hold.
// One stub may cover several endpoints. Each filter must drop exactly what it excludes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InMemoryConnection } from '@stagewright/harness';
import { readEvents } from './test-support/connect.js';
import { launchMainNet, type MainNetRun } from './test-support/main-net-app.js';

type Event = Record<string, unknown> & { url: string; method: string };
const path = (event: Event) => `${event.method} ${new URL(event.url).pathname}${new URL(event.url).search}`;

describe('renderer capture filters', () => {
  let app: InMemoryConnection;
  const click = async (selector: string, shown: string) => {
    await app.call('electron_click', { selector });
    expect(await app.call('electron_expect_text', { selector: '#result', equals: shown })).toMatchObject({ ok: true });
  };
  let run: MainNetRun | undefined;
  beforeAll(async () => {
    run = await launchMainNet();
    ({ app } = run);
  });
  afterAll(() => run?.close());

  it('records only requests matching one of several patterns and methods', async () => {
    await app.call('network_capture', { url: '**/items* **/notes', methods: ['GET', 'POST'], bodies: true });
    await click('#items', 'Loaded 3 items');
    await click('#blob', 'Downloaded 2048 bytes');
    await click('#note', 'Saved 17 characters');
    const events = (await readEvents(app, 2)) as Event[];
    expect(events.map(path)).toEqual(['GET /items?from=account', 'POST /notes']);
    expect(events[1]).toMatchObject({ requestBody: 'remember the milk', responseBody: '{"saved":17}' });
  });

  it('keeps only body sizes with bodies: "sizes", and cuts text bodies at maxBodyBytes', async () => {
    await app.call('network_capture', { url: '/blob /notes', bodies: 'sizes' });
    await click('#blob', 'Downloaded 2048 bytes');
    await click('#note', 'Saved 17 characters');
    const sized = (await readEvents(app, 2)) as Event[];
    expect(sized).toMatchObject([
      { url: expect.stringMatching(/\/blob$/), resBodyBytes: 2048 },
      { url: expect.stringMatching(/\/notes$/), reqBodyBytes: 17 },
    ]);
    for (const event of sized) {
      expect(event.responseBody).toBeUndefined();
      expect(event.requestBody).toBeUndefined();
    }

    await app.call('network_capture', { url: '/items', bodies: true, maxBodyBytes: 5 });
    await click('#items', 'Loaded 3 items');
    expect((await readEvents(app, 1))[0]).toMatchObject({ responseBody: '{"ite', bodyTruncated: true });
    expect(await app.call('network_capture', { bodies: true, maxBodyBytes: 70_000 })).toMatchObject({ ok: false, code: 'BAD_ARGUMENT' });
  });

  it('records one window only, and refuses a window that does not exist', async () => {
    await click('#open-reports', 'Reports opened');
    await expect.poll(async () => (await app.call('electron_switch_window', { title: 'Reports' })).ok, { timeout: 10_000 }).toBe(true);
    expect(await app.call('network_capture', { url: '/items', window: 'w2' })).toMatchObject({ ok: true, window: 'w2' });
    await app.call('electron_switch_window', { window: 'w1' });
    await click('#items', 'Loaded 3 items');
    await app.call('electron_switch_window', { window: 'w2' });
    await click('#items', 'Loaded 3 items');
    const events = (await readEvents(app, 1)) as Event[];
    expect(events.map(path)).toEqual(['GET /items?from=reports']);
    // The account window's request ended before the reports one started: had it been recorded, it would be here.
    expect((await app.call('network_read', { cursor: 0 })).events).toHaveLength(1);

    const missing = await app.call('network_capture', { window: 'w9' });
    expect(missing).toMatchObject({ ok: false, code: 'WINDOW_NOT_FOUND', details: { windows: ['w1', 'w2'] } });
    await app.call('electron_switch_window', { window: 'w1' });
  });

  it('answers several endpoints and methods from one stub', async () => {
    const stub = await app.call('network_stub', { url: '**/items* **/notes', method: 'GET POST', body: '{"items":[7],"saved":99}' });
    expect(stub).toMatchObject({ ok: true });
    await click('#items', 'Loaded 1 items');
    await click('#note', 'Saved 99 characters');
    expect(await app.call('network_unstub', {})).toMatchObject({ ok: true, removed: 1 });
    await click('#items', 'Loaded 3 items');
  });
});
