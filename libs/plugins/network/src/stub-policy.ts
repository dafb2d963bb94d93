/**
 * What a stub may answer without `--allow-eval=renderer` (the operator's grant to run code of the
 * agent's choosing in the page). A stub body the page executes would be agent code with the page's
 * powers, preload bridge included. So, without the grant:
 * - a stub answers only requests of an INERT resource type (Playwright's request.resourceType()):
 *   data the page reads (fetch, xhr, eventsource) or renders without running it (image, media,
 *   font, stylesheet, texttrack, manifest). Everything else (document, script, workers, other,
 *   websocket, and any type Chromium adds later) passes through to the network, checked when
 *   each request arrives, so a stub on `**` never answers a reload. A stub with `abort` fails
 *   every kind: no body reaches the page;
 * - a stub may not declare an EXECUTABLE content type (HTML, XHTML, SVG and XML, which can carry
 *   script or XSLT, JavaScript in every spelling, wasm): a page that inserts a fetched fragment
 *   would run it. Stubs without a content type get application/json or text/plain, which no
 *   inert resource type executes.
 */
export const RENDERER_FLAG = '--allow-eval=renderer';

export const INERT_RESOURCE_TYPES: ReadonlySet<string> = new Set([
  'fetch',
  'xhr',
  'eventsource',
  'image',
  'media',
  'font',
  'stylesheet',
  'texttrack',
  'manifest',
]);

const EXECUTABLE_TYPES = new Set([
  'text/html',
  'application/xhtml+xml',
  'image/svg+xml',
  'text/xml',
  'application/xml',
  'text/xsl',
  'application/wasm',
]);

/** Whether the page may execute a body of this content type (parameters and case ignored). */
export function isExecutableContentType(contentType: string): boolean {
  const essence = contentType.split(';')[0]!.trim().toLowerCase();
  return EXECUTABLE_TYPES.has(essence) || essence.endsWith('+xml') || /script|jscript|livescript/.test(essence);
}

/** The content types a stub spec declares: `contentType` and any content-type header. */
export function declaredContentTypes(spec: { contentType?: string; headers?: Record<string, string> }): string[] {
  const fromHeaders = Object.entries(spec.headers ?? {})
    .filter(([name]) => name.toLowerCase() === 'content-type')
    .map(([, value]) => value);
  return spec.contentType === undefined ? fromHeaders : [spec.contentType, ...fromHeaders];
}

/** Said where a stub let a request through, so the agent knows why and what opens it. */
export function skipReason(resourceType: string): string {
  return `a stub does not answer ${resourceType} requests without ${RENDERER_FLAG}: the page would execute the body`;
}
