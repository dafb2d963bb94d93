// An agent that finds a page showing the wrong time must be able to tell that a fake clock is the
// cause without calling a clock tool, and to read how fake time behaves before it tests timers:
// the clock plugin reports its state in electron_status and electron_plugins, and contributes its
// guide as a resource (PLUGIN_API 1.4 seams). Its records live in the kernel's per-session store,
// so they go when the session does.
import { describe, expect, it } from 'vitest';
import { clockApp } from '@stagewright/fixtures/clock';
import { withApp } from '@stagewright/harness';
import { ClockRecords } from '../index.js';
import { connectClock } from './test-support/connect-clock.js';

describe('the clock plugin state and guide', () => {
  it('shows which session runs on fake time, lists and serves its guide, and forgets the session when it ends', async () => {
    const records = new ClockRecords();
    await withApp(connectClock(['renderer'], records), clockApp, async (app) => {
      expect(await app.call('electron_status')).toMatchObject({ ok: true, plugins: { clock: { fakeClocks: [] } } });
      expect(await app.call('clock_install', { time: '2030-01-01T09:00:00Z', paused: true })).toMatchObject({ ok: true });
      const fakeClocks = [{ sessionId: app.sessionId, paused: true, frozen: false }];
      expect(await app.call('electron_status')).toMatchObject({ plugins: { clock: { fakeClocks } } });
      const listed = await app.call('electron_plugins');
      expect((listed.plugins as { name: string }[]).find((plugin) => plugin.name === 'clock')).toMatchObject({
        status: { fakeClocks },
        resources: ['stagewright://plugins/clock/fake-time'],
      });

      const { resources } = await app.client.listResources();
      expect(resources).toContainEqual(
        expect.objectContaining({ uri: 'stagewright://plugins/clock/fake-time', name: 'clock/fake-time', mimeType: 'text/markdown' }),
      );
      const read = await app.client.readResource({ uri: 'stagewright://plugins/clock/fake-time' });
      expect(read.contents[0]).toMatchObject({ mimeType: 'text/markdown', text: expect.stringContaining('# Fake time') });

      expect(await app.call('electron_stop', { sessionId: app.sessionId })).toMatchObject({ ok: true });
      expect(records.size).toBe(0);
      expect(await app.call('electron_status')).toMatchObject({ plugins: { clock: { fakeClocks: [] } } });
    });
  });
});
