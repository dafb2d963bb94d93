import type { Request, Response } from 'playwright-core';
import { type HeaderRedaction, type ReportedHeaders, reportHeaders } from './redact.js';

/** One finished or failed request, as network_read returns it. Never changes once recorded. */
export interface NetworkEvent {
  seq: number;
  /** When the request started (ISO). */
  time: string;
  method: string;
  url: string;
  /** Playwright resource type: document, fetch, xhr, script, image... */
  type: string;
  status?: number;
  /** Network error text when the request failed (or was aborted by a stub). */
  failure?: string;
  /** Start to end of the response (or to the failure), in milliseconds. */
  ms?: number;
  reqBytes?: number;
  resBytes?: number;
  /** With `bodies: "sizes"` (or true): the bodies' own sizes, in bytes. */
  reqBodyBytes?: number;
  resBodyBytes?: number;
  contentType?: string;
  stubbed?: true;
  /** A stub matched but let the request through (the page would execute the body): why, and the flag. */
  stubSkipped?: string;
  requestHeaders?: ReportedHeaders;
  responseHeaders?: ReportedHeaders;
  requestBody?: string;
  responseBody?: string;
  /** A body longer than the cap was cut at maxBodyBytes characters. */
  bodyTruncated?: true;
}

/** What to record beyond the summary, fixed when capture starts. */
export interface RecordOptions {
  headers: boolean;
  /** true: text bodies of `bodyTypes`; "sizes": only body sizes, of every type. */
  bodies: boolean | 'sizes';
  maxBodyBytes: number;
  /** Content-type substrings whose bodies are kept. */
  bodyTypes: readonly string[];
  redacted: HeaderRedaction;
}

const MAX_URL = 2000;

function bodyWanted(contentType: string | undefined, options: RecordOptions): boolean {
  if (options.bodies !== true || !contentType) return false;
  const type = contentType.toLowerCase();
  return options.bodyTypes.some((wanted) => type.includes(wanted.toLowerCase()));
}

function cap(text: string, event: { bodyTruncated?: true }, max: number): string {
  if (text.length <= max) return text;
  event.bodyTruncated = true;
  return text.slice(0, max);
}

/**
 * The body's own size: its content-length when sent (and not compressed), else the body read
 * back; Playwright's sizes() counts bytes on the wire, chunk framing included.
 */
async function decodedBodySize(response: Response, headers: Record<string, string>): Promise<number | undefined> {
  const declared = Number(headers['content-length']);
  if (Number.isInteger(declared) && declared >= 0 && !headers['content-encoding']) return declared;
  return (await response.body().catch(() => undefined))?.length;
}

/** Build the event of a request that ended; Playwright calls that fail (app gone) leave fields out. */
export async function describeRequest(
  request: Request,
  startedAt: number,
  options: RecordOptions,
  stub: { stubbed: boolean; skipped?: string },
): Promise<Omit<NetworkEvent, 'seq'>> {
  const url = request.url();
  const event: Omit<NetworkEvent, 'seq'> = {
    time: new Date(startedAt).toISOString(),
    method: request.method(),
    url: url.length > MAX_URL ? `${url.slice(0, MAX_URL)}…` : url,
    type: request.resourceType(),
  };
  if (stub.stubbed) event.stubbed = true;
  if (stub.skipped) event.stubSkipped = stub.skipped;
  const failure = request.failure();
  if (failure) event.failure = failure.errorText;
  const response = failure ? null : await request.response().catch(() => null);
  const timing = request.timing();
  event.ms = Math.round(timing.responseEnd >= 0 ? timing.responseEnd : Date.now() - startedAt);
  const sizes = await request.sizes().catch(() => undefined);
  if (sizes) {
    event.reqBytes = sizes.requestBodySize + sizes.requestHeadersSize;
    event.resBytes = sizes.responseBodySize + sizes.responseHeadersSize;
    if (options.bodies !== false) event.reqBodyBytes = sizes.requestBodySize;
  }
  const requestHeaders = await request.allHeaders().catch(() => request.headers());
  if (options.headers) event.requestHeaders = reportHeaders(requestHeaders, options.redacted);
  const requestBody = request.postData();
  if (requestBody && bodyWanted(requestHeaders['content-type'], options)) {
    event.requestBody = cap(requestBody, event, options.maxBodyBytes);
  }
  if (!response) return event;
  event.status = response.status();
  const responseHeaders = await response.allHeaders().catch(() => response.headers());
  event.contentType = responseHeaders['content-type'];
  if (options.headers) event.responseHeaders = reportHeaders(responseHeaders, options.redacted);
  if (options.bodies !== false) event.resBodyBytes = await decodedBodySize(response, responseHeaders);
  if (bodyWanted(event.contentType, options)) {
    const body = await response.text().catch(() => undefined);
    if (body !== undefined) event.responseBody = cap(body, event, options.maxBodyBytes);
  }
  return event;
}
