// A plugin that patches an app or buffers per-session data (ipc capture, network stubs, traces)
// must hear when a session is over, however it ended, or its state outlives the app. Driven on a
// real fixture app through the shipped server.
import { afterEach, describe, expect, it } from 'vitest';
import type { Plugin, SessionEnd, SessionStart, SessionState } from '@stagewright/sdk';
import { connectInMemory, fixturePath, type InMemoryConnection } from './test-support/shipped.js';

/** What the listener saw: starts (PLUGIN_API 1.4), ends, and its per-session store as each end is told. */
const seen: { starts: SessionStart[]; state?: SessionState<{ started: string }>; heldAtEnd: boolean[] } = { starts: [], heldAtEnd: [] };

function listeningPlugin(ends: SessionEnd[]): Plugin {
  return {
    name: 'listener',
    version: '1.0.0',
    sdkRange: '^1.4.0',
    tools: [],
    setup: (ctx) => {
      const state = ctx.sessionState((id) => ({ started: id }));
      seen.state = state;
      ctx.onSessionStart((start) => {
        seen.starts.push(start);
        state.ensure(start.id);
      });
      ctx.onSessionEnd((end) => {
        seen.heldAtEnd.push(state.get(end.id) !== undefined);
        ends.push(end);
      });
    },
  };
}

async function until(check: () => boolean, timeoutMs = 10_000): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (!check() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 25));
  return check();
}

describe('onSessionEnd', () => {
  let conn: InMemoryConnection | undefined;
  const ends: SessionEnd[] = [];
  afterEach(async () => {
    await conn?.close();
    conn = undefined;
    ends.length = 0;
  });

  async function launch(): Promise<{ sessionId: string; pid: number }> {
    const launched = await conn!.call('electron_launch', { main: fixturePath('bench') });
    expect(launched).toMatchObject({ ok: true });
    return launched as unknown as { sessionId: string; pid: number };
  }

  it('hears a stop, a force-kill and a crash once each, with the reason and how the app ended', async () => {
    conn = await connectInMemory({ plugins: [listeningPlugin(ends)] });

    const stopped = await launch();
    expect(await conn.call('electron_stop', { sessionId: stopped.sessionId })).toMatchObject({ ok: true });
    expect(ends).toEqual([{ id: stopped.sessionId, kind: 'launched', reason: 'stopped', exit: expect.objectContaining({}) }]);

    const killed = await launch();
    expect(await conn.call('electron_force_kill', { sessionId: killed.sessionId })).toMatchObject({ ok: true });
    expect(ends[1]).toMatchObject({ id: killed.sessionId, reason: 'killed', exit: { signal: 'SIGKILL' } });

    const crashed = await launch();
    process.kill(crashed.pid, 'SIGKILL');
    expect(await until(() => ends.length === 3)).toBe(true);
    expect(ends[2]).toMatchObject({ id: crashed.sessionId, reason: 'exited', exit: { signal: 'SIGKILL' } });

    // The crashed session is reported, then stopped: it must not be announced a second time.
    expect(await conn.call('electron_stop', { sessionId: crashed.sessionId })).toMatchObject({ ok: true });
    expect(ends).toHaveLength(3);

    // Each start was told once; the per-session state was there for the end listener, then dropped.
    expect(seen.starts).toEqual([stopped, killed, crashed].map(({ sessionId }) => ({ id: sessionId, kind: 'launched' })));
    expect(seen.heldAtEnd).toEqual([true, true, true]);
    expect(seen.state?.size).toBe(0);
  });

  it('hears the sessions still running when the server shuts down, before plugins are torn down', async () => {
    const order: string[] = [];
    const plugin: Plugin = {
      name: 'ordered',
      version: '1.0.0',
      sdkRange: '^1.0.0',
      tools: [],
      setup: (ctx) => ctx.onSessionEnd((end) => void order.push(`end ${end.reason}`)),
      teardown: () => void order.push('teardown'),
    };
    conn = await connectInMemory({ plugins: [plugin] });
    await launch();
    await conn.close();
    conn = undefined;
    expect(order).toEqual(['end disposed', 'teardown']);
  });
});
