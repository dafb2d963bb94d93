import { get, request } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { ToolError } from '@stagewright/sdk';
import { isLoopbackHost } from './endpoint.js';
import { loadPlaywright } from '../playwright-loader.js';

/** A DevTools `/json/*` answer is a few hundred bytes; more is not a DevTools endpoint. */
const MAX_JSON_BYTES = 1 << 20;

/**
 * Throws NOT_LOOPBACK unless `url` is http:// or ws:// on 127.0.0.1, ::1 or localhost. Called on
 * every URL before a connection is made to it: the one the caller gave, the WebSocket URL a
 * loopback endpoint hands back, and any redirect, since each could lead off loopback.
 */
export function assertLoopbackUrl(url: string, source: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ToolError('ATTACH_FAILED', `${source} gave a malformed URL: ${url.slice(0, 200)}`);
  }
  if (!isLoopbackHost(parsed.hostname)) {
    throw new ToolError(
      'NOT_LOOPBACK',
      `${source} points to ${parsed.hostname} (${url.slice(0, 200)}); only 127.0.0.1, ::1 and localhost are allowed.`,
    );
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'ws:') {
    throw new ToolError('ATTACH_FAILED', `${source} gave a ${parsed.protocol} URL; loopback DevTools endpoints speak http:// and ws://.`);
  }
  return parsed;
}

/** A redirect is never followed: refused as NOT_LOOPBACK when it leads off loopback, ATTACH_FAILED otherwise. */
function refuseRedirect(from: string, status: number, location: string | undefined): never {
  if (location) assertLoopbackUrl(new URL(location, from).toString(), `The redirect from ${from}`);
  throw new ToolError(
    'ATTACH_FAILED',
    `${from} answered HTTP ${status}${location ? ` redirecting to ${location.slice(0, 200)}` : ''}; DevTools endpoints do not redirect and redirects are not followed.`,
  );
}

/** The browser WebSocket URL from `<endpoint>/json/version`, checked to be loopback. */
export async function browserWebSocketUrl(endpoint: string, timeoutMs: number): Promise<string> {
  if (endpoint.startsWith('ws:')) return assertLoopbackUrl(endpoint, 'cdpUrl').toString();
  const versionUrl = new URL(endpoint);
  versionUrl.pathname = `${versionUrl.pathname.replace(/\/$/, '')}/json/version`;
  const url = versionUrl.toString();
  assertLoopbackUrl(url, 'The DevTools endpoint');
  const version = await new Promise<{ webSocketDebuggerUrl?: unknown }>((resolve, reject) => {
    const req = get(url, { timeout: timeoutMs }, (res) => {
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400) {
        res.resume();
        try {
          refuseRedirect(url, status, res.headers.location);
        } catch (error) {
          reject(error);
        }
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_JSON_BYTES) req.destroy(new Error('answer too large'));
        else chunks.push(chunk);
      });
      res.on('end', () => {
        try {
          resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        } catch {
          reject(new ToolError('ATTACH_FAILED', `${url} did not answer with DevTools JSON (HTTP ${status}).`));
        }
      });
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', (error) => reject(new ToolError('ATTACH_FAILED', `No DevTools endpoint answered at ${endpoint}: ${error.message}`)));
  });
  if (typeof version?.webSocketDebuggerUrl !== 'string') {
    throw new ToolError('ATTACH_FAILED', `${url} gave no webSocketDebuggerUrl; is this a DevTools (--remote-debugging-port) endpoint?`);
  }
  return assertLoopbackUrl(version.webSocketDebuggerUrl, `The DevTools endpoint ${endpoint}`).toString();
}

/**
 * Try the WebSocket handshake once without following redirects, so that Playwright (which
 * follows them) is only handed a URL that upgraded in place.
 */
function probeUpgrade(wsUrl: string, timeoutMs: number): Promise<void> {
  const target = new URL(wsUrl);
  return new Promise((resolve, reject) => {
    const req = request({
      host: target.hostname.replace(/^\[|\]$/g, ''),
      port: target.port,
      path: target.pathname + target.search,
      headers: {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': randomBytes(16).toString('base64'),
      },
      timeout: timeoutMs,
    });
    req.on('upgrade', (_res, socket) => {
      socket.destroy();
      resolve();
    });
    req.on('response', (res) => {
      res.resume();
      const status = res.statusCode ?? 0;
      try {
        if (status >= 300 && status < 400) refuseRedirect(wsUrl, status, res.headers.location);
        throw new ToolError('ATTACH_FAILED', `${wsUrl} refused the WebSocket upgrade (HTTP ${status}).`);
      } catch (error) {
        reject(error);
      }
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', (error) => reject(new ToolError('ATTACH_FAILED', `No DevTools WebSocket answered at ${wsUrl}: ${error.message}`)));
    req.end();
  });
}

/** Connect Playwright to a loopback CDP endpoint after checking every URL on the way. */
export async function connectBrowser(endpoint: string, timeoutMs: number): Promise<Browser> {
  const wsUrl = await browserWebSocketUrl(endpoint, timeoutMs);
  await probeUpgrade(wsUrl, timeoutMs);
  const { chromium } = await loadPlaywright();
  return chromium.connectOverCDP(wsUrl, { timeout: timeoutMs });
}
