export { act, ACTION_WAIT, ACTION_ERRORS, actionTimeoutParam, type ActOptions, type ActTarget } from './act.js';
export { confinePath } from './paths.js';
export { isValidKey, assertKeys } from './keys.js';
export { parseUserRegex, REGEX_NOTE, type UserRegex } from './regex.js';
