import type { ProgressUpdate } from '@stagewright/sdk';

export interface ProgressChannel {
  progressToken?: string | number;
  sendNotification(notification: { method: 'notifications/progress'; params: Record<string, unknown> }): Promise<void>;
}

/**
 * A progress reporter for one request: sends `notifications/progress` when the host asked for it
 * with a progress token, and is a no-op otherwise. Progress must grow (MCP), so updates that do
 * not increase it are dropped; delivery failures never fail the tool.
 */
export function createProgress(channel: ProgressChannel): (update: ProgressUpdate) => void {
  const token = channel.progressToken;
  if (token === undefined) return () => undefined;
  let last = -Infinity;
  return (update) => {
    if (!(update.progress > last)) return;
    last = update.progress;
    const params: Record<string, unknown> = { progressToken: token, progress: update.progress };
    if (update.total !== undefined) params.total = update.total;
    if (update.message !== undefined) params.message = update.message;
    channel.sendNotification({ method: 'notifications/progress', params }).catch(() => undefined);
  };
}
