/**
 * Names of the core tools that other code refers to (next steps, hints, plugin guidance). A tool
 * defined with one of these names uses the constant, so a rename is one edit and a typo in a
 * `next` list is a type error. Add a name here only when something outside its own definition
 * refers to it.
 */
export const CoreTools = {
  attach: 'electron_attach',
  detach: 'electron_detach',
  doctor: 'electron_doctor',
  find: 'electron_find',
  forceKill: 'electron_force_kill',
  getState: 'electron_get_state',
  getText: 'electron_get_text',
  launch: 'electron_launch',
  plugins: 'electron_plugins',
  scrollIntoView: 'electron_scroll_into_view',
  snapshot: 'electron_snapshot',
  status: 'electron_status',
  stop: 'electron_stop',
  surfaces: 'electron_surfaces',
  /** @deprecated Since ADR-0041: use `surfaces` (the tool is `electron_surfaces`). */
  surfacesList: 'electron_surfaces',
  waitForSelector: 'electron_wait_for_selector',
  windows: 'electron_windows',
  /** @deprecated Since ADR-0041: use `windows` (the tool is `electron_windows`). */
  windowsList: 'electron_windows',
} as const;

export type CoreToolName = (typeof CoreTools)[keyof typeof CoreTools];
