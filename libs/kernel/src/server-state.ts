import type { ServerState } from '@stagewright/sdk';

const MAX_FIELD = 64;

/**
 * Server-level facts for electron_status: when the server started and a bounded breadcrumb of
 * the last failure. Only the code, the tool name and the time are kept, never arguments, paths
 * or messages, so the breadcrumb cannot leak app data.
 */
export class ServerStateTracker implements ServerState {
  readonly startedAt: string;
  private last: { code: string; tool: string; at: string } | undefined;
  /** Set by the server once plugins are loaded (PLUGIN_API 1.4). */
  pluginStatus?: () => Record<string, unknown> | undefined;

  constructor(now: Date = new Date()) {
    this.startedAt = now.toISOString();
  }

  recordError(code: string, tool: string, at: Date = new Date()): void {
    const safeTool = /^[a-z][a-z0-9_]*$/.test(tool) ? tool.slice(0, MAX_FIELD) : '(invalid name)';
    this.last = { code: code.slice(0, MAX_FIELD), tool: safeTool, at: at.toISOString() };
  }

  lastError(): { code: string; tool: string; at: string } | undefined {
    return this.last ? { ...this.last } : undefined;
  }
}
