import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import type { StagewrightServer } from '@stagewright/kernel';
import { MAX_BODY_BYTES, type HttpServeOptions } from './http-options.js';
import { HttpSessions } from './http-sessions.js';
import { refuseRequest } from './request-admission.js';
import { TopLevelIdScanner } from '../top-level-id.js';

export const MCP_PATH = '/mcp';

export interface HttpServerHandle {
  /** The MCP endpoint, e.g. http://127.0.0.1:8931/mcp. */
  readonly url: string;
  readonly sessions: HttpSessions;
  /** Stops accepting, ends every session (stopping their apps), closes the listener. */
  close(): Promise<void>;
}

/** Carries the top-level id of the refused body, read while the rest of it drained. */
class BodyTooLarge extends Error {
  constructor(readonly id: number | string | null) {
    super('body too large');
  }
}

/**
 * The body as text, up to MAX_BODY_BYTES. A longer body is drained (not kept) while its
 * top-level id is looked for, so the 413 answer carries the id its client waits on.
 */
function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let oversized: TopLevelIdScanner | undefined;
    req.on('data', (chunk: Buffer) => {
      if (oversized) return oversized.push(chunk);
      size += chunk.length;
      chunks.push(chunk);
      if (size <= MAX_BODY_BYTES) return;
      oversized = new TopLevelIdScanner();
      for (const piece of chunks.splice(0)) oversized.push(piece);
    });
    req.on('end', () => (oversized ? reject(new BodyTooLarge(oversized.id)) : resolve(Buffer.concat(chunks).toString('utf8'))));
    req.on('error', reject);
  });
}

function sendError(
  res: ServerResponse,
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
  id: number | string | null = null,
): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id }));
}

/**
 * A standing GET stream lives as long as its session; when the session ends (DELETE, idle
 * timeout, shutdown) its socket must close with the stream instead of idling on as keep-alive.
 * The SDK's event-stream answer asks for keep-alive, so its Connection header is replaced by
 * `close`: the client then never puts the socket back in its pool. (Destroying the socket after
 * the stream ended raced the client's pool, which could pick it for its next request.)
 */
function closeWithTheStream(res: ServerResponse): void {
  const writeHead = res.writeHead.bind(res) as (status: number, ...rest: unknown[]) => ServerResponse;
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    for (const part of rest) {
      if (typeof part !== 'object' || part === null || Array.isArray(part)) continue;
      for (const key of Object.keys(part)) if (key.toLowerCase() === 'connection') delete (part as Record<string, unknown>)[key];
    }
    res.setHeader('Connection', 'close');
    return writeHead(status, ...rest);
  }) as typeof res.writeHead;
}

async function handle(req: IncomingMessage, res: ServerResponse, options: HttpServeOptions, sessions: HttpSessions): Promise<void> {
  const refusal = refuseRequest(req, options);
  if (refusal) return sendError(res, refusal.status, -32000, refusal.message, refusal.headers);
  if (new URL(req.url ?? '/', 'http://localhost').pathname !== MCP_PATH)
    return sendError(res, 404, -32000, `Not found; the MCP endpoint is ${MCP_PATH}.`);
  if (!['POST', 'GET', 'DELETE'].includes(req.method ?? ''))
    return sendError(res, 405, -32000, `Method ${req.method} not allowed; use POST, GET or DELETE.`, { Allow: 'POST, GET, DELETE' });
  let body: unknown;
  if (req.method === 'POST') {
    try {
      body = JSON.parse(await readBody(req));
    } catch (error) {
      if (error instanceof BodyTooLarge)
        return sendError(
          res,
          413,
          -32600,
          `Request too large: body over ${MAX_BODY_BYTES} bytes. Send smaller arguments (large inputs belong in files passed by path).`,
          {},
          error.id,
        );
      return sendError(res, 400, -32700, 'Parse error: the body is not JSON.');
    }
  }
  const sessionId = req.headers['mcp-session-id'];
  if (req.method === 'GET') closeWithTheStream(res);
  if (typeof sessionId === 'string') {
    const found = await sessions.use(sessionId, req.method === 'GET', (transport) => transport.handleRequest(req, res, body));
    if (!found) sendError(res, 404, -32001, 'Session not found; it ended or expired. Initialize a new session.');
    return;
  }
  if (req.method !== 'POST' || !isInitializeRequest(body))
    return sendError(res, 400, -32000, 'Bad Request: no Mcp-Session-Id; send an initialize request first.');
  if (!sessions.hasRoom()) return sendError(res, 503, -32000, 'Too many sessions; end one (DELETE) or try later.', { 'Retry-After': '5' });
  const { transport, discard } = await sessions.open();
  await transport.handleRequest(req, res, body);
  await discard();
}

/**
 * Streamable HTTP on the SDK's transport: one endpoint, one kernel server per MCP session,
 * guarded against DNS rebinding, bounded in sessions and body size.
 */
export async function serveHttp(options: HttpServeOptions, create: () => Promise<StagewrightServer>): Promise<HttpServerHandle> {
  const sessions = new HttpSessions(create, options);
  const server = createServer((req, res) => {
    handle(req, res, options, sessions).catch((error: Error) => {
      process.stderr.write(`[stagewright] error: HTTP request failed: ${error.stack ?? error.message}\n`);
      sendError(res, 500, -32603, 'Internal error');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const hostPart = options.host.includes(':') ? `[${options.host}]` : options.host;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${hostPart}:${port}${MCP_PATH}`,
    sessions,
    close: () =>
      (closing ??= (async () => {
        server.close();
        await sessions.endAll('server shutting down');
        server.closeAllConnections();
      })()),
  };
}
