import { definePlugin } from '@stagewright/sdk';
import { type ClockRecord, ClockRecords } from './clock-state.js';
import { FAKE_TIME_GUIDE } from './fake-time-guide.js';
import { installAndSetTools } from './install-and-set.js';
import { advanceAndResumeTools } from './advance-and-resume.js';

/**
 * The clock plugin: fake time in the app's renderers through Playwright's page.clock. A factory,
 * so each server instance keeps its own per-session records, in the kernel's per-session store
 * (a record ends with its session); its state shows in electron_status, and its guide is the
 * resource stagewright://plugins/clock/fake-time.
 * The loader calls it without arguments; tests pass `records` to see what is left after stops.
 */
export function createClockPlugin(records = new ClockRecords()) {
  return definePlugin({
    name: 'clock',
    version: '0.1.0',
    sdkRange: '^1.4.0',
    tools: [...installAndSetTools(records), ...advanceAndResumeTools(records)],
    errorCodes: {
      NOT_INSTALLED: { retryable: false, hint: 'Call clock_install (or clock_set) on this session first.', next: ['clock_install'] },
      ALREADY_INSTALLED: {
        retryable: false,
        hint: 'The fake clock stays until the app stops; move it with clock_set or clock_advance.',
        next: ['clock_set', 'clock_status'],
      },
      BAD_TIME: { retryable: false, hint: 'Pass an ISO 8601 date-time or epoch ms; only clock_set mode "jump" goes back in time.' },
    },
    setup(ctx) {
      records.keepIn(ctx.sessionState<ClockRecord>(() => ({ paused: false })));
    },
    status: () => records.status(),
    resources: [
      {
        name: 'fake-time',
        title: 'How the fake clock behaves',
        description:
          'What clock_install replaces, what pause, freeze and jump do, and what fake time cannot undo. Read before testing timers.',
        text: FAKE_TIME_GUIDE,
      },
    ],
  });
}

export { ClockRecords };
export default () => createClockPlugin();
