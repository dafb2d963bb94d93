import { definePlugin } from '@stagewright/sdk';
import { ClockRecords } from './clock-state.js';
import { installAndSetTools } from './install-and-set.js';
import { advanceAndResumeTools } from './advance-and-resume.js';

/**
 * The clock plugin: fake time in the app's renderers through Playwright's page.clock. A factory,
 * so each server instance keeps its own per-session records; a record ends with its session.
 * The loader calls it without arguments; tests pass `records` to see what is left after stops.
 */
export function createClockPlugin(records = new ClockRecords()) {
  return definePlugin({
    name: 'clock',
    version: '0.1.0',
    sdkRange: '^1.3.0',
    tools: [...installAndSetTools(records), ...advanceAndResumeTools(records)],
    errorCodes: {
      NOT_INSTALLED: { retryable: false, hint: 'Call clock_install (or clock_set) on this session first.' },
      ALREADY_INSTALLED: { retryable: false, hint: 'The fake clock stays until the app stops; move it with clock_set or clock_advance.' },
      BAD_TIME: { retryable: false, hint: 'Pass an ISO 8601 date-time or epoch ms; only clock_set mode "jump" goes back in time.' },
    },
    setup(ctx) {
      ctx.onSessionEnd((end) => records.forget(end.id));
    },
  });
}

export { ClockRecords };
export default () => createClockPlugin();
