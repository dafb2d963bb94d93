// An agent builds its picture of a page from several answers: a depth-limited snapshot, the full
// one, electron_find, electron_elements, electron_windows. When they disagree (a row
// that describes the wrapper's child, an element with two names, a diff that forgets its
// baseline, two titles for one window), the agent acts on the wrong element or re-reads the page.
// Issue 29 items 4–7, on an app written like Electron's API demo gallery.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePath } from '../test-support/fixtures.js';
import { type Connection, connect, ok } from '../test-support/mcp.js';

interface Row {
  ref: string | null;
  role?: string;
  name?: string;
  tag: string;
  selector?: string;
  id?: string;
  class?: string;
  text?: string;
  hidden?: boolean;
}

interface Match {
  ref: string;
  role: string;
  name?: string;
}

const TREEITEM_NAME = 'Hashes md5, sha1, sha256';

describe('answers about one page agree on each element', () => {
  let conn: Connection;

  beforeAll(async () => {
    conn = await connect();
    await ok(conn, 'electron_launch', { main: fixturePath('toolbox') });
  });
  afterAll(async () => {
    await conn?.call('electron_stop', {});
    await conn?.close();
  });

  it('the snapshot names the window as the app titled it, like electron_windows', async () => {
    const [win] = (await ok(conn, 'electron_windows')).windows as { title: string }[];
    expect(win.title).toBe('Toolbox Demos');
    expect(await ok(conn, 'electron_snapshot', { depth: 1 })).toMatchObject({ title: 'Toolbox Demos' });
  });

  it('an element has one name: depth-limited snapshot, find and elements_list agree', async () => {
    const limited = String((await ok(conn, 'electron_snapshot', { depth: 3 })).snapshot);
    const ref = new RegExp(`treeitem "${TREEITEM_NAME}" \\[ref=(e\\d+)\\]`).exec(limited)?.[1];
    expect(ref, limited).toBeDefined();

    // The full snapshot writes the name its children spell on the line too (issue 42): the same
    // name a role selector matches, so a count by that name finds the element.
    const full = String((await ok(conn, 'electron_snapshot')).snapshot);
    expect(full).toContain(`treeitem "${TREEITEM_NAME}" [ref=${ref}]:`);
    expect(await ok(conn, 'electron_expect_count', { selector: `role=treeitem[name="${TREEITEM_NAME}"s]`, equals: 1 })).toMatchObject({
      count: 1,
    });

    const byName = await ok(conn, 'electron_find', { name: TREEITEM_NAME });
    expect(byName).toMatchObject({ total: 1, matches: [{ ref, role: 'treeitem', name: TREEITEM_NAME }] });
    expect(await ok(conn, 'electron_find', { role: 'treeitem', name: 'hashes' })).toMatchObject({
      total: 1,
      matches: [{ ref, name: TREEITEM_NAME }],
    });
    // The link that shows the text is the closer match; the treeitem around it is not repeated.
    const roles = ((await ok(conn, 'electron_find', { name: 'Hashes' })).matches as Match[]).map((m) => m.role);
    expect(roles).toEqual(['link', 'heading']);

    const rows = (await ok(conn, 'electron_elements', { selector: '[role=treeitem]' })).elements as Row[];
    expect(rows[0]).toMatchObject({ ref, role: 'treeitem', name: TREEITEM_NAME, tag: 'li' });
  });

  it('each elements_list row describes its own element; one without a ref has a unique selector', async () => {
    const listed = await ok(conn, 'electron_elements', { selector: 'body *', limit: 50 });
    const rows = listed.elements as Row[];
    expect(rows.length).toBe(listed.count);

    const refs = rows.flatMap((r) => (r.ref ? [r.ref] : []));
    expect(new Set(refs).size).toBe(refs.length);
    for (const row of rows.filter((r) => r.role === 'heading')) expect(row.tag).toMatch(/^h[1-6]$/);
    const wrappers = rows.filter((r) => r.class === 'demo-wrapper' || r.class === 'demo-header');
    expect(wrappers.length).toBe(6);
    for (const wrapper of wrappers) expect(wrapper).toMatchObject({ ref: null, tag: 'div' });
    expect(wrappers.map((w) => w.text)).toEqual(['MD5', 'MD5', 'SHA-1', 'SHA-1', 'SHA-256', 'SHA-256']);

    const runs = rows.filter((r) => r.tag === 'button' && r.ref === null);
    expect(runs).toHaveLength(3);
    for (const run of runs) expect(run).toMatchObject({ class: 'demo-button', text: 'Run', hidden: true });

    const refless = rows.filter((r) => r.ref === null);
    const selectors = refless.map((r) => r.selector);
    expect(selectors.every(Boolean)).toBe(true);
    expect(new Set(selectors).size).toBe(selectors.length);
    for (const row of refless) {
      const again = await ok(conn, 'electron_elements', { selector: row.selector! });
      expect({ selector: row.selector, count: again.count, tag: (again.elements as Row[])[0]?.tag }).toEqual({
        selector: row.selector,
        count: 1,
        tag: row.tag,
      });
    }
  });

  it('since "last" diffs against the last whole-page snapshot after scoped snapshots, find and elements_list', async () => {
    await ok(conn, 'electron_snapshot');
    await ok(conn, 'electron_snapshot', { depth: 3 });
    await ok(conn, 'electron_find', { role: 'button' });
    await ok(conn, 'electron_elements', { selector: '.demo' });
    await ok(conn, 'electron_click', { selector: '.demo[data-algorithm=sha1] .demo-open' });
    await ok(conn, 'electron_expect_visible', { selector: '.demo[data-algorithm=sha1] .demo-button' });

    const changes = await ok(conn, 'electron_snapshot', { since: 'last' });
    expect(changes).toMatchObject({ diff: true });
    expect(changes).not.toHaveProperty('fullReason');
    expect(String(changes.baseline)).toMatch(/whole page/);
    const text = String(changes.snapshot);
    expect(text).toMatch(/^\+.*button "Run"/m);
    expect(text).not.toContain('navigation "Sections"');

    // A depth-limited read keeps its own baseline.
    const limited = await ok(conn, 'electron_snapshot', { depth: 3, since: 'last' });
    expect(limited).toMatchObject({ diff: true });
    expect(String(limited.baseline)).toMatch(/depth 3/);
  });
});
