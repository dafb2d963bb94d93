// Many apps sign in and call their API from the main process, where the renderer capture cannot
// look: an agent must see those requests too (with their credentials hidden, as in the renderer),
// and must be able to answer one with data of its choosing to see what the page then shows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InMemoryConnection } from '@stagewright/harness';
import type { ApiServer } from './test-support/api-server.js';
import { launchMainNet, type MainNetRun } from './test-support/main-net-app.js';

type Event = Record<string, unknown> & { url: string; api: string };

describe('main-process network', () => {
  let api: ApiServer;
  let app: InMemoryConnection;
  let run: MainNetRun | undefined;
  beforeAll(async () => {
    run = await launchMainNet();
    ({ api, app } = run);
  });
  afterAll(() => run?.close());

  it('records net.fetch, net.request, Node fetch and http.get with credentials redacted', async () => {
    const started = await app.call('network_main_capture', { bodies: true });
    expect(started).toMatchObject({ ok: true, capturing: true });
    expect(started.hooked).toEqual(expect.arrayContaining(['net.request', 'net.fetch', 'fetch', 'http.get', 'session.fetch']));
    expect(started.note).toContain('Not seen');
    // Preloaded at launch (ADR-0006), so nothing is said to be missed.
    expect(started.note).not.toContain('Hooks went in');
    for (const [button, shown] of [
      ['#sign-in', 'Signed in as ada'],
      ['#profile', 'Plan: pro'],
      ['#inbox', 'Unread: 4'],
      ['#status', 'Status: all systems go'],
    ]) {
      await app.call('electron_click', { selector: button });
      expect(await app.call('electron_expect_text', { selector: '#result', equals: shown })).toMatchObject({ ok: true });
    }
    const read = await app.call('network_main_read', { timeoutMs: 3000 });
    const events = read.events as Event[];
    expect(events.map((event) => `${event.api} ${event.method} ${new URL(event.url).pathname} ${event.status}`)).toEqual([
      'net.fetch POST /login 200',
      'fetch GET /profile 200',
      'http GET /inbox 200',
      'net.request GET /status 200',
    ]);
    const [login, profile, inbox] = events;
    expect(login).toMatchObject({
      requestHeaders: { headers: { authorization: '[redacted]', 'content-type': 'application/json' } },
      responseHeaders: { headers: { 'set-cookie': '[redacted]' } },
      responseBody: '{"user":"ada"}',
    });
    expect(profile).toMatchObject({ requestHeaders: { headers: { authorization: '[redacted]' } } });
    expect(inbox).toMatchObject({ requestHeaders: { headers: { 'x-api-key': '[redacted]' } }, responseBody: '{"unread":4}' });
    // The server got the real credentials; the agent never did.
    expect(api.received.find((request) => request.path === '/login')?.headers.authorization).toBe('Bearer main-token-5e1d');
    const text = JSON.stringify(read);
    for (const secret of ['main-token-5e1d', 'main-key-c4b8', 'main-session-77aa']) expect(text).not.toContain(secret);
  });

  it('answers a main-process request from a stub, so the page shows the stubbed data, then lets go', async () => {
    await app.call('network_main_capture', { url: '**/profile **/status', methods: ['GET'] });
    const stub = await app.call('network_main_stub', { url: '**/profile', body: '{"plan":"stubbed-free"}', times: 1 });
    expect(stub).toMatchObject({ ok: true, stubId: 'main1' });
    const served = api.received.length;
    await app.call('electron_click', { selector: '#profile' });
    expect(await app.call('electron_expect_text', { selector: '#result', equals: 'Plan: stubbed-free' })).toMatchObject({ ok: true });
    expect(api.received.length).toBe(served);
    // times: 1 is used up: the real API answers again.
    await app.call('electron_click', { selector: '#profile' });
    expect(await app.call('electron_expect_text', { selector: '#result', equals: 'Plan: pro' })).toMatchObject({ ok: true });

    await app.call('network_main_stub', { url: '/status', abort: 'connectionrefused' });
    await app.call('electron_click', { selector: '#status' });
    expect(
      await app.call('electron_expect_text', { selector: '#result', equals: 'Status failed: net::ERR_CONNECTION_REFUSED' }),
    ).toMatchObject({
      ok: true,
    });
    const events = (await app.call('network_main_read', { timeoutMs: 3000 })).events as Event[];
    expect(events).toMatchObject([
      { api: 'fetch', stubbed: true, status: 200 },
      { api: 'fetch', status: 200 },
      { api: 'net.request', stubbed: true, failure: 'net::ERR_CONNECTION_REFUSED' },
    ]);
    expect(events[1]?.stubbed).toBeUndefined();

    expect(await app.call('network_unstub', {})).toMatchObject({ ok: true, removed: 1, main: [{ id: 'main2' }] });
    await app.call('electron_click', { selector: '#status' });
    expect(await app.call('electron_expect_text', { selector: '#result', equals: 'Status: all systems go' })).toMatchObject({ ok: true });
    expect(await app.call('network_stop', {})).toMatchObject({ ok: true, stopped: true, main: { events: 4 } });
  });

  it('refuses an executable stub body without --allow-eval=main, a body cap over the operator ceiling, and a url of spaces', async () => {
    const script = await app.call('network_main_stub', {
      url: '/update.js',
      body: 'process.exit()',
      headers: { 'Content-Type': 'text/javascript' },
    });
    expect(script).toMatchObject({ ok: false, code: 'EVAL_NOT_ALLOWED' });
    expect(script.error).toContain('--allow-eval=main');
    expect(await app.call('network_main_capture', { maxBodyBytes: 100_000 })).toMatchObject({ ok: false, code: 'BAD_ARGUMENT' });
    expect(await app.call('network_unstub', { stubId: 'main9' })).toMatchObject({ ok: false, code: 'network.STUB_NOT_FOUND' });
    // Only spaces would be no pattern, which would match every request.
    for (const tool of ['network_main_stub', 'network_stub', 'network_main_capture', 'network_capture']) {
      expect(await app.call(tool, { url: '   ' }), tool).toMatchObject({ ok: false, code: 'BAD_ARGUMENT', details: { param: 'url' } });
    }
    expect(await app.call('network_unstub', {})).toMatchObject({ ok: true, removed: 0 });
  });
});
