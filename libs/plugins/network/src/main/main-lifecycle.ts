import type { Session } from '@stagewright/sdk';
import type { MainNetAgent } from './main-runtime.js';

/**
 * network_stop and network_unstub act on the main process too, but only in apps this server has
 * asked the agent something of (agent.touched): others have no capture or stub there.
 */
export async function stopMain(agent: MainNetAgent, session: Session): Promise<Record<string, unknown> | undefined> {
  if (!agent.touched.has(session.id)) return undefined;
  try {
    const { stopped: _stopped, ...rest } = await agent.call(session, { op: 'stop' });
    return rest;
  } catch (error) {
    if ((error as { code?: string }).code === 'network.NOT_CAPTURING') return undefined;
    throw error;
  }
}

/** Removes one main-process stub (STUB_NOT_FOUND when unknown) or, without id, all of them. */
export async function unstubMain(agent: MainNetAgent, session: Session, id?: string): Promise<Record<string, unknown>[]> {
  if (id === undefined && !agent.touched.has(session.id)) return [];
  const { removed } = await agent.call<{ removed: Record<string, unknown>[] }>(session, { op: 'unstub', id });
  return removed;
}
