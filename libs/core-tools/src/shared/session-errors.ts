/** Codes any tool that resolves a session can return. */
export const SESSION_ERRORS = ['NO_SESSION', 'SESSION_AMBIGUOUS', 'SESSION_NOT_FOUND', 'APP_EXITED'] as const;

/** Codes of tools that read the active window of a session. */
export const WINDOW_ERRORS = [...SESSION_ERRORS, 'WINDOW_NOT_FOUND', 'NOT_SUPPORTED'] as const;
