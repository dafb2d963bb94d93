import type { BrowserContext } from 'playwright-core';
import type { Session } from '@stagewright/sdk';
import type { Capture } from './capture.js';
import { StubSet } from './stubs.js';

/** What the plugin holds for one session: its browser context, the capture and the stubs. */
export interface NetworkState {
  context: BrowserContext;
  capture?: Capture;
  stubs: StubSet;
}

/**
 * Per-session state of one server instance. A session's state is dropped when the session ends
 * (onSessionEnd) and also when its browser context is no longer the session's (a relaunch that
 * reused an id), so nothing of a previous app survives into the next.
 */
export class NetworkSessions {
  private readonly states = new Map<string, NetworkState>();

  stateOf(session: Session): NetworkState {
    const context = session.pageOrThrow().context();
    const known = this.states.get(session.id);
    if (known && known.context === context) return known;
    if (known) void this.release(session.id);
    const created: NetworkState = { context, stubs: new StubSet(context) };
    this.states.set(session.id, created);
    return created;
  }

  /** Stop capture and remove every stub of a session that ends. */
  async release(sessionId: string): Promise<void> {
    const state = this.states.get(sessionId);
    if (!state) return;
    this.states.delete(sessionId);
    state.capture?.stop();
    await state.stubs.clear().catch(() => undefined);
  }

  async releaseAll(): Promise<void> {
    await Promise.all([...this.states.keys()].map((id) => this.release(id)));
  }

  get size(): number {
    return this.states.size;
  }
}
