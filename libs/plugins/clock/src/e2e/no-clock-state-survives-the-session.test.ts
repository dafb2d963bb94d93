// Fake time must end with the session that asked for it: after many launch/stop cycles on one
// server nothing of the plugin is left (no record, no fake clock in the next app), and two
// servers in one process never see each other's clocks.
import { describe, expect, it } from 'vitest';
import { clockApp } from '@stagewright/fixtures/clock';
import { troublesomeApp } from '@stagewright/fixtures/troublesome';
import { withApp } from '@stagewright/harness';
import { ClockRecords } from '../index.js';
import { connectClock } from './test-support/connect-clock.js';

const FROZEN = '2001-02-03T04:05:06.000Z';
const LANES = 5;
// `npm test` runs two cycles per lane (one ends by stop, one by kill); the 50-cycle soak is its own
// command: `npx nx run plugin-clock:soak` (STAGEWRIGHT_SOAK_CYCLES=50, about 2 minutes).
const CYCLES = Math.max(LANES, Number(process.env.STAGEWRIGHT_SOAK_CYCLES || 2 * LANES));

describe('clock state and the session lifetime', () => {
  it(`leaves nothing after ${CYCLES} launch/install/stop cycles on one server`, async () => {
    const records = new ClockRecords();
    const connection = await connectClock(['renderer'], records)();
    try {
      // LANES sessions at a time shorten the wall time; every other cycle ends by force-kill, so
      // both ways a tool ends a session are covered.
      const lane = async (cycles: number) => {
        for (let cycle = 0; cycle < cycles; cycle++) {
          const launched = await connection.call('electron_launch', { main: clockApp.dir });
          expect(launched).toMatchObject({ ok: true });
          const sessionId = launched.sessionId;
          expect(await connection.call('clock_install', { sessionId, time: FROZEN, paused: true })).toMatchObject({ ok: true });
          const end = cycle % 2 === 0 ? 'electron_stop' : 'electron_force_kill';
          expect(await connection.call(end, { sessionId })).toMatchObject({ ok: true });
          expect(await connection.call('clock_status', { sessionId })).toMatchObject({ ok: false });
        }
      };
      await Promise.all(Array.from({ length: LANES }, () => lane(Math.ceil(CYCLES / LANES))));
      expect(records.size).toBe(0);
      const launched = await connection.call('electron_launch', { main: clockApp.dir });
      expect(await connection.call('clock_status', {})).toMatchObject({ ok: true, installed: false });
      await connection.call('electron_click', { selector: '#show-time' });
      const shown = await connection.call('electron_get_text', { selector: '#now' });
      const shownTime = Date.parse(String(shown.text).replace('Now: ', ''));
      // Real time, not the frozen 2001 instant: within a day of this process's own clock.
      expect(Math.abs(shownTime - Date.now())).toBeLessThan(24 * 3600_000);
      await connection.call('electron_stop', { sessionId: launched.sessionId });
    } finally {
      await connection.close();
    }
  }, 180_000);

  it('keeps each server its own clocks for sessions of the same id', async () => {
    await withApp(connectClock(), clockApp, async (first) => {
      await withApp(connectClock(), clockApp, async (second) => {
        expect(first.sessionId).toBe(second.sessionId);
        expect(await first.call('clock_install', { time: FROZEN, paused: true })).toMatchObject({ ok: true });
        expect(await second.call('clock_status', {})).toMatchObject({ ok: true, installed: false });
        expect(await first.call('clock_status', {})).toMatchObject({ ok: true, installed: true, now: FROZEN });
      });
    });
  });

  it('drops the record of an app whose main process crashed', async () => {
    const records = new ClockRecords();
    await withApp(connectClock(['renderer'], records), troublesomeApp, async (app) => {
      expect(await app.call('clock_install', { time: FROZEN, paused: true })).toMatchObject({ ok: true });
      expect(records.size).toBe(1);
      await app.call('electron_click', { selector: '#crash-main' });
      await expect.poll(async () => (await app.call('clock_status', {})).code, { timeout: 20_000 }).toBe('APP_EXITED');
      await expect.poll(() => records.size, { timeout: 20_000 }).toBe(0);
    });
  });
});
