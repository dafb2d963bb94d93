// An agent that asks for an impossible time, or moves a clock it never installed, must get a
// clock.CODE it can branch on, and the page must be left as it was.
//
// A clock cannot be uninstalled, so one app serves the refusals made before any install and then
// the install that the last of them needs; only the epoch-milliseconds install gets an app of its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clockApp } from '@stagewright/fixtures/clock';
import { withApp } from '@stagewright/harness';
import { connectClock } from './test-support/connect-clock.js';

const START = '2030-01-01T09:00:00.000Z';

describe('bad clock calls on one app, before and after its clock is installed', () => {
  let app: Awaited<ReturnType<ReturnType<typeof connectClock>>>;

  beforeAll(async () => {
    app = await connectClock()();
    const launched = await app.call('electron_launch', { main: clockApp.dir });
    if (!launched.ok) throw new Error(`electron_launch failed: ${JSON.stringify(launched)}`);
  });
  afterAll(async () => {
    await app?.call('electron_stop', {});
    await app?.close();
  });

  it('refuses advancing or resuming a clock that was never installed', async () => {
    expect(await app.call('clock_advance', { ms: 1000 })).toMatchObject({ ok: false, code: 'clock.NOT_INSTALLED' });
    expect(await app.call('clock_resume', {})).toMatchObject({ ok: false, code: 'clock.NOT_INSTALLED' });
    expect(await app.call('clock_status', {})).toMatchObject({ ok: true, installed: false });
  });

  it('refuses a time that is not a date, before touching the page', async () => {
    const refused = await app.call('clock_install', { time: 'next tuesday' });
    expect(refused).toMatchObject({ ok: false, code: 'clock.BAD_TIME' });
    expect(String(refused.error)).toContain('next tuesday');
    expect(await app.call('clock_status', {})).toMatchObject({ ok: true, installed: false });
  });

  it('refuses a negative advance at the schema', async () => {
    expect(await app.call('clock_advance', { ms: -5 })).toMatchObject({ ok: false, code: 'BAD_ARGUMENT' });
    expect(await app.call('clock_status', {})).toMatchObject({ ok: true, installed: false });
  });

  it('refuses a second install and pausing in the past, and a jump goes back instead', async () => {
    expect(await app.call('clock_install', { time: START, paused: true })).toMatchObject({ ok: true, now: START });
    expect(await app.call('clock_install', {})).toMatchObject({ ok: false, code: 'clock.ALREADY_INSTALLED' });
    expect(await app.call('clock_set', { time: '2029-12-31T00:00:00Z' })).toMatchObject({ ok: false, code: 'clock.BAD_TIME' });
    expect(await app.call('clock_set', { time: '2029-12-31T00:00:00Z', mode: 'jump' })).toMatchObject({ ok: true, paused: true });
    expect(await app.call('clock_status', {})).toMatchObject({ ok: true, paused: true, now: '2029-12-31T00:00:00.000Z' });
  });
});

describe('clock_install', () => {
  it('accepts epoch milliseconds', async () => {
    await withApp(connectClock(), clockApp, async (app) => {
      expect(await app.call('clock_install', { time: String(Date.parse(START)), paused: true })).toMatchObject({ ok: true, now: START });
    });
  });
});
