import type { IncomingMessage } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import { isLoopbackHost, type HttpServeOptions } from './http-options.js';

export interface Refusal {
  status: number;
  message: string;
  headers?: Record<string, string>;
}

function hostnameOf(hostHeader: string): string {
  const match = /^(\[[^\]]+\]|[^:]+)(?::\d+)?$/.exec(hostHeader.trim());
  return (match?.[1] ?? '').toLowerCase();
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * DNS-rebinding and access checks, before a request reaches any MCP session: the Host header
 * must name this server (a rebound attacker domain does not), a browser Origin must be a
 * loopback page or the bind address, and the bearer token must match when one is set.
 */
export function refuseRequest(req: IncomingMessage, options: HttpServeOptions): Refusal | undefined {
  const host = req.headers.host;
  if (!host || !options.allowedHostnames.includes(hostnameOf(host)))
    return { status: 403, message: `Host header ${JSON.stringify(host ?? '')} is not allowed (DNS rebinding protection).` };
  const origin = req.headers.origin;
  if (origin !== undefined) {
    let originHost: string;
    try {
      originHost = new URL(origin).hostname.toLowerCase();
    } catch {
      return { status: 403, message: `Origin ${JSON.stringify(origin)} is not allowed.` };
    }
    const bracketed = originHost.includes(':') && !originHost.startsWith('[') ? `[${originHost}]` : originHost;
    if (!isLoopbackHost(originHost) && !options.allowedHostnames.includes(bracketed))
      return { status: 403, message: `Origin ${origin} is not allowed (DNS rebinding protection).` };
  }
  if (options.token !== undefined) {
    const auth = req.headers.authorization ?? '';
    const given = auth.startsWith('Bearer ') ? auth.slice('Bearer '.length) : '';
    if (!sameToken(given, options.token))
      return { status: 401, message: 'Missing or wrong bearer token.', headers: { 'WWW-Authenticate': 'Bearer' } };
  }
  return undefined;
}
