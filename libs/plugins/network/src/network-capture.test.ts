// What went over the network is the first thing an agent asks of a misbehaving app: capture must
// see the page's fetches and the loads of windows opened later, with status, sizes and bodies, and must
// never hand the agent the app's credentials.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multiWindowApp } from '@stagewright/fixtures/multi-window';
import { networkApp } from '@stagewright/fixtures/network';
import { withApp } from '@stagewright/harness';
import { connect, readEvents } from './test-support/connect.js';

type Connection = Awaited<ReturnType<ReturnType<typeof connect>>>;
type Event = Record<string, unknown> & { url: string; method: string };

describe('network capture', () => {
  // One app for these two: the read without capture runs first, before anything captured in the
  // session, and it records nothing, so the fetch test still starts from seq 1.
  describe('on one app', () => {
    let app: Connection;
    beforeAll(async () => {
      app = await connect()();
      expect(await app.call('electron_launch', { main: networkApp.dir })).toMatchObject({ ok: true });
    });
    afterAll(async () => {
      await app?.call('electron_stop', {}).catch(() => undefined);
      await app?.close();
    });

    it('answers a read without capture with network.NOT_CAPTURING', async () => {
      expect(await app.call('network_read', {})).toMatchObject({ ok: false, code: 'network.NOT_CAPTURING' });
    });

    it('records a fetch to the fixture loopback server with status, sizes, timing and its JSON body', async () => {
      expect(await app.call('network_capture', { url: '**/api/*', bodies: true })).toMatchObject({ ok: true, capturing: true });
      await app.call('electron_click', { selector: '#load-items' });
      await app.call('electron_expect_text', { selector: '#status', equals: 'Loaded 3 items' });

      const read = await app.call('network_read', { timeoutMs: 5000 });
      expect(read).toMatchObject({ ok: true, capturing: true, missed: 0, overflow: 0 });
      const events = read.events as Event[];
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ seq: 1, method: 'GET', type: 'fetch', status: 200, contentType: 'application/json' });
      expect(events[0]?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/items$/);
      expect(JSON.parse(events[0]?.responseBody as string).items).toHaveLength(3);
      expect(events[0]?.resBytes).toBeGreaterThan(0);
      expect(events[0]?.ms).toBeGreaterThanOrEqual(0);

      // The cursor returns only what is new; the method filter is applied.
      expect(await app.call('network_read', { cursor: read.cursor })).toMatchObject({ ok: true, events: [], more: false });
      await app.call('network_capture', { url: '/api/', methods: ['POST'], bodies: true });
      await app.call('electron_click', { selector: '#load-items' });
      await app.call('electron_click', { selector: '#echo' });
      await app.call('electron_expect_text', { selector: '#status', equals: 'Echo: ping' });
      const posts = (await app.call('network_read', { timeoutMs: 5000 })).events as Event[];
      expect(posts.map((event) => `${event.method} ${new URL(event.url).pathname}`)).toEqual(['POST /api/echo']);
      expect(posts[0]).toMatchObject({ requestBody: 'ping', responseBody: '{"received":"ping"}' });
    });
  });

  it('redacts authorization, cookie and set-cookie values by default', async () => {
    await withApp(connect(), networkApp, async (app) => {
      await app.call('network_capture', { url: '/api/', headers: true, bodies: true });
      await app.call('electron_click', { selector: '#sign-in' });
      await app.call('electron_expect_text', { selector: '#status', equals: 'Signed in as ada' });
      const events = (await readEvents(app, 2)) as Event[];
      const login = events.find((event) => event.url.endsWith('/api/login'));
      const me = events.find((event) => event.url.endsWith('/api/me'));
      expect(login).toMatchObject({ status: 200, requestHeaders: { headers: { authorization: '[redacted]' } } });
      expect(login).toMatchObject({ responseHeaders: { headers: { 'set-cookie': '[redacted]' } } });
      expect(me).toMatchObject({ status: 200, requestHeaders: { headers: { cookie: '[redacted]' } } });
      const text = JSON.stringify(events);
      expect(text).not.toContain('fixture-token-7f3a');
      expect(text).not.toContain('fixture-session-91c2');
    });
  });

  it('covers a window the main process opens after capture started, and stops cleanly', async () => {
    await withApp(connect(), multiWindowApp, async (app) => {
      await app.call('network_capture', { url: 'child.html' });
      await app.call('electron_click', { selector: '#open-child' });
      const read = await app.call('network_read', { timeoutMs: 5000 });
      expect(read.events).toMatchObject([{ seq: 1, type: 'document', status: 200, url: expect.stringMatching(/\/child\.html\?n=1$/) }]);

      expect(await app.call('network_stop', {})).toMatchObject({ ok: true, stopped: true, events: 1 });
      await app.call('electron_switch_window', { index: 0 });
      await app.call('electron_click', { selector: '#open-child' });
      // The second child loaded (its script set the title) while nothing was capturing.
      await expect
        .poll(async () => (await app.call('electron_switch_window', { title: 'Child window 2' })).ok, { timeout: 10_000 })
        .toBe(true);
      expect(await app.call('network_read', { cursor: read.cursor })).toMatchObject({ ok: true, events: [], capturing: false });
      expect(await app.call('network_stop', {})).toMatchObject({ ok: false, code: 'network.NOT_CAPTURING' });
    });
  });
});
