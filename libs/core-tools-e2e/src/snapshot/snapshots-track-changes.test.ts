// Snapshots are the agent's eyes: refs must act, `since: "last"` must carry only what changed,
// a reload must be announced rather than diffed, and output must stay bounded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, refOf, type Connection, openTestApp, closeTestApp } from '../test-support/mcp.js';

describe('electron_snapshot and surfaces', () => {
  let conn: Connection;

  beforeAll(async () => {
    conn = await openTestApp('hazards');
  });
  afterAll(() => closeTestApp(conn));

  it('returns YAML with refs, the url and the title', async () => {
    const snap = await ok(conn, 'electron_snapshot');
    expect(snap.title).toBe('Hazards');
    expect(snap.url).toMatch(/^file:.*hazards\/index\.html$/);
    expect(snap.snapshot).toMatch(/^- generic \[active\] \[ref=e1\]:/);
    expect(snap).not.toHaveProperty('truncated');
  });

  it('since=last returns only the new line with its ancestors', async () => {
    const { snapshot } = await ok(conn, 'electron_snapshot');
    await ok(conn, 'electron_click', { ref: refOf(snapshot as string, 'button', 'Grow') });
    const diff = await ok(conn, 'electron_snapshot', { since: 'last' });
    expect(diff.diff).toBe(true);
    const lines = (diff.snapshot as string).split('\n');
    // Focus moved to the button too; that is noise for the agent, so no [active] line is shown.
    expect(lines).toContainEqual(expect.stringMatching(/^\+ {5}- listitem \[ref=e\d+\]: grown 1$/));
    expect(diff.snapshot).not.toContain('[active]');
    expect(lines.length).toBeLessThan(10);
    expect(diff.snapshot).not.toContain('heading "Hazards"');
    expect((await ok(conn, 'electron_snapshot', { since: 'last' })).snapshot).toBe('');
  });

  it('since=last diffs by element: one item added under a wrapper that appeared is that item and the wrapper', async () => {
    // Issue 42: the wrapper pushed the list one level deeper and a line diff re-sent all of it.
    await ok(conn, 'electron_snapshot');
    await ok(conn, 'electron_click', { selector: '#add-fruit' });
    const diff = await ok(conn, 'electron_snapshot', { since: 'last' });
    expect(diff.diff).toBe(true);
    expect(String(diff.snapshot).split('\n')).toEqual([
      '  - generic [ref=e1]:',
      expect.stringMatching(/^\+ {3}- generic \[ref=e\d+\]:$/),
      '+     - text: 2 fruits',
      expect.stringMatching(/^ {6}- list \[ref=e\d+\]:$/),
      expect.stringMatching(/^\+ {7}- listitem \[ref=e\d+\]: pears$/),
    ]);
  });

  it('shows switches on and off, a textarea with its line breaks, and an interactive-only view', async () => {
    const { snapshot } = await ok(conn, 'electron_snapshot');
    expect(snapshot).toMatch(/- switch "Wi-Fi" \[checked=false\] \[ref=e\d+\]$/m);
    expect(snapshot).toMatch(/- switch "Dark mode" \[checked\] \[ref=e\d+\]$/m);
    expect(snapshot).toMatch(/- textbox "List" \[ref=e\d+\]: "# Shopping\\n- apples\\n- pears"$/m);
    // A secret field's lines are never put back: it stays masked.
    expect(snapshot).toMatch(/- textbox "Recovery codes" \[ref=e\d+\]: ••••••••$/m);
    expect(snapshot).not.toContain('code-1111');
    await ok(conn, 'electron_click', { selector: '#wifi' });
    expect(await ok(conn, 'electron_get_state', { selector: '#wifi' })).toMatchObject({ checked: true });
    expect(String((await ok(conn, 'electron_snapshot', { since: 'last' })).snapshot)).toMatch(
      /^\+ {3}- switch "Wi-Fi" \[checked\] \[ref=e\d+\]$/m,
    );

    // Only what can be acted on, each at the top level with its own children (a select's options).
    const interactive = String((await ok(conn, 'electron_snapshot', { interactive: true })).snapshot);
    const lines = interactive.split('\n');
    expect(lines.filter((l) => !l.startsWith('  ')).every((l) => /^- (button|textbox|combobox|checkbox|radio|switch) /.test(l))).toBe(true);
    expect(lines).toContain('  - option "Green"');
    expect(interactive).not.toMatch(/heading|paragraph|listitem/);
    expect(interactive.length).toBeLessThan(String(snapshot).length * 0.6);
  });

  it('since=last compares with the last electron_snapshot, not with lookups made by electron_find', async () => {
    const { snapshot } = await ok(conn, 'electron_snapshot');
    await ok(conn, 'electron_click', { ref: refOf(snapshot as string, 'button', 'Grow') });
    // find snapshots the page for itself; that must not move the baseline past the change.
    expect((await ok(conn, 'electron_find', { role: 'button', name: 'Grow' })).total).toBe(1);
    const diff = await ok(conn, 'electron_snapshot', { since: 'last' });
    expect(diff.diff).toBe(true);
    expect(diff.snapshot).toMatch(/listitem \[ref=e\d+\]: grown 2/);
  });

  it('after a reload says so and returns the full snapshot', async () => {
    const { snapshot } = await ok(conn, 'electron_snapshot');
    await ok(conn, 'electron_click', { ref: refOf(snapshot as string, 'button', 'Reload page') });
    await new Promise((r) => setTimeout(r, 500));
    const after = await ok(conn, 'electron_snapshot', { since: 'last' });
    expect(after).toMatchObject({ diff: false, fullReason: 'reloaded' });
    expect(after.snapshot).toContain('heading "Hazards"');
    expect(after.snapshot).not.toContain('grown 1');
  });

  it('roots at a ref, limits depth, truncates with a flag, and rejects unknown refs', async () => {
    const { snapshot } = await ok(conn, 'electron_snapshot');
    const select = refOf(snapshot as string, 'combobox', 'Color');
    const rooted = await ok(conn, 'electron_snapshot', { ref: select });
    expect((rooted.snapshot as string).split('\n')).toEqual([
      expect.stringContaining('combobox "Color"'),
      expect.stringContaining('option "Red"'),
      expect.stringContaining('option "Green"'),
      expect.stringContaining('option "Blue"'),
    ]);
    expect(await ok(conn, 'electron_snapshot', { depth: 1 })).not.toMatchObject({ snapshot: expect.stringContaining('option "Red"') });
    const cut = await ok(conn, 'electron_snapshot', { maxChars: 500 });
    expect(cut.truncated).toBe(true);
    expect((cut.snapshot as string).length).toBeLessThanOrEqual(500);
    const r = await conn.call('electron_snapshot', { ref: 'e9999' });
    expect(r).toMatchObject({ ok: false, code: 'REF_NOT_FOUND' });
  });

  it('lists the frame as a surface, acts inside it, and rejects unknown surfaces', async () => {
    const { surfaces } = await ok(conn, 'electron_surfaces');
    expect(surfaces).toMatchObject([
      { id: 'main', kind: 'page', active: true },
      { id: 'f1', kind: 'frame', active: false },
    ]);
    await ok(conn, 'electron_switch_surface', { surfaceId: 'f1' });
    const inner = await ok(conn, 'electron_snapshot');
    expect(inner.snapshot).toContain('button "Inside frame"');
    expect(inner.snapshot).not.toContain('Hazards');
    await ok(conn, 'electron_click', { selector: 'button' });
    expect((await ok(conn, 'electron_snapshot')).snapshot).toContain('Pressed inside');
    expect(await conn.call('electron_switch_surface', { surfaceId: 'f7' })).toMatchObject({ code: 'SURFACE_NOT_FOUND' });
    await ok(conn, 'electron_switch_surface', { surfaceId: 'main' });
    expect((await ok(conn, 'electron_snapshot')).snapshot).toContain('Hazards');
  });
});
