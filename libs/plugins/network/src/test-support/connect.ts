import { electronExecutable } from '@stagewright/fake-electron';
import { connectInMemory } from '@stagewright/harness';
import { createStagewrightServer, type StagewrightServerOptions } from '@stagewright/mcp-server';
import networkPlugin, { createNetworkPlugin } from '../index.js';
import type { NetworkSessions } from '../session-state.js';

/**
 * The shipped server with a fresh network plugin loaded (on `sessions` when given), apps on the
 * fake-electron stand-in, under the operator's network grant: stub answers speak as the app's server (ADR-0034).
 */
export const connect = (pluginConfigs?: Record<string, unknown>, sessions?: NetworkSessions) => () =>
  connectInMemory<StagewrightServerOptions, Awaited<ReturnType<typeof createStagewrightServer>>>({
    plugins: [sessions ? () => createNetworkPlugin(sessions) : networkPlugin],
    pluginConfigs,
    allowImpersonation: ['network'],
    create: (options) => createStagewrightServer({ ...options, driverOptions: { fallbackExecutablePath: electronExecutable() } }),
  });

/**
 * Reads from cursor 1 until `count` events arrived (each read waits for the next one): a page can
 * show a response before Playwright reports that request finished, so one read may come early.
 */
export async function readEvents(
  app: { call: (tool: string, args: Record<string, unknown>) => Promise<Record<string, unknown>> },
  count: number,
) {
  const events: Record<string, unknown>[] = [];
  let cursor = 0;
  for (let attempt = 0; attempt < count + 3 && events.length < count; attempt++) {
    const read = await app.call('network_read', { cursor, timeoutMs: 5000 });
    events.push(...(read.events as Record<string, unknown>[]));
    cursor = read.cursor as number;
  }
  return events;
}
