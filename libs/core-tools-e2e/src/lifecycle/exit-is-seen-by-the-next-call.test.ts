// After the app's main process dies, the very next call must say APP_EXITED. The child's exit
// event reaches the server only once its event loop reaps the process, so a call that arrives
// in between used to be answered from the dead app's cached state with ok: true. This test holds
// the event loop while the process dies, so the call lands exactly in that window.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixturePath } from '../test-support/fixtures.js';
import { connect, ok, type Connection } from '../test-support/mcp.js';
import { alive } from '../test-support/processes.js';

/** Spin without yielding until the pid is dead (a zombie counts): no exit event can be delivered meanwhile. */
function blockUntilDead(pid: number, limitMs = 20_000): boolean {
  const end = Date.now() + limitMs;
  while (Date.now() < end) if (!alive(pid)) return true;
  return false;
}

describe('a main-process crash', () => {
  let conn: Connection;

  beforeEach(async () => {
    conn = await connect();
  });
  afterEach(async () => {
    await conn.call('electron_stop', {});
    await conn.close();
  });

  it('is reported by the first call after it, even before the exit event arrives', async () => {
    const launched = await ok(conn, 'electron_launch', { main: fixturePath('troublesome') });
    // Killed from outside, then the event loop is held: the server cannot have seen the exit.
    process.kill(launched.pid as number, 'SIGKILL');
    expect(blockUntilDead(launched.pid as number)).toBe(true);
    const listed = await conn.call('electron_windows');
    expect(listed).toMatchObject({ ok: false, code: 'APP_EXITED', details: { sessionId: launched.sessionId } });
    expect(listed.details).toMatchObject({ signal: 'SIGKILL' });
  });
});
