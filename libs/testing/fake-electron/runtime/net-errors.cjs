'use strict';
// Chromium's net error codes for the failures loadURL reports (did-fail-load, rejected promise).

const NET_ERRORS = {
  ERR_IO_PENDING: -1,
  ERR_FAILED: -2,
  ERR_ABORTED: -3,
  ERR_INVALID_ARGUMENT: -4,
  ERR_FILE_NOT_FOUND: -6,
  ERR_TIMED_OUT: -7,
  ERR_ACCESS_DENIED: -10,
  ERR_BLOCKED_BY_CLIENT: -20,
  ERR_BLOCKED_BY_RESPONSE: -27,
  ERR_CONNECTION_CLOSED: -100,
  ERR_CONNECTION_RESET: -101,
  ERR_CONNECTION_REFUSED: -102,
  ERR_CONNECTION_ABORTED: -103,
  ERR_CONNECTION_FAILED: -104,
  ERR_NAME_NOT_RESOLVED: -105,
  ERR_INTERNET_DISCONNECTED: -106,
  ERR_ADDRESS_UNREACHABLE: -109,
  ERR_EMPTY_RESPONSE: -324,
  ERR_INVALID_URL: -300,
  ERR_DISALLOWED_URL_SCHEME: -301,
  ERR_UNKNOWN_URL_SCHEME: -302,
  ERR_TOO_MANY_REDIRECTS: -310,
  ERR_UNSAFE_PORT: -312,
  ERR_INVALID_RESPONSE: -320,
  ERR_HTTP_RESPONSE_CODE_FAILURE: -379,
};

/** @param {string} errorText e.g. "net::ERR_CONNECTION_REFUSED" */
function netError(errorText) {
  const name = String(errorText).replace(/^net::/, '');
  return { name, code: NET_ERRORS[name] ?? -2 };
}

module.exports = { netError };
