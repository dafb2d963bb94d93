// An agent recovers from a failed action only if the error says why: each failure mode must carry
// its own code (from structured checks, not Playwright's wording), or the hint sends it astray.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, refOf, type Connection, openTestApp, closeTestApp } from '../test-support/mcp.js';

describe('interaction failures on the hazards app', () => {
  let conn: Connection;

  beforeAll(async () => {
    conn = await openTestApp('hazards');
  });
  afterAll(() => closeTestApp(conn));

  it('AMBIGUOUS_SELECTOR at once when several elements match', async () => {
    const r = await conn.call('electron_click', { selector: '.twin' });
    expect(r).toMatchObject({ ok: false, code: 'AMBIGUOUS_SELECTOR', retryable: false });
    expect(r.details).toMatchObject({ count: 2 });
  });

  it('ELEMENT_NOT_FOUND when nothing matches after the actionability wait', async () => {
    expect(await conn.call('electron_click', { selector: '#does-not-exist' })).toMatchObject({
      code: 'ELEMENT_NOT_FOUND',
      retryable: true,
    });
  });

  it('ELEMENT_NOT_VISIBLE for a display:none element', async () => {
    expect(await conn.call('electron_click', { selector: '#hidden' })).toMatchObject({ code: 'ELEMENT_NOT_VISIBLE' });
  });

  it('ELEMENT_DISABLED for a disabled button', async () => {
    expect(await conn.call('electron_click', { selector: '#off' })).toMatchObject({ code: 'ELEMENT_DISABLED' });
  });

  it('ELEMENT_COVERED names what covers the element', async () => {
    const r = await conn.call('electron_click', { selector: '#under' });
    expect(r.code).toBe('ELEMENT_COVERED');
    expect(r.details?.coveredBy).toMatch(/^div#overlay/);
  });

  it('ELEMENT_NOT_EDITABLE for a plain div and for a read-only input', async () => {
    expect(await conn.call('electron_type', { selector: '#notext', text: 'x' })).toMatchObject({ code: 'ELEMENT_NOT_EDITABLE' });
    expect(await conn.call('electron_clear_input', { selector: '#locked' })).toMatchObject({ code: 'ELEMENT_NOT_EDITABLE' });
  });

  it('ELEMENT_OUTSIDE_WINDOW for a drawer parked below the window, which its state and the snapshot mark', async () => {
    // Issue 42: it was listed as if on screen, its state said visible, and the click answered
    // ACTION_TIMEOUT "may be moving or animating".
    expect(await ok(conn, 'electron_get_state', { selector: '#save-settings' })).toMatchObject({ visible: true, offscreen: true });
    const { snapshot } = await ok(conn, 'electron_snapshot');
    expect(snapshot).toMatch(/^ {2}- button "Save settings" \[offscreen\] \[ref=e\d+\]$/m);
    // Below the fold of a scrollable page is not marked: an action scrolls it in.
    expect(snapshot).toMatch(/^ {2}- paragraph \[ref=e\d+\]: Bottom$/m);
    expect(await conn.call('electron_click', { selector: '#save-settings' })).toMatchObject({
      ok: false,
      code: 'ELEMENT_OUTSIDE_WINDOW',
      retryable: false,
      details: { state: { offscreen: true } },
    });
  });

  it('ACTION_TIMEOUT for an element that never holds still', async () => {
    expect(await conn.call('electron_click', { selector: '#mover' })).toMatchObject({ code: 'ACTION_TIMEOUT', retryable: true });
  });

  it('ELEMENT_DETACHED when a ref leaves the DOM while the action waits', async () => {
    const { snapshot } = await ok(conn, 'electron_snapshot');
    const vanish = refOf(snapshot as string, 'button', 'Vanish');
    await ok(conn, 'electron_click', { ref: refOf(snapshot as string, 'button', 'Arm') });
    expect(await conn.call('electron_click', { ref: vanish })).toMatchObject({ code: 'ELEMENT_DETACHED' });
  });

  it('REF_NOT_FOUND with similar refs for a ref no snapshot gave', async () => {
    const r = await conn.call('electron_click', { ref: 'e9999' });
    expect(r).toMatchObject({ code: 'REF_NOT_FOUND', next_actions: ['electron_snapshot'] });
    expect(r.similar?.length).toBeGreaterThan(0);
  });

  it('OPTION_NOT_FOUND lists the options the select has', async () => {
    const r = await conn.call('electron_select_option', { selector: '#color', values: ['Purple'] });
    expect(r.code).toBe('OPTION_NOT_FOUND');
    expect(r.details?.available).toEqual(['Red', 'Green', 'Blue']);
  });

  it('BAD_ARGUMENT for both ref and selector, unknown keys and bad modifiers', async () => {
    expect(await conn.call('electron_click', { ref: 'e1', selector: 'button' })).toMatchObject({ code: 'BAD_ARGUMENT' });
    expect(await conn.call('electron_key', { key: 'Entr' })).toMatchObject({ code: 'BAD_ARGUMENT' });
    const r = await conn.call('electron_click', { selector: '#count', modifiers: ['Hyper'] });
    expect(r).toMatchObject({ code: 'BAD_ARGUMENT' });
    expect(r.details?.accepted).toContain('Shift');
    expect(await conn.call('electron_uncheck', { selector: '#small' })).toMatchObject({ code: 'BAD_ARGUMENT' });
  });
});
