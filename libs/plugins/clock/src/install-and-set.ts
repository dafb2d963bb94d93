import type { Clock } from 'playwright-core';
import { defineSessionTool, ToolError, Type } from '@stagewright/sdk';
import { type ClockRecords, explainClockError, NO_GRANT_NOTE, parseTimeOrThrow } from './clock-state.js';

/** Where a fresh clock is paused before it jumps to the requested time (see pauseFreshClockAt). */
const PAUSE_TICKS = 10_000;

const TIME = () => Type.String({ description: 'ISO 8601 or epoch ms', maxLength: 40 });

/**
 * A clock paused exactly at `time`. install(time) then pauseAt(time) would refuse: time flows
 * between the two calls and pausing never moves back; pauseAt(time) alone would move a fresh
 * clock (which starts at epoch 0) forward by decades of ticks, so performance.now() would too.
 * Pausing a few seconds in, before any page timer exists, then jumping keeps both exact.
 */
async function pauseFreshClockAt(clock: Clock, time: number): Promise<void> {
  await clock.pauseAt(PAUSE_TICKS).catch(explainClockError);
  await clock.setSystemTime(time).catch(explainClockError);
}

const installTool = (records: ClockRecords) =>
  defineSessionTool({
    name: 'install',
    title: 'Install fake clock',
    description: 'Put the app windows on a fake clock before testing time-dependent behaviour.',
    kind: 'action',
    input: { time: Type.Optional(TIME()), paused: Type.Optional(Type.Boolean({ description: 'Stop time at start' })) },
    detail: {
      notes: `Replaces Date, setTimeout, setInterval, requestAnimationFrame and friends in every window, existing and later ones, starting at time (default now). Time flows from there unless paused. Timers created before the install stay real. Fake time lasts until the app stops (Playwright has no uninstall); clock_resume lets it flow again. Returns { installed, now, paused }. ${NO_GRANT_NOTE}`,
      errors: ['clock.ALREADY_INSTALLED', 'clock.BAD_TIME'],
      example: { time: '2030-01-01T09:00:00Z', paused: true },
    },
    handle: async (args, ctx) => {
      const sessionId = ctx.session.id;
      if (records.get(sessionId)) {
        throw new ToolError('clock.ALREADY_INSTALLED', `Session ${sessionId} already runs on a fake clock.`);
      }
      const time = args.time === undefined ? Date.now() : parseTimeOrThrow(args.time);
      const clock = ctx.session.pageOrThrow().context().clock;
      if (args.paused) await pauseFreshClockAt(clock, time);
      else await clock.install({ time }).catch(explainClockError);
      records.set(sessionId, { paused: args.paused === true });
      return { installed: true, now: new Date(time).toISOString(), paused: args.paused === true };
    },
  });

const setTool = (records: ClockRecords) =>
  defineSessionTool({
    name: 'set',
    title: 'Set fake time',
    description: 'Pause, freeze or move the fake clock to a given time.',
    kind: 'action',
    input: { time: TIME(), mode: Type.Optional(Type.Union([Type.Literal('pause'), Type.Literal('freeze'), Type.Literal('jump')])) },
    detail: {
      notes: `Installs the clock first when needed. Returns { now, mode, paused }. ${NO_GRANT_NOTE}`,
      values: {
        mode: [
          'pause (default): move forward to time, firing timers due on the way, and stop time and timers there',
          'freeze: Date.now() answers time from now on; timers keep their pace',
          'jump: set the time, forward or back, without firing timers; ends a freeze, keeps the clock paused or flowing',
        ],
      },
      errors: ['clock.BAD_TIME'],
      example: { time: '2030-01-01T09:00:00Z', mode: 'freeze' },
    },
    handle: async (args, ctx) => {
      const sessionId = ctx.session.id;
      const time = parseTimeOrThrow(args.time);
      const mode = args.mode ?? 'pause';
      const clock = ctx.session.pageOrThrow().context().clock;
      const before = records.get(sessionId);
      if (mode === 'pause' && !before) await pauseFreshClockAt(clock, time);
      else if (mode === 'pause') await clock.pauseAt(time).catch(explainClockError);
      else if (mode === 'freeze') await clock.setFixedTime(time).catch(explainClockError);
      else await clock.setSystemTime(time).catch(explainClockError);
      const paused = mode === 'pause' || (before?.paused ?? false);
      // Playwright keeps a frozen Date through pauses and advances; only a jump unfreezes it.
      const fixedTime = mode === 'freeze' ? time : mode === 'jump' ? undefined : before?.fixedTime;
      records.set(sessionId, { paused, fixedTime });
      return { now: new Date(time).toISOString(), mode, paused };
    },
  });

export function installAndSetTools(records: ClockRecords) {
  return [installTool(records), setTool(records)];
}
