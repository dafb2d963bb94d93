/** The clock plugin's own document (PLUGIN_API 1.4 resource): stagewright://plugins/clock/fake-time. */
export const FAKE_TIME_GUIDE = `# Fake time in the app's windows

The clock tools put every window of one session on Playwright's fake clock (page.clock).

- **What is replaced:** Date, setTimeout, setInterval, requestAnimationFrame, performance.now and
  friends, in every window of the session, existing and later ones. Timers created before
  clock_install stay real. The main process keeps real time.
- **clock_install:** starts at \`time\` (default now); time flows unless \`paused: true\`.
- **clock_set** modes: \`pause\` moves forward to the time, firing timers due on the way, and stops
  there; \`freeze\` makes Date.now() answer the time while timers keep their pace; \`jump\` sets the
  time forward or back without firing timers.
- **clock_advance** runs time forward by \`ms\`, firing due timers; **clock_resume** lets it flow.
- **No undo:** Playwright has no uninstall. Fake time lasts until the app stops; a new session
  starts on real time. Going back in time is only possible with clock_set mode \`jump\`.
- **State:** electron_status (plugins.clock) lists the sessions on fake time, paused or frozen.
- **Gate:** none. The injected script is Playwright's own; times and numbers are passed as data.
`;
