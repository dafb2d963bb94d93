export { act, ACTION_TIMEOUT, ACTION_ERRORS, actionTimeoutParam, type ActOptions, type ActTarget } from './act.js';
export { classifyFailure, ambiguous, type ClassifyOptions } from './classify-failure.js';
export { confinePath } from './paths.js';
export { isValidKey, assertKeys } from './keys.js';
export { parseUserRegex, REGEX_NOTE, type UserRegex } from './regex.js';
