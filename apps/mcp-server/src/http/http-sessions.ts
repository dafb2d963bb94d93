import { randomUUID } from 'node:crypto';
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { StagewrightServer } from '@stagewright/kernel';

export interface SessionLimits {
  maxSessions: number;
  sessionIdleMs: number;
}

interface HttpSession {
  readonly server: StagewrightServer;
  readonly transport: StreamableHTTPServerTransport;
  lastSeen: number;
  inFlight: number;
}

const log = (message: string) => process.stderr.write(`[stagewright] info: ${message}\n`);

/**
 * The MCP sessions of one HTTP server. Each session owns a kernel server of its own (so apps,
 * refs and plugin state never cross sessions); ending a session, by DELETE, idle timeout or
 * shutdown, closes that server, which stops every app it launched.
 */
export class HttpSessions {
  private readonly sessions = new Map<string, HttpSession>();
  private opening = 0;
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly create: () => Promise<StagewrightServer>,
    private readonly limits: SessionLimits,
  ) {
    const every = Math.max(1000, Math.min(60_000, Math.floor(limits.sessionIdleMs / 4)));
    this.sweeper = setInterval(() => this.sweepIdle(), every).unref();
  }

  get size(): number {
    return this.sessions.size;
  }

  /** Whether another session may be opened now (sessions being initialized count). */
  hasRoom(): boolean {
    return this.sessions.size + this.opening < this.limits.maxSessions;
  }

  /**
   * A transport with a fresh kernel server behind it, ready for an initialize request. The
   * session is registered when the SDK assigns its id; `discard` drops it if initialize fails.
   */
  async open(): Promise<{ transport: StreamableHTTPServerTransport; discard(): Promise<void> }> {
    this.opening++;
    try {
      const server = await this.create();
      // Loaded on the first HTTP session: the module reads Node's fetch globals when it loads
      // (loading undici, ~15 ms), which a stdio start never needs.
      const { StreamableHTTPServerTransport } = await import('@modelcontextprotocol/sdk/server/streamableHttp.js');
      const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => {
          this.sessions.set(id, { server, transport, lastSeen: Date.now(), inFlight: 0 });
          log(`session ${id} opened (${this.sessions.size} live)`);
        },
        onsessionclosed: (id) => this.end(id, 'deleted by the client'),
      });
      transport.onclose = () => {
        if (transport.sessionId) void this.end(transport.sessionId, 'transport closed');
      };
      await server.connect(transport);
      return {
        transport,
        discard: async () => {
          if (!transport.sessionId || !this.sessions.has(transport.sessionId)) await server.close();
        },
      };
    } finally {
      this.opening--;
    }
  }

  /**
   * Runs one request of a live session, keeping it from idling out meanwhile. A standing GET
   * (the server-to-client event stream) is not activity: it stays open as long as the client is
   * connected, and would otherwise keep an abandoned session alive forever.
   */
  async use(id: string, standing: boolean, handle: (transport: StreamableHTTPServerTransport) => Promise<void>): Promise<boolean> {
    const session = this.sessions.get(id);
    if (!session) return false;
    session.lastSeen = Date.now();
    if (standing) {
      await handle(session.transport);
      return true;
    }
    session.inFlight++;
    session.lastSeen = Date.now();
    try {
      await handle(session.transport);
    } finally {
      session.inFlight--;
      session.lastSeen = Date.now();
    }
    return true;
  }

  /** Ends one session: its kernel server closes, disposing its apps. Idempotent. */
  async end(id: string, why: string): Promise<void> {
    const session = this.sessions.get(id);
    if (!session) return;
    this.sessions.delete(id);
    log(`session ${id} ended (${why}); stopping its apps`);
    await session.server.close().catch((error: Error) => log(`closing session ${id} failed: ${error.message}`));
  }

  async endAll(why: string): Promise<void> {
    clearInterval(this.sweeper);
    await Promise.all([...this.sessions.keys()].map((id) => this.end(id, why)));
  }

  private sweepIdle(): void {
    const now = Date.now();
    for (const [id, session] of this.sessions) {
      if (session.inFlight === 0 && now - session.lastSeen >= this.limits.sessionIdleMs) void this.end(id, 'idle timeout');
    }
  }
}
