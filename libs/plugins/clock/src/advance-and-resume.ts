import { defineSessionTool, Type } from '@stagewright/sdk';
import { type ClockRecords, explainClockError, NO_GRANT_NOTE } from './clock-state.js';

/** The longest single advance: a week of fake time. */
const MAX_ADVANCE_MS = 7 * 24 * 3600_000;

/** Reads Date.now() in the active window: the fake clock's current time. */
async function pageNow(ctx: { session: { pageOrThrow(): { evaluate<T>(fn: () => T): Promise<T> } } }): Promise<string> {
  return new Date(await ctx.session.pageOrThrow().evaluate(() => Date.now())).toISOString();
}

const advanceTool = (records: ClockRecords) =>
  defineSessionTool({
    name: 'advance',
    title: 'Advance fake time',
    description: 'Move the fake clock forward, firing the timers that fall due.',
    kind: 'action',
    input: {
      ms: Type.Integer({ minimum: 0, maximum: MAX_ADVANCE_MS }),
      mode: Type.Optional(Type.Union([Type.Literal('jump'), Type.Literal('run')])),
    },
    detail: {
      notes: `Needs clock_install or clock_set first. A paused clock stays paused afterwards. Returns { now } (Date.now() in the active window). ${NO_GRANT_NOTE}`,
      values: {
        mode: [
          'jump (default): skip ahead, each due timer fires at most once (a laptop lid closed for ms)',
          'run: run every timer in order, intervals repeatedly, as if ms really passed',
        ],
      },
      errors: ['clock.NOT_INSTALLED', 'clock.BAD_TIME'],
      example: { ms: 60000 },
    },
    handle: async (args, ctx) => {
      records.getOrThrow(ctx.session.id);
      const clock = ctx.session.pageOrThrow().context().clock;
      if (args.mode === 'run') await clock.runFor(args.ms).catch(explainClockError);
      else await clock.fastForward(args.ms).catch(explainClockError);
      return { now: await pageNow(ctx) };
    },
  });

const resumeTool = (records: ClockRecords) =>
  defineSessionTool({
    name: 'resume',
    title: 'Resume fake time',
    description: 'Let a paused fake clock flow with real time again.',
    kind: 'action',
    input: {},
    detail: {
      notes: `Time continues from the paused instant at real speed, timers fire as they fall due; a frozen Date (clock_set mode freeze) stays frozen until a jump. The clock stays fake until the app stops. Returns { now, paused: false }. ${NO_GRANT_NOTE}`,
      errors: ['clock.NOT_INSTALLED'],
      example: {},
    },
    handle: async (_args, ctx) => {
      const record = records.getOrThrow(ctx.session.id);
      await ctx.session.pageOrThrow().context().clock.resume();
      records.set(ctx.session.id, { ...record, paused: false });
      return { now: await pageNow(ctx), paused: false };
    },
  });

const statusTool = (records: ClockRecords) =>
  defineSessionTool({
    name: 'status',
    title: 'Fake clock status',
    description: 'Whether the app runs on a fake clock, and its current time.',
    kind: 'read',
    input: {},
    detail: {
      notes: `Returns { installed: false } or { installed: true, now, paused, frozenAt? }: now is Date.now() in the active window, frozenAt the time a freeze pins Date to. ${NO_GRANT_NOTE}`,
      example: {},
    },
    handle: async (_args, ctx) => {
      const record = records.get(ctx.session.id);
      if (!record) return { installed: false };
      const frozenAt = record.fixedTime === undefined ? undefined : new Date(record.fixedTime).toISOString();
      return { installed: true, now: await pageNow(ctx), paused: record.paused, ...(frozenAt ? { frozenAt } : {}) };
    },
  });

export function advanceAndResumeTools(records: ClockRecords) {
  return [advanceTool(records), resumeTool(records), statusTool(records)];
}
