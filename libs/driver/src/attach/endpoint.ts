import { ToolError } from '@stagewright/sdk';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

export function isLoopbackHost(host: string): boolean {
  return LOOPBACK.has(host.toLowerCase());
}

/**
 * The CDP endpoint for `port` or `cdpUrl`, refusing anything that is not loopback: a debugging
 * port gives full control of the app, so reaching one on another host is never what was meant.
 */
export function cdpEndpoint(options: { port?: number; cdpUrl?: string }): string {
  if (options.port !== undefined && options.cdpUrl !== undefined) {
    throw new ToolError('BAD_ARGUMENT', 'Pass port or cdpUrl, not both.', { details: { accepted: ['port', 'cdpUrl'] } });
  }
  if (options.port !== undefined) return `http://127.0.0.1:${options.port}`;
  if (options.cdpUrl === undefined) {
    throw new ToolError('BAD_ARGUMENT', 'Pass port or cdpUrl (and inspectPort for the main process).', {
      details: { accepted: ['port', 'cdpUrl', 'inspectPort'] },
    });
  }
  let url: URL;
  try {
    url = new URL(options.cdpUrl);
  } catch {
    throw new ToolError('BAD_ARGUMENT', `cdpUrl is not a URL: ${options.cdpUrl.slice(0, 100)}`, { details: { path: '/cdpUrl' } });
  }
  if (!['http:', 'ws:'].includes(url.protocol)) {
    throw new ToolError('BAD_ARGUMENT', 'cdpUrl must be http:// or ws:// (loopback DevTools endpoints do not use TLS).', {
      details: { path: '/cdpUrl' },
    });
  }
  if (!isLoopbackHost(url.hostname)) {
    throw new ToolError('NOT_LOOPBACK', `Refusing to attach to ${url.hostname}: only 127.0.0.1, ::1 and localhost are allowed.`);
  }
  return url.toString().replace(/\/$/, '');
}
