/** Headers whose values never leave the server unless the operator configures otherwise. */
export const DEFAULT_REDACTED_HEADERS = ['authorization', 'proxy-authorization', 'cookie', 'set-cookie'] as const;

export const REDACTED = '[redacted]';

/** At most this many headers per message are reported; the rest are counted. */
const MAX_HEADERS = 40;
const MAX_HEADER_VALUE = 300;

export interface ReportedHeaders {
  headers: Record<string, string>;
  /** Headers left out past MAX_HEADERS. */
  omitted?: number;
}

/** Lower-cased names, redacted values, bounded in count and length. */
export function reportHeaders(raw: Record<string, string>, redacted: ReadonlySet<string>): ReportedHeaders {
  const entries = Object.entries(raw);
  const headers: Record<string, string> = {};
  for (const [name, value] of entries.slice(0, MAX_HEADERS)) {
    const key = name.toLowerCase();
    headers[key] = redacted.has(key) ? REDACTED : value.length > MAX_HEADER_VALUE ? `${value.slice(0, MAX_HEADER_VALUE)}…` : value;
  }
  return entries.length > MAX_HEADERS ? { headers, omitted: entries.length - MAX_HEADERS } : { headers };
}

export function redactionSet(names: readonly string[]): ReadonlySet<string> {
  return new Set(names.map((name) => name.toLowerCase()));
}
