/**
 * Server instructions, sent once at initialize. Short on purpose: hosts put them in every
 * conversation. Per-tool detail lives in the stagewright://tools resource.
 */
export const SERVER_INSTRUCTIONS = [
  'Stagewright drives Electron apps. Loop: electron_launch -> electron_snapshot (refs like e12) -> act (electron_click, electron_type...) -> electron_expect_* -> electron_stop.',
  'Element tools take one of ref (latest snapshot) or selector (Playwright). Omit sessionId when one session is live.',
  "Tools act on the active surface: the active window's page (or a frame of it, chosen with electron_switch_surface).",
  'Results are JSON. If ok is false, branch on `code`: follow `hint`/`next_actions`; retry unchanged only if `retryable` (REF_NOT_FOUND: new snapshot).',
  "One tool's values, shapes, limits and codes: resource stagewright://tools/{name}; what each code means: stagewright://errors.",
].join('\n');
