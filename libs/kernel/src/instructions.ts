/**
 * Server instructions, sent once at initialize. Short on purpose: hosts put them in every
 * conversation. Per-tool detail lives in the stagewright://tools resource.
 */
export const SERVER_INSTRUCTIONS = [
  'Stagewright drives Electron apps. Loop: electron_launch (or electron_attach) -> electron_snapshot (elements carry refs like e12) -> act on a ref (electron_click, electron_type, ...) -> check with electron_expect_* -> electron_stop.',
  'Element tools take exactly one of ref (from the latest snapshot) or selector (Playwright). sessionId may be omitted when one session is live.',
  'Every result is one JSON object. When ok is false, branch on `code`: do what `hint` and `next_actions` say, and retry unchanged only when `retryable` is true (REF_NOT_FOUND: take a new snapshot).',
  'Accepted values, shapes and error codes per tool: resource stagewright://tools.',
].join('\n');
