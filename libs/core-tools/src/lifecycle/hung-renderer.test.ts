// A renderer stuck in a busy loop must not hang the server: calls come back with a code that
// says so within their timeout, and the app can still be stopped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePath } from '@stagewright/fixtures';
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
    const started = Date.now();
    const click = await conn.call('electron_click', { ref: refOf(snapshot as string, 'button', 'Hang renderer') });
    console.log('click', JSON.stringify(click), Date.now() - started);
    const snap = await conn.call('electron_snapshot');
    console.log('snap', JSON.stringify(snap).slice(0, 300), Date.now() - started);
    const wl = await conn.call('electron_windows_list');
    console.log('windows', JSON.stringify(wl).slice(0, 300), Date.now() - started);
    const stop = await conn.call('electron_stop', { timeoutMs: 2000 });
    console.log('stop', JSON.stringify(stop), Date.now() - started);
    expect(stop.ok).toBe(true);
  });
});
