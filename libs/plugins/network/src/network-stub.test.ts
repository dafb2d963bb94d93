// Stubs let an agent test how the app handles an API it cannot reach or a failure it cannot
// provoke: the page must show what the stub answered, and after unstub the real network again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { networkApp } from '@stagewright/fixtures/network';
import { withApp } from '@stagewright/harness';
import { connect } from './test-support/connect.js';

type Connection = Awaited<ReturnType<ReturnType<typeof connect>>>;

const REMOTE = 'https://status.stagewright.invalid/v1/status';

describe('network stubs', () => {
  it('answers an unreachable URL so the page shows the stubbed body, and unstub restores the network', async () => {
    await withApp(connect(), networkApp, async (app) => {
      await app.call('electron_click', { selector: '#remote' });
      await app.call('electron_expect_text', { selector: '#status', equals: 'Remote unreachable' });

      const stub = await app.call('network_stub', { url: '**/v1/status', body: '{"message":"all green"}' });
      expect(stub).toMatchObject({ ok: true, stubId: 'stub1' });
      await app.call('network_capture', { url: 'stagewright.invalid' });
      await app.call('electron_click', { selector: '#remote' });
      expect(await app.call('electron_expect_text', { selector: '#status', equals: 'Remote: all green' })).toMatchObject({ ok: true });
      const read = await app.call('network_read', { timeoutMs: 5000 });
      expect(read.events).toMatchObject([{ url: REMOTE, status: 200, stubbed: true, contentType: 'application/json' }]);

      expect(await app.call('network_unstub', { stubId: 'stub1' })).toMatchObject({ ok: true, removed: 1, remaining: [] });
      await app.call('electron_click', { selector: '#load-items' });
      await app.call('electron_expect_text', { selector: '#status', equals: 'Loaded 3 items' });
      await app.call('electron_click', { selector: '#remote' });
      expect(await app.call('electron_expect_text', { selector: '#status', equals: 'Remote unreachable' })).toMatchObject({ ok: true });
    });
  });
});

// These two share one app: the override test removes every stub it made (it asserts removed: 2),
// and the refusals change nothing and name a stub id no test here creates.
describe('network stubs on one app', () => {
  let app: Connection;
  beforeAll(async () => {
    app = await connect()();
    expect(await app.call('electron_launch', { main: networkApp.dir })).toMatchObject({ ok: true });
  });
  afterAll(async () => {
    await app?.call('electron_stop', {}).catch(() => undefined);
    await app?.close();
  });

  it('overrides a real endpoint by method, with status, for a number of times, and can abort', async () => {
    await app.call('network_stub', { url: '/api/error', method: 'GET', status: 503, body: '{"error":"Stubbed outage"}', times: 1 });
    await app.call('electron_click', { selector: '#fail' });
    await app.call('electron_expect_text', { selector: '#status', equals: 'Request failed: 503 Stubbed outage' });
    // times: 1 is used up, so the real server answers again.
    await app.call('electron_click', { selector: '#fail' });
    await app.call('electron_expect_text', { selector: '#status', equals: 'Request failed: 500 Internal failure' });

    // A stub for another method lets the request through.
    await app.call('network_stub', { url: '**/api/echo', method: 'GET', body: '{"received":"stubbed"}' });
    await app.call('electron_click', { selector: '#echo' });
    await app.call('electron_expect_text', { selector: '#status', equals: 'Echo: ping' });

    await app.call('network_capture', { url: '/api/items' });
    await app.call('network_stub', { url: '/api/items', abort: 'connectionrefused', delayMs: 100 });
    await app.call('electron_click', { selector: '#load-items' });
    const read = await app.call('network_read', { timeoutMs: 5000 });
    expect(read.events).toMatchObject([{ stubbed: true, failure: expect.stringMatching(/CONNECTION_REFUSED/) }]);
    expect(await app.call('network_unstub', {})).toMatchObject({ ok: true, removed: 2 });
  });

  it('refuses an unknown abort code, abort with a body, and an unknown stub id', async () => {
    const badCode = await app.call('network_stub', { url: '/x', abort: 'nope' });
    expect(badCode).toMatchObject({ ok: false, code: 'BAD_ARGUMENT' });
    expect(badCode.error).toContain('connectionrefused');
    expect(await app.call('network_stub', { url: '/x', abort: 'failed', body: 'x' })).toMatchObject({ ok: false, code: 'BAD_ARGUMENT' });
    expect(await app.call('network_unstub', { stubId: 'stub9' })).toMatchObject({ ok: false, code: 'network.STUB_NOT_FOUND' });
  });
});
