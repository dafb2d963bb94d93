// A renderer stuck in a busy loop must not hang the server: calls come back with a code that
// says so within bounded time, and the app can still be stopped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePath } from '../test-support/fixtures.js';
import { connect, ok, refOf, type Connection } from '../test-support/mcp.js';

describe('a hung renderer', () => {
  let conn: Connection;

  beforeAll(async () => {
    conn = await connect();
    await ok(conn, 'electron_launch', { main: fixturePath('troublesome') });
  });
  afterAll(async () => {
    await conn?.close();
  });

  it('answers with RENDERER_UNRESPONSIVE, and electron_stop still ends the app', async () => {
    const { snapshot } = await ok(conn, 'electron_snapshot');
    const click = await conn.call('electron_click', { ref: refOf(snapshot as string, 'button', 'Hang renderer') });
    expect(click).toMatchObject({ ok: false, code: 'RENDERER_UNRESPONSIVE', next_actions: ['electron_stop'] });
    expect(await conn.call('electron_snapshot')).toMatchObject({ ok: false, code: 'RENDERER_UNRESPONSIVE' });
    expect(await conn.call('electron_click', { selector: '#log' })).toMatchObject({ ok: false, code: 'RENDERER_UNRESPONSIVE' });
    // Listing still answers (the title comes from the main process, which is not hung), so the agent can see what it has.
    expect(await ok(conn, 'electron_windows')).toMatchObject({ windows: [{ id: 'w1', title: 'Troublesome' }] });
    expect(await ok(conn, 'electron_stop', { timeoutMs: 2000 })).toMatchObject({ sessionId: 's1' });
  }, 60_000);
});
