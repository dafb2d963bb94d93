export { act, ACTION_TIMEOUT, ACTION_ERRORS, actionTimeoutParam, type ActOptions } from './act.js';
export { classifyFailure, ambiguous, type ClassifyOptions } from './classify-failure.js';
export { SESSION_ERRORS, WINDOW_ERRORS } from './session-errors.js';
export { confinePath } from './paths.js';
export { isValidKey, assertKeys } from './keys.js';
export { optionalTarget } from './optional-target.js';
export { within, unresponsive } from './deadline.js';
