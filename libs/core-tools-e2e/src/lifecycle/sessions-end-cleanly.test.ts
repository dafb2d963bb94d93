// Sessions are how an agent addresses apps: which one a call means, what happens when an app
// dies, and that stopping or killing it leaves no process behind on the host.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connect, launchTestApp, ok, type Connection } from '../test-support/mcp.js';
import { alive, processTree, waitUntil } from '../test-support/processes.js';

describe('sessions', () => {
  let conn: Connection;

  beforeEach(async () => {
    conn = await connect();
  });
  afterEach(async () => {
    await conn?.close();
  });

  it('NO_SESSION before any launch and SESSION_NOT_FOUND for an unknown id', async () => {
    expect(await conn.call('electron_snapshot')).toMatchObject({ ok: false, code: 'NO_SESSION' });
    expect(await conn.call('electron_windows', { sessionId: 's99' })).toMatchObject({ code: 'SESSION_NOT_FOUND' });
  });

  it('names the live ids when a call is ambiguous, and resolves again when one remains', async () => {
    const a = await launchTestApp(conn, 'hazards');
    const b = await launchTestApp(conn, 'hazards');
    const r = await conn.call('electron_snapshot');
    expect(r).toMatchObject({ code: 'SESSION_AMBIGUOUS' });
    expect(r.details?.sessionIds).toEqual([a, b]);
    expect(r.error).toContain(a);
    await ok(conn, 'electron_stop', { sessionId: a });
    expect(await ok(conn, 'electron_windows')).toMatchObject({ windows: [{ id: 'w1', active: true }] });
    await ok(conn, 'electron_stop', { sessionId: b });
  });

  it('stop ends the app and every helper process it started', async () => {
    const launched = await ok(conn, 'electron_launch', { main: (await import('../test-support/apps.js')).testApp('hazards') });
    const tree = processTree(launched.pid as number);
    expect(tree.length).toBeGreaterThan(1);
    const stopped = await ok(conn, 'electron_stop');
    expect(stopped).toMatchObject({ sessionId: launched.sessionId, graceful: true });
    expect(await waitUntil(() => tree.every((pid) => !alive(pid)))).toBe(true);
    expect((await ok(conn, 'electron_status')).sessions).toEqual([]);
  });

  it('force-kill ends the app at once and leaves no process behind', async () => {
    const launched = await ok(conn, 'electron_launch', { main: (await import('../test-support/apps.js')).testApp('hazards') });
    const tree = processTree(launched.pid as number);
    const killed = await ok(conn, 'electron_force_kill');
    expect(killed).toMatchObject({ signal: 'SIGKILL' });
    expect(await waitUntil(() => tree.every((pid) => !alive(pid)))).toBe(true);
  });

  it('a launched app cannot be detached (NOT_SUPPORTED)', async () => {
    await launchTestApp(conn, 'hazards');
    expect(await conn.call('electron_detach')).toMatchObject({ code: 'NOT_SUPPORTED', next_actions: ['electron_stop'] });
    await ok(conn, 'electron_stop');
  });

  it('reports a main process that died as APP_EXITED with its signal, then launches again', async () => {
    const launched = await ok(conn, 'electron_launch', { main: (await import('../test-support/apps.js')).testApp('hazards') });
    process.kill(launched.pid as number, 'SIGKILL');
    await waitUntil(() => !alive(launched.pid as number));
    const r = await conn.call('electron_snapshot');
    expect(r).toMatchObject({ ok: false, code: 'APP_EXITED' });
    expect(r.details).toMatchObject({ sessionId: launched.sessionId, signal: 'SIGKILL' });
    const status = await ok(conn, 'electron_status');
    expect(status.sessions).toMatchObject([{ id: launched.sessionId, state: 'exited', exit: { signal: 'SIGKILL' } }]);
    const again = await launchTestApp(conn, 'hazards');
    expect((await ok(conn, 'electron_snapshot', { sessionId: again })).snapshot).toContain('Hazards');
    await ok(conn, 'electron_stop', { sessionId: again });
  });
});
