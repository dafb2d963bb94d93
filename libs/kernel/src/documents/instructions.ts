/**
 * Server instructions, sent once at initialize. Short on purpose: hosts put them in every
 * conversation. Per-tool detail lives in the stagewright://tools resource.
 */
export const SERVER_INSTRUCTIONS = [
  'Stagewright drives Electron apps. Loop: electron_launch -> electron_snapshot (refs like e12) -> act (electron_click, electron_type...) -> electron_expect_* -> electron_stop.',
  'Element tools take one of ref (latest snapshot) or selector (Playwright); omit sessionId with one live session.',
  "Tools act on the active surface: the active window's page (or a frame: electron_switch_surface).",
  'If a result has ok: false, branch on `code`: follow `hint`/`next_actions`; retry unchanged only if `retryable`.',
  'Per-tool values, shapes, limits, codes: stagewright://tools/{name}; code meanings: stagewright://errors.',
].join('\n');
