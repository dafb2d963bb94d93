/** What renderer and main-process stubs answer with, decided once for both. */

/** Playwright's network error codes, the values route.abort (and a main-process stub's abort) accepts. */
export const ABORT_CODES = [
  'aborted',
  'accessdenied',
  'addressunreachable',
  'blockedbyclient',
  'blockedbyresponse',
  'connectionaborted',
  'connectionclosed',
  'connectionfailed',
  'connectionrefused',
  'connectionreset',
  'internetdisconnected',
  'namenotresolved',
  'timedout',
  'failed',
] as const;

const CHROMIUM_NAMES: Record<string, string> = {
  accessdenied: 'ACCESS_DENIED',
  addressunreachable: 'ADDRESS_UNREACHABLE',
  blockedbyclient: 'BLOCKED_BY_CLIENT',
  blockedbyresponse: 'BLOCKED_BY_RESPONSE',
  connectionaborted: 'CONNECTION_ABORTED',
  connectionclosed: 'CONNECTION_CLOSED',
  connectionfailed: 'CONNECTION_FAILED',
  connectionrefused: 'CONNECTION_REFUSED',
  connectionreset: 'CONNECTION_RESET',
  internetdisconnected: 'INTERNET_DISCONNECTED',
  namenotresolved: 'NAME_NOT_RESOLVED',
  timedout: 'TIMED_OUT',
};

/** The error text Electron's net gives for an abort code (`net::ERR_CONNECTION_REFUSED`). */
export function abortError(code: string): string {
  return `net::ERR_${CHROMIUM_NAMES[code] ?? code.toUpperCase()}`;
}

export function guessContentType(body: string): string {
  try {
    JSON.parse(body);
    return 'application/json';
  } catch {
    return 'text/plain';
  }
}

export function hasHeader(headers: Record<string, string> | undefined, name: string): boolean {
  return Object.keys(headers ?? {}).some((key) => key.toLowerCase() === name);
}

/** A stub's response headers with its content type: `contentType`, a given header, or guessed from the body. */
export function stubHeaders(spec: { headers?: Record<string, string>; contentType?: string }, body: string): Record<string, string> {
  const headers = { ...spec.headers };
  if (spec.contentType !== undefined) headers['content-type'] = spec.contentType;
  else if (!hasHeader(headers, 'content-type')) headers['content-type'] = guessContentType(body);
  return headers;
}
