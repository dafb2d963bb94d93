// Real apps crash and reload under automation. The agent must be told what happened (exit
// signal, reload) at the next call, and must be able to carry on with a fresh launch.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixturePath } from '../test-support/fixtures.js';
import { connect, ok, refOf, type Connection } from '../test-support/mcp.js';
import { alive, waitUntil } from '../test-support/processes.js';

describe('the troublesome fixture', () => {
  let conn: Connection;

  beforeEach(async () => {
    conn = await connect();
  });
  afterEach(async () => {
    await conn.call('electron_stop', {});
    await conn?.close();
  });

  it('a renderer reload is announced by since=last, and refs work again after a new snapshot', async () => {
    await ok(conn, 'electron_launch', { main: fixturePath('troublesome') });
    const { snapshot } = await ok(conn, 'electron_snapshot');
    expect(snapshot).toContain('Page loads: 1');
    await ok(conn, 'electron_click', { ref: refOf(snapshot as string, 'button', 'Reload renderer') });
    await waitUntil(async () => ((await ok(conn, 'electron_snapshot')).snapshot as string).includes('Page loads: 2'));
    // The waitUntil polls took snapshots; take one before the reload again to test the reason.
    const before = await ok(conn, 'electron_snapshot');
    await ok(conn, 'electron_click', { ref: refOf(before.snapshot as string, 'button', 'Reload renderer') });
    await waitUntil(async () => {
      const r = await conn.call('electron_find', { text: 'Page loads: 3' });
      return r.ok && r.total === 1;
    });
    const after = await ok(conn, 'electron_snapshot', { since: 'last' });
    expect(after).toMatchObject({ diff: false, fullReason: 'reloaded' });
    expect(after.snapshot).toContain('Page loads: 3');
  });

  it('a main-process crash gives APP_EXITED with its signal, and a new launch works', async () => {
    const launched = await ok(conn, 'electron_launch', { main: fixturePath('troublesome') });
    const { snapshot } = await ok(conn, 'electron_snapshot');
    await conn.call('electron_click', { ref: refOf(snapshot as string, 'button', 'Crash main process') });
    expect(await waitUntil(() => !alive(launched.pid as number))).toBe(true);
    const r = await conn.call('electron_snapshot');
    // The fixture's process.crash() is a SIGKILL on the stand-in: no exit code, that signal.
    expect(r).toMatchObject({ ok: false, code: 'APP_EXITED', details: { sessionId: launched.sessionId, signal: 'SIGKILL' } });
    expect(r.details?.exitCode ?? null).toBeNull();
    const again = await ok(conn, 'electron_launch', { main: fixturePath('troublesome') });
    expect(again.sessionId).not.toBe(launched.sessionId);
    expect((await ok(conn, 'electron_snapshot', { sessionId: again.sessionId as string })).snapshot).toContain('Page loads: 1');
  });

  it('a renderer crash is reported as a notice and the app can be stopped', async () => {
    await ok(conn, 'electron_launch', { main: fixturePath('troublesome') });
    const { snapshot } = await ok(conn, 'electron_snapshot');
    const clicked = await ok(conn, 'electron_click', { ref: refOf(snapshot as string, 'button', 'Crash renderer') });
    const notices = [...(clicked.notices ?? [])];
    await waitUntil(async () => {
      notices.push(...((await ok(conn, 'electron_status')).notices ?? []));
      return notices.length > 0;
    });
    expect(notices).toEqual([expect.stringMatching(/^Renderer of window w1 crashed/)]);
    expect(await ok(conn, 'electron_stop')).toMatchObject({ sessionId: expect.any(String) });
  });

  it('after a renderer crash, page tools say RENDERER_CRASHED, never INTERNAL_ERROR or BAD_ARGUMENT', async () => {
    await ok(conn, 'electron_launch', { main: fixturePath('troublesome') });
    const { snapshot } = await ok(conn, 'electron_snapshot');
    const reload = refOf(snapshot as string, 'button', 'Reload renderer');
    await ok(conn, 'electron_click', { ref: refOf(snapshot as string, 'button', 'Crash renderer') });
    await waitUntil(async () => (await conn.call('electron_snapshot')).code === 'RENDERER_CRASHED');
    const snap = await conn.call('electron_snapshot');
    expect(snap).toMatchObject({
      ok: false,
      code: 'RENDERER_CRASHED',
      retryable: false,
      details: { window: 'w1', crashed: true },
      next_actions: ['electron_windows', 'electron_stop'],
    });
    expect(await conn.call('electron_click', { ref: reload })).toMatchObject({ ok: false, code: 'RENDERER_CRASHED' });
    expect(await conn.call('electron_get_text', { selector: 'h1' })).toMatchObject({ ok: false, code: 'RENDERER_CRASHED' });
    expect(await ok(conn, 'electron_windows')).toMatchObject({ windows: [{ id: 'w1' }] });
  });

  it('an app killed during electron_wait_for_event answers APP_EXITED with its signal', async () => {
    const launched = await ok(conn, 'electron_launch', { main: fixturePath('troublesome') });
    const waiting = conn.call('electron_wait_for_event', { eventName: 'never-fired', timeoutMs: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    process.kill(launched.pid as number, 'SIGKILL');
    expect(await waiting).toMatchObject({ ok: false, code: 'APP_EXITED', details: { signal: 'SIGKILL' } });
  });
});
