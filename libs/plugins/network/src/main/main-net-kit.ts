// The bookkeeping half of the main-process agent: which capture and stub a request meets, and the
// event it becomes. Sent as source with the agent (mainAgentBody), so it is self-contained: no
// imports at run time, no outer names.
import type { compileUrlPatterns } from '../url-match.js';
import type { matchesCredentialRule } from '@stagewright/sdk';
import type { AgentOptions, MainCaptureSpec, MainStubSpec } from './agent-protocol.js';

// biome-ignore lint/suspicious/noExplicitAny: values of the app's main process, untyped here.
type Loose = any;

/** One request under way: the event it will become, filled in as the request goes. */
export interface Entry {
  event: Record<string, unknown>;
  started: number;
  spec: MainCaptureSpec;
  reqChunks: Uint8Array[];
  resChunks: Uint8Array[];
  reqBytes: number;
  resBytes: number;
  requestHeaders: Record<string, string>;
  done: boolean;
}

export function mainNetKit(options: AgentOptions, isCredential: typeof matchesCredentialRule, compile: typeof compileUrlPatterns) {
  const MAX_HEADERS = 40;
  const MAX_HEADER_VALUE = 300;
  const MAX_URL = 2000;
  const MAX_IN_FLIGHT = 1000;

  const reportHeaders = (raw: Record<string, string>) => {
    const entries = Object.entries(raw);
    const headers: Record<string, string> = {};
    for (const [name, value] of entries.slice(0, MAX_HEADERS)) {
      const key = name.toLowerCase();
      const text = Array.isArray(value) ? value.join(', ') : String(value);
      headers[key] = isCredential(options.redact, key)
        ? '[redacted]'
        : text.length > MAX_HEADER_VALUE
          ? `${text.slice(0, MAX_HEADER_VALUE)}…`
          : text;
    }
    return entries.length > MAX_HEADERS ? { headers, omitted: entries.length - MAX_HEADERS } : { headers };
  };

  /** Headers in any of the forms apps pass them (object, Headers, entries), as a plain object. */
  const headersObject = (headers: Loose): Record<string, string> => {
    const out: Record<string, string> = {};
    if (!headers) return out;
    const pairs =
      typeof headers.entries === 'function' && !Array.isArray(headers)
        ? [...headers.entries()]
        : Array.isArray(headers)
          ? headers
          : Object.entries(headers);
    for (const [name, value] of pairs) out[String(name).toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    return out;
  };

  const bytesOf = (chunk: Loose, encoding?: Loose): Uint8Array | undefined => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return undefined;
    if (typeof chunk === 'string') return Buffer.from(chunk, (typeof encoding === 'string' ? encoding : 'utf8') as BufferEncoding);
    if (chunk instanceof URLSearchParams) return Buffer.from(chunk.toString());
    if (ArrayBuffer.isView(chunk)) return new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (chunk instanceof ArrayBuffer) return new Uint8Array(chunk);
    return undefined;
  };

  const keep = (entry: Entry, list: Uint8Array[], kept: number, chunk: Uint8Array) => {
    if (entry.spec.bodies === true && kept < entry.spec.maxBodyBytes + 4) list.push(chunk.subarray(0, entry.spec.maxBodyBytes + 4 - kept));
  };

  const addRequestBody = (entry: Entry | undefined, chunk: Loose, encoding?: Loose) => {
    const bytes = entry && bytesOf(chunk, encoding);
    if (!entry || !bytes) return;
    keep(
      entry,
      entry.reqChunks,
      entry.reqChunks.reduce((n, c) => n + c.length, 0),
      bytes,
    );
    entry.reqBytes += bytes.length;
  };

  const addResponseBody = (entry: Entry | undefined, chunk: Loose) => {
    const bytes = entry && bytesOf(chunk);
    if (!entry || !bytes) return;
    keep(
      entry,
      entry.resChunks,
      entry.resChunks.reduce((n, c) => n + c.length, 0),
      bytes,
    );
    entry.resBytes += bytes.length;
  };

  const wanted = (spec: MainCaptureSpec, contentType: unknown) =>
    spec.bodies === true &&
    typeof contentType === 'string' &&
    spec.bodyTypes.some((type) => contentType.toLowerCase().includes(type.toLowerCase()));

  const text = (entry: Entry, chunks: Uint8Array[], total: number) => {
    const kept = Buffer.concat(chunks);
    const all = kept.toString('utf8');
    if (kept.length >= total && all.length <= entry.spec.maxBodyBytes) return all;
    entry.event.bodyTruncated = true;
    return all.slice(0, entry.spec.maxBodyBytes);
  };

  /** The stub and the capture entry a new request meets; a stub counts the hit here. */
  const begin = (state: Loose, api: string, method: string, url: string, headers: Record<string, string>) => {
    const upper = method.toUpperCase();
    let stub: (MainStubSpec & { hits: number; skipped: Record<string, number> }) | undefined;
    for (const candidate of [...state.stubs.values()].reverse()) {
      if (!candidate.matchesMethod(upper) || !candidate.matchesUrl(url)) continue;
      stub = candidate;
      break;
    }
    let entry: Entry | undefined;
    const capture = state.capture;
    if (capture?.matchesUrl(url) && capture.matchesMethod(upper) && state.inFlight.size < MAX_IN_FLIGHT) {
      entry = {
        event: { time: new Date().toISOString(), api, method: upper, url: url.length > MAX_URL ? `${url.slice(0, MAX_URL)}…` : url },
        started: Date.now(),
        spec: capture.spec,
        reqChunks: [],
        resChunks: [],
        reqBytes: 0,
        resBytes: 0,
        requestHeaders: headers,
        done: false,
      };
      entry.event.capture = capture.generation;
      state.inFlight.add(entry);
    }
    return { stub, entry };
  };

  /** The response's status and headers arrived. */
  const responded = (entry: Entry | undefined, status: number, headers: Record<string, string>) => {
    if (!entry) return;
    entry.event.status = status;
    if (headers['content-type']) entry.event.contentType = headers['content-type'];
    if (entry.spec.headers) entry.event.responseHeaders = reportHeaders(headers);
  };

  /** The request ended (its body read, or it failed): the event goes to the ring. */
  const finish = (state: Loose, entry: Entry | undefined, failure?: string) => {
    if (!entry || entry.done) return;
    entry.done = true;
    state.inFlight.delete(entry);
    const { event, spec } = entry;
    if (event.capture !== state.capture?.generation) return;
    delete event.capture;
    if (failure) event.failure = failure;
    event.ms = Date.now() - entry.started;
    if (spec.headers) event.requestHeaders = reportHeaders(entry.requestHeaders);
    if (spec.bodies !== false) {
      event.reqBodyBytes = entry.reqBytes;
      if (event.status !== undefined) event.resBodyBytes = entry.resBytes;
    }
    if (entry.reqBytes && wanted(spec, entry.requestHeaders['content-type'] ?? 'text/plain'))
      event.requestBody = text(entry, entry.reqChunks, entry.reqBytes);
    if (entry.resBytes && wanted(spec, event.contentType)) event.responseBody = text(entry, entry.resChunks, entry.resBytes);
    state.seq += 1;
    state.events.push({ seq: state.seq, ...event });
    while (state.events.length > options.capacity) {
      state.events.shift();
      state.overflow += 1;
    }
  };

  const matchers = (spec: { urls: string[]; methods: string[] }) => {
    const methods = spec.methods.map((method) => method.toUpperCase());
    return { matchesUrl: compile(spec.urls), matchesMethod: (method: string) => methods.length === 0 || methods.includes(method) };
  };

  return { reportHeaders, headersObject, addRequestBody, addResponseBody, begin, responded, finish, matchers };
}

export type MainNetKit = ReturnType<typeof mainNetKit>;
