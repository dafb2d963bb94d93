import { REDACTED } from '@stagewright/sdk';

/** At most this many headers per message are reported; the rest are counted. */
const MAX_HEADERS = 40;
const MAX_HEADER_VALUE = 300;

export interface ReportedHeaders {
  headers: Record<string, string>;
  /** Headers left out past MAX_HEADERS. */
  omitted?: number;
}

/**
 * Which header names are credentials: the sdk's credentialMatcher of the configured names (by
 * default its one list, so `x-api-key` and `x-auth-token` are too).
 */
export type HeaderRedaction = (name: string) => boolean;

/**
 * Lower-cased names, values bounded in count and length. A credential's value is replaced whole,
 * whatever its length: a long one (a JWT) is never cut instead, which would keep its start.
 */
export function reportHeaders(raw: Record<string, string>, redacted: HeaderRedaction): ReportedHeaders {
  const entries = Object.entries(raw);
  const headers: Record<string, string> = {};
  for (const [name, value] of entries.slice(0, MAX_HEADERS)) {
    const key = name.toLowerCase();
    if (redacted(key)) headers[key] = REDACTED;
    else headers[key] = value.length > MAX_HEADER_VALUE ? `${value.slice(0, MAX_HEADER_VALUE)}…` : value;
  }
  return entries.length > MAX_HEADERS ? { headers, omitted: entries.length - MAX_HEADERS } : { headers };
}
