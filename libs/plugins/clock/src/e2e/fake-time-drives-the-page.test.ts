// What an agent needs from a fake clock is what the page then shows: a frozen Date.now() on
// screen, a one-minute timer fired without waiting a minute, and the core expects still working
// while every page timer stands still (they poll from the server, not with page timers).
import { describe, expect, it } from 'vitest';
import { clockApp } from '@stagewright/fixtures/clock';
import { withApp } from '@stagewright/harness';
import { connectClock } from './test-support/connect-clock.js';

const FROZEN = '2001-02-03T04:05:06.000Z';

describe('clock plugin on a fixture app', () => {
  it('freezes Date.now() and the page shows the frozen time', async () => {
    await withApp(connectClock(), clockApp, async (app) => {
      expect(await app.call('clock_status', {})).toMatchObject({ ok: true, installed: false });
      expect(await app.call('clock_set', { time: FROZEN, mode: 'freeze' })).toMatchObject({ ok: true, now: FROZEN, mode: 'freeze' });
      expect(await app.call('electron_click', { selector: '#show-time' })).toMatchObject({ ok: true });
      expect(await app.call('electron_get_text', { selector: '#now' })).toMatchObject({ ok: true, text: `Now: ${FROZEN}` });
      expect(await app.call('clock_status', {})).toMatchObject({ ok: true, installed: true, now: FROZEN, frozenAt: FROZEN });
    });
  });

  it('fires a deferred timer by advancing a paused clock, not before', async () => {
    await withApp(connectClock(), clockApp, async (app) => {
      expect(await app.call('clock_install', { time: FROZEN, paused: true })).toMatchObject({ ok: true, now: FROZEN, paused: true });
      await app.call('electron_click', { selector: '#remind' });
      expect(await app.call('electron_get_text', { selector: '#reminder' })).toMatchObject({ text: 'Reminder set' });
      expect(await app.call('clock_advance', { ms: 59_000 })).toMatchObject({ ok: true, now: '2001-02-03T04:06:05.000Z' });
      expect(await app.call('electron_get_text', { selector: '#reminder' })).toMatchObject({ text: 'Reminder set' });
      expect(await app.call('clock_advance', { ms: 1_000, mode: 'run' })).toMatchObject({ ok: true, now: '2001-02-03T04:06:06.000Z' });
      expect(await app.call('electron_get_text', { selector: '#reminder' })).toMatchObject({ text: 'Reminder fired' });
      expect(await app.call('clock_status', {})).toMatchObject({ installed: true, paused: true, now: '2001-02-03T04:06:06.000Z' });
    });
  });

  it('keeps electron_expect_text working while page timers are paused', async () => {
    await withApp(connectClock(), clockApp, async (app) => {
      await app.call('clock_install', { time: FROZEN, paused: true });
      await app.call('electron_click', { selector: '#show-time' });
      expect(await app.call('electron_expect_text', { selector: '#now', equals: `Now: ${FROZEN}` })).toMatchObject({ ok: true });

      // A text that only a fake-time timer can bring: the expect must end on its own deadline
      // (server-side), not hang on the page's stopped timers...
      await app.call('electron_click', { selector: '#remind' });
      const stuck = await app.call('electron_expect_text', { selector: '#reminder', equals: 'Reminder fired', timeoutMs: 500 });
      expect(stuck).toMatchObject({ ok: false, code: 'EXPECTATION_FAILED' });

      // ...and keep retrying across the moment the clock moves and the text arrives.
      const expecting = app.call('electron_expect_text', { selector: '#reminder', equals: 'Reminder fired', timeoutMs: 20_000 });
      expect(await app.call('clock_advance', { ms: 60_000 })).toMatchObject({ ok: true });
      expect(await expecting).toMatchObject({ ok: true });
    });
  });

  it('lets a paused clock flow again on resume, so a due timer fires by itself', async () => {
    await withApp(connectClock(), clockApp, async (app) => {
      await app.call('clock_install', { time: FROZEN, paused: true });
      await app.call('electron_click', { selector: '#remind' });
      // 100 ms of fake time short of the reminder: only flowing time can bring it now.
      expect(await app.call('clock_set', { time: '2001-02-03T04:06:05.900Z' })).toMatchObject({ ok: true, paused: true });
      expect(await app.call('electron_get_text', { selector: '#reminder' })).toMatchObject({ text: 'Reminder set' });
      expect(await app.call('clock_resume', {})).toMatchObject({ ok: true, paused: false });
      expect(await app.call('electron_expect_text', { selector: '#reminder', equals: 'Reminder fired', timeoutMs: 10_000 })).toMatchObject({
        ok: true,
      });
      expect(await app.call('clock_status', {})).toMatchObject({ ok: true, installed: true, paused: false });
    });
  });

  it('pauses a fresh clock exactly where clock_set says, without decades of performance.now()', async () => {
    await withApp(connectClock(), clockApp, async (app) => {
      expect(await app.call('clock_set', { time: FROZEN })).toMatchObject({ ok: true, mode: 'pause', paused: true });
      const read = await app.call('electron_eval_renderer', { code: 'return [Date.now(), performance.now()]' });
      expect(read).toMatchObject({ ok: true, result: [Date.parse(FROZEN), expect.any(Number)] });
      expect((read.result as number[])[1]).toBeLessThan(3600_000);
    });
  });
});
