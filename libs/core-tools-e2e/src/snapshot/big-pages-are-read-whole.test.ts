// On a page far larger than one snapshot window, an agent must still get true answers: find
// searches the whole page (never a silent "not found"), a cut snapshot says what it left out and
// where to root the next one, and the window is spent on what an agent acts on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bigPageArgs } from '@stagewright/fixtures/big-page';
import { electronExecutable } from '@stagewright/fake-electron';
import { createStagewrightServer } from '@stagewright/mcp-server';
import { fixturePath } from '../test-support/fixtures.js';
import { type Connection, connect, ok } from '../test-support/mcp.js';

interface Match {
  ref: string;
  role: string;
  name?: string;
}

/** The ref of the outline entry `role "name"`. */
function outlineRef(outline: string, role: string, name: string): string {
  const ref = new RegExp(`${role} "${name}" \\[ref=(e\\d+)\\]`).exec(outline)?.[1];
  if (!ref) throw new Error(`no ${role} "${name}" in outline:\n${outline}`);
  return ref;
}

describe('a page of 2000 interactive elements', () => {
  let conn: Connection;

  beforeAll(async () => {
    conn = await connect();
    await ok(conn, 'electron_launch', { main: fixturePath('big-page'), args: bigPageArgs(2000) });
  });
  afterAll(async () => {
    await conn?.call('electron_stop', {});
    await conn?.close();
  });

  it('electron_find finds an element far past the first window, and its ref acts', async () => {
    const found = await ok(conn, 'electron_find', { name: 'Details 1100' });
    expect(found).toMatchObject({ total: 1, matches: [{ role: 'button', name: 'Details 1100' }] });
    expect(found).not.toHaveProperty('partial');
    expect(await ok(conn, 'electron_find', { role: 'link', name: 'Order 500' })).toMatchObject({ total: 1 });
    await ok(conn, 'electron_click', { ref: (found.matches as Match[])[0].ref });
    expect(await ok(conn, 'electron_get_text', { selector: '#status' })).toMatchObject({ text: 'Opened details of item 1100' });
  });

  it('a cut snapshot says how much it left out and outlines the regions to root the next one at', async () => {
    const snap = await ok(conn, 'electron_snapshot');
    expect(snap.truncated).toBe(true);
    const omitted = snap.omitted as { lines: number; chars: number };
    expect(omitted.lines).toBeGreaterThan(4_000);
    expect(omitted.chars).toBeGreaterThan(100_000);
    expect(String(snap.note)).toMatch(/electron_find/);
    const outline = String(snap.outline);
    expect(outline).toMatch(/^- banner \[ref=e\d+\] \d+ chars$/m);
    expect(outline).toMatch(/^- main \[ref=e\d+\] \d+ chars, (cut|not shown)$/m);
    expect(outline.length).toBeLessThan(2_000);

    const items = await ok(conn, 'electron_snapshot', { ref: outlineRef(outline, 'region', 'Items'), depth: 1 });
    const list = /list "Items 1051 to 1100" \[ref=(e\d+)\]/.exec(String(items.snapshot))?.[1];
    expect(list).toBeDefined();
    const rooted = await ok(conn, 'electron_snapshot', { ref: list });
    expect(rooted).not.toHaveProperty('truncated');
    // The first test clicked it, so it may carry focus ([active]).
    expect(rooted.snapshot).toMatch(/button "Details 1100" (\[active\] )?\[ref=e\d+\]/);
  });

  it('reaches a button deep in the page in three calls: cut snapshot, the list its outline names, click', async () => {
    // Call 1: the window shows the header and sidebar; the outline names every item list by ref.
    const snap = await ok(conn, 'electron_snapshot');
    const outline = String(snap.outline);
    expect(String(snap.snapshot)).not.toContain('Details 1000');
    // Window and outline together stay within maxChars (default 30,000).
    expect(String(snap.snapshot).length + outline.length).toBeLessThanOrEqual(30_000);
    const list = /\b(e\d+)(?: list)? "Items 951 to 1000"/.exec(outline)?.[1];
    if (!list) throw new Error(`the outline does not name the list of item 1000:\n${outline}`);
    // Call 2: the snapshot rooted at that list shows the button.
    const rooted = await ok(conn, 'electron_snapshot', { ref: list });
    const button = /button "Details 1000" (?:\[active\] )?\[ref=(e\d+)\]/.exec(String(rooted.snapshot))?.[1];
    expect(button).toBeDefined();
    // Call 3: act on it.
    await ok(conn, 'electron_click', { ref: button });
    expect(await ok(conn, 'electron_get_text', { selector: '#status' })).toMatchObject({ text: 'Opened details of item 1000' });
  });

  it('spends the window on what an agent acts on, and estimates tokens above characters/4', async () => {
    const snap = await ok(conn, 'electron_snapshot');
    const text = String(snap.snapshot);
    expect(text).toMatch(/- link "Page 1" \[ref=e\d+\]$/m);
    expect(text).not.toContain('/url: "#');
    expect(text).not.toMatch(/(link|button|treeitem) [^\n]*\[cursor=pointer\]/);
    expect(text).not.toContain('[aria-hidden]');
    // How close the estimate is to real BPE is pinned by benchmarks/bench token-estimate-is-honest
    // (gpt-tokenizer is a benchmark dependency); here: it counts more than characters/4 did.
    expect(snap._meta.estimated_tokens).toBeGreaterThan(JSON.stringify(snap).length / 4);

    await ok(conn, 'electron_click', { selector: '#new-item' });
    const diff = await ok(conn, 'electron_snapshot', { since: 'last' });
    expect(diff).toMatchObject({ diff: true, snapshot: expect.stringContaining('New item created') });
    expect(diff).not.toHaveProperty('url');
    expect(diff).not.toHaveProperty('title');
  });
});

// A read that outlasts its bound on a page that answers is a big page, not a hung one: the agent
// is told to wait and read again (or read less), never to stop an app that is only busy.
describe('a whole-page read that outlasts its bound', () => {
  let conn: Connection;

  beforeAll(async () => {
    conn = await connect({
      create: (options) =>
        createStagewrightServer({ ...options, driverOptions: { fallbackExecutablePath: electronExecutable(), snapshotReadMs: 50 } }),
    });
    await ok(conn, 'electron_launch', { main: fixturePath('big-page'), args: bigPageArgs(2000) });
    await ok(conn, 'electron_expect_text', { selector: '#status', contains: 'Showing', timeoutMs: 30_000 });
  });
  afterAll(async () => {
    await conn?.call('electron_stop', {});
    await conn?.close();
  });

  it('says the page is big, not hung, and that a later read or a smaller one will answer', async () => {
    for (const call of [() => conn.call('electron_snapshot'), () => conn.call('electron_find', { name: 'Details 1100' })]) {
      const failed = await call();
      expect(failed).toMatchObject({ ok: false, code: 'PAGE_READ_SLOW', retryable: true, details: { readMs: 50 } });
      expect(String(failed.error)).toMatch(/big, not hung/);
      expect(failed.next_actions).toEqual(['electron_snapshot', 'electron_get_text']);
      expect(String(failed.hint)).toMatch(/call electron_snapshot again/i);
    }
    // The page answers: what the hint offers works, and the app was not given up.
    expect(await ok(conn, 'electron_get_text', { selector: '#status' })).toMatchObject({ text: expect.stringContaining('Showing') });
  });
});
