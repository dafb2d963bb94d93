import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import { CliUsageError, type HttpFlags } from '../cli.js';

export const DEFAULT_HTTP_PORT = 8931;
export const DEFAULT_MAX_SESSIONS = 8;
export const DEFAULT_SESSION_IDLE_MS = 30 * 60_000;
/** Largest request body accepted, the same bound as one stdio request line. */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;
/** The bearer token comes from the environment, so it never shows in a process list. */
export const TOKEN_ENV = 'STAGEWRIGHT_HTTP_TOKEN';
const MIN_TOKEN_LENGTH = 16;

export interface HttpServeOptions {
  host: string;
  port: number;
  /** Every request must carry `Authorization: Bearer <token>` when set. */
  token?: string;
  maxSessions: number;
  sessionIdleMs: number;
  /**
   * Host header names accepted (lowercase, without port): loopback names, the bind address (every
   * address of this machine when bound to all of them), and the operator's `--allowed-host` names.
   */
  allowedHostnames: readonly string[];
}

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]', '::1'];
const WILDCARD_BINDS = new Set(['0.0.0.0', '::', '[::]']);

/** This machine's interface addresses as a Host header names them (IPv6 bracketed, without zone). */
export function localAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .flatMap((entry) => (entry ? [entry.family === 'IPv6' ? `[${entry.address.replace(/%.*$/, '')}]` : entry.address] : []));
}

function hostHeaderName(host: string): string {
  return (host.includes(':') && !host.startsWith('[') ? `[${host}]` : host).toLowerCase();
}

export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare === 'localhost' || bare === '::1') return true;
  return isIP(bare) === 4 && bare.startsWith('127.');
}

/**
 * Resolve the HTTP flags. A bind beyond loopback is refused unless `--allow-remote` is given AND
 * a bearer token of at least 16 characters is set: an MCP server here starts processes and runs
 * code, so it is never exposed without both a deliberate flag and authentication.
 */
export function resolveHttpOptions(
  flags: HttpFlags = {},
  env: NodeJS.ProcessEnv = process.env,
  addresses: () => string[] = localAddresses,
): HttpServeOptions {
  const host = flags.host ?? '127.0.0.1';
  const token = env[TOKEN_ENV] || undefined;
  if (token !== undefined && token.length < MIN_TOKEN_LENGTH)
    throw new CliUsageError(`${TOKEN_ENV} must be at least ${MIN_TOKEN_LENGTH} characters.`);
  const loopback = isLoopbackHost(host);
  if (!loopback && !flags.allowRemote)
    throw new CliUsageError(
      `--host ${host} is not a loopback address; binding beyond loopback needs --allow-remote and ${TOKEN_ENV} (a bearer token).`,
    );
  if (!loopback && token === undefined)
    throw new CliUsageError(`--allow-remote needs ${TOKEN_ENV} set to a bearer token (at least ${MIN_TOKEN_LENGTH} characters).`);
  // A rebound page names the attacker's domain; the addresses of this machine and names the
  // operator chose are not that, so they are safe to accept.
  const bindNames = [hostHeaderName(host), ...(WILDCARD_BINDS.has(host) ? addresses() : [])];
  return {
    host,
    port: flags.port ?? DEFAULT_HTTP_PORT,
    token,
    maxSessions: flags.maxSessions ?? DEFAULT_MAX_SESSIONS,
    sessionIdleMs: flags.sessionIdleMs ?? DEFAULT_SESSION_IDLE_MS,
    allowedHostnames: [...new Set([...LOOPBACK_NAMES, ...bindNames, ...(flags.allowedHosts ?? [])])],
  };
}
