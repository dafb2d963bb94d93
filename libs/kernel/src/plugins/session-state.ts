import type { SessionState } from '@stagewright/sdk';

/**
 * The store behind ctx.sessionState (PLUGIN_API 1.4): a map by session id that the kernel, not
 * the plugin, empties when a session ends.
 */
export class SessionStateStore<T> implements SessionState<T> {
  private readonly values = new Map<string, T>();

  constructor(private readonly create: (sessionId: string) => T) {}

  get(sessionId: string): T | undefined {
    return this.values.get(sessionId);
  }

  ensure(sessionId: string): T {
    if (!this.values.has(sessionId)) this.values.set(sessionId, this.create(sessionId));
    return this.values.get(sessionId) as T;
  }

  set(sessionId: string, value: T): void {
    this.values.set(sessionId, value);
  }

  delete(sessionId: string): boolean {
    return this.values.delete(sessionId);
  }

  get size(): number {
    return this.values.size;
  }

  entries(): IterableIterator<[string, T]> {
    return this.values.entries();
  }
}
