// Capture and stubs belong to one session of one server: an app relaunched after a stop or a kill
// must meet the real network again, and a second server in the same process must see nothing.
import { describe, expect, it } from 'vitest';
import { networkApp } from '@stagewright/fixtures/network';
import { withApp } from '@stagewright/harness';
import { connect } from './test-support/connect.js';
import { NetworkSessions } from './session-state.js';

describe('network state lifetime', () => {
  it('leaves no capture and no stub behind across stop, kill and relaunch cycles', async () => {
    const sessions = new NetworkSessions();
    const connection = await connect(undefined, sessions)();
    try {
      for (const end of ['electron_stop', 'electron_force_kill', 'electron_stop']) {
        const launched = await connection.call('electron_launch', { main: networkApp.dir });
        expect(launched).toMatchObject({ ok: true });
        const sessionId = launched.sessionId as string;
        expect(await connection.call('network_read', { sessionId })).toMatchObject({ ok: false, code: 'network.NOT_CAPTURING' });
        expect(await connection.call('network_unstub', { sessionId })).toMatchObject({ ok: true, removed: 0 });
        await connection.call('electron_click', { sessionId, selector: '#remote' });
        expect(
          await connection.call('electron_expect_text', { sessionId, selector: '#status', equals: 'Remote unreachable' }),
        ).toMatchObject({
          ok: true,
        });

        await connection.call('network_capture', { sessionId });
        await connection.call('network_stub', { sessionId, url: '**/v1/status', body: '{"message":"stubbed"}' });
        await connection.call('electron_click', { sessionId, selector: '#remote' });
        await connection.call('electron_expect_text', { sessionId, selector: '#status', equals: 'Remote: stubbed' });
        expect(sessions.size).toBe(1);
        expect(await connection.call(end, { sessionId })).toMatchObject({ ok: true });
        await expect.poll(() => sessions.size).toBe(0);
      }
    } finally {
      await connection.close();
    }
  });

  it('keeps two servers in one process apart', async () => {
    await withApp(connect(), networkApp, async (first) => {
      await first.call('network_capture', {});
      await first.call('network_stub', { url: '**/v1/status', body: '{"message":"stubbed"}' });
      await withApp(connect(), networkApp, async (second) => {
        expect(await second.call('network_read', {})).toMatchObject({ ok: false, code: 'network.NOT_CAPTURING' });
        expect(await second.call('network_unstub', {})).toMatchObject({ ok: true, removed: 0 });
      });
      expect(await first.call('network_read', {})).toMatchObject({ ok: true, capturing: true });
    });
  });
});
