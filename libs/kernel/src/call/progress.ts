import type { ProgressUpdate } from '@stagewright/sdk';

export interface ProgressChannel {
  progressToken?: string | number;
  sendNotification(notification: { method: 'notifications/progress'; params: Record<string, unknown> }): Promise<void>;
}

/** How often a call that reports nothing itself shows life, when the host sent a progress token. */
export const HEARTBEAT_MS = 1000;

export interface CallProgress {
  /** The reporter handed to the tool (ctx.progress). */
  report(update: ProgressUpdate): void;
  /** Ends the heartbeat; called when the call settles. */
  stop(): void;
}

/**
 * Progress for one request: sends `notifications/progress` when the host asked for it with a
 * progress token, and is a no-op otherwise. Every call that runs past HEARTBEAT_MS (waits,
 * expects, stop, attach, screenshots, plugin captures) gets a heartbeat, "<tool> running (Ns)",
 * until the tool reports progress of its own, which then owns the sequence. Progress must grow
 * (MCP), so updates that do not increase it are dropped; delivery failures never fail the tool.
 */
export function createCallProgress(channel: ProgressChannel, tool: string, heartbeatMs = HEARTBEAT_MS): CallProgress {
  const token = channel.progressToken;
  if (token === undefined) return { report: () => undefined, stop: () => undefined };
  let last = -Infinity;
  const send = (update: ProgressUpdate) => {
    if (!(update.progress > last)) return;
    last = update.progress;
    const params: Record<string, unknown> = { progressToken: token, progress: update.progress };
    if (update.total !== undefined) params.total = update.total;
    if (update.message !== undefined) params.message = update.message;
    channel.sendNotification({ method: 'notifications/progress', params }).catch(() => undefined);
  };
  const started = Date.now();
  const heartbeat = setInterval(() => {
    const seconds = Math.round((Date.now() - started) / 1000);
    send({ progress: seconds, message: `${tool} running (${seconds}s)` });
  }, heartbeatMs);
  heartbeat.unref();
  return {
    report: (update) => {
      clearInterval(heartbeat);
      send(update);
    },
    stop: () => clearInterval(heartbeat),
  };
}
