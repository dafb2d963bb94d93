// Typing key by key takes time the agent chose (delayMs × characters). A call that cannot finish
// must be refused before the first key, and one that can must not be cut off by the 5 s
// actionability timeout and then blamed on the element (it used to type part, then ACTION_TIMEOUT).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePath } from '../test-support/fixtures.js';
import { connect, ok, type Connection } from '../test-support/mcp.js';

describe('electron_keyboard_type', () => {
  let conn: Connection;
  beforeAll(async () => {
    conn = await connect();
    await ok(conn, 'electron_launch', { main: fixturePath('bench') });
  });
  afterAll(async () => {
    await conn.call('electron_stop', {});
    await conn.close();
  });

  it('types all of a text whose delays outlast the actionability timeout, and says how much it typed', async () => {
    const text = 'slow typing is still typing '.repeat(3).slice(0, 70);
    await ok(conn, 'electron_clear_input', { selector: '#name' });
    expect(await conn.call('electron_keyboard_type', { selector: '#name', text, delayMs: 90 })).toMatchObject({
      ok: true,
      typed: text.length,
    });
    expect(await ok(conn, 'electron_get_value', { selector: '#name' })).toMatchObject({ value: text });
  });

  it('refuses, before the first key, a text whose delays alone exceed the budget of one call', async () => {
    await ok(conn, 'electron_type', { selector: '#name', text: 'unchanged' });
    const refused = await conn.call('electron_keyboard_type', { selector: '#name', text: 'x'.repeat(2_000), delayMs: 100 });
    expect(refused).toMatchObject({ ok: false, code: 'BAD_ARGUMENT', details: { param: 'text' } });
    expect(refused.error).toMatch(/2000 characters at delayMs 100 take 200 s of delays alone, over the 60 s typing budget of one call/);
    expect(await ok(conn, 'electron_get_value', { selector: '#name' })).toMatchObject({ value: 'unchanged' });
  });
});
