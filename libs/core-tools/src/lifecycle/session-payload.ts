import type { Session } from '@stagewright/sdk';

/** What launch, attach and inject return: enough to act next without another call. */
export async function sessionPayload(session: Session): Promise<Record<string, unknown>> {
  const windows = session.capabilities.renderer ? await session.windows().catch(() => []) : [];
  const summary = session.summary();
  return {
    sessionId: session.id,
    ...(summary.pid !== undefined ? { pid: summary.pid } : {}),
    windows,
    capabilities: session.capabilities,
  };
}

/** The id of the session a lifecycle call means: the given one, or the only one (live or exited). */
export function targetSessionId(sessions: { list(): { id: string; state: string }[]; getOrThrow(id?: string): { id: string } }, sessionId?: string): string {
  if (sessionId !== undefined) return sessionId;
  const all = sessions.list();
  const live = all.filter((s) => s.state === 'running');
  if (live.length === 0 && all.length) return all[all.length - 1].id;
  return sessions.getOrThrow().id;
}
