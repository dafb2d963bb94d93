// The core loop of every agent: read refs from a snapshot, act on them, see the effect. Each
// interaction tool is checked by what the app shows afterwards, not by the call returning.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, launchTestApp, ok, refOf, type Connection } from '../test-support/mcp.js';

async function logText(conn: Connection): Promise<string> {
  const found = await ok(conn, 'electron_find', { role: 'paragraph', text: 'log:' });
  return ((found.matches as { text?: string }[])[0]?.text ?? '') as string;
}

describe('interaction tools change what the app shows', () => {
  let conn: Connection;
  let snapshot: string;

  beforeAll(async () => {
    conn = await connect();
    const launched = await launchTestApp(conn, 'hazards');
    expect(launched).toMatch(/^s\d+$/);
    snapshot = (await ok(conn, 'electron_snapshot')).snapshot as string;
  });
  afterAll(async () => {
    await conn?.call('electron_stop', {});
    await conn?.close();
  });

  it('finds elements by role and name with their refs and state', async () => {
    const found = await ok(conn, 'electron_find', { role: 'button', name: 'disabled' });
    expect(found.matches).toEqual([
      { ref: refOf(snapshot, 'button', 'Disabled'), role: 'button', name: 'Disabled', states: { disabled: 'true' } },
    ]);
    expect((await ok(conn, 'electron_find', { text: 'Twin' })).total).toBe(2);
  });

  it('clicks by ref and double-clicks', async () => {
    const ref = refOf(snapshot, 'button', 'Clicked 0');
    await ok(conn, 'electron_click', { ref });
    await ok(conn, 'electron_click', { ref, clickCount: 2 });
    const after = (await ok(conn, 'electron_snapshot')).snapshot as string;
    expect(after).toContain('button "Clicked 3"');
  });

  it('types, presses Enter and clears a field', async () => {
    const name = refOf(snapshot, 'textbox', 'Name');
    await ok(conn, 'electron_type', { ref: name, text: 'Ada' });
    await ok(conn, 'electron_key', { ref: name, key: 'Enter' });
    expect(await logText(conn)).toContain('enter:Ada');
    await ok(conn, 'electron_clear_input', { ref: name });
    await ok(conn, 'electron_keyboard_type', { ref: name, text: 'Bo' });
    await ok(conn, 'electron_press_sequence', { ref: name, keys: ['End', 'b', 'Enter'] });
    expect(await logText(conn)).toContain('enter:Bob');
  });

  it('selects an option by label and reports the value', async () => {
    const r = await ok(conn, 'electron_select_option', { ref: refOf(snapshot, 'combobox', 'Color'), values: ['Green'] });
    expect(r.selected).toEqual(['g']);
    expect(await logText(conn)).toContain('color:g');
  });

  it('checks and unchecks a checkbox and checks a radio', async () => {
    const agree = refOf(snapshot, 'checkbox', 'Agree');
    expect(await ok(conn, 'electron_check', { ref: agree })).toMatchObject({ checked: true });
    expect((await ok(conn, 'electron_snapshot')).snapshot).toMatch(/checkbox "Agree" \[checked\]/);
    await ok(conn, 'electron_uncheck', { ref: agree });
    await ok(conn, 'electron_check', { ref: refOf(snapshot, 'radio', 'Large') });
    const after = (await ok(conn, 'electron_snapshot')).snapshot as string;
    expect(after).not.toMatch(/checkbox "Agree" \[checked\]/);
    expect(after).toMatch(/radio "Large" \[checked\]/);
  });

  it('scrolls the page and an element, and scrolls an element into view', async () => {
    const page = await ok(conn, 'electron_scroll', { dy: 500 });
    expect(page.y).toBeGreaterThan(0);
    const inner = await ok(conn, 'electron_scroll', { selector: '#scroller', dy: 100 });
    expect(inner).toMatchObject({ y: 100 });
    await ok(conn, 'electron_scroll', { dy: -5000 });
    await ok(conn, 'electron_scroll_into_view', { selector: '#bottom' });
    const state = await ok(conn, 'electron_scroll', { dy: 1 });
    expect(state.y).toBeGreaterThan(1000);
  });

  it('hovers, sets files on a file input and drops files on a drop zone', async () => {
    await ok(conn, 'electron_hover', { selector: '#count' });
    const dir = mkdtempSync(join(tmpdir(), 'sw-files-'));
    const file = join(dir, 'notes.txt');
    writeFileSync(file, 'hello');
    await ok(conn, 'electron_set_files', { selector: '#upload', paths: [file] });
    expect(await logText(conn)).toContain('files:notes.txt');
    await ok(conn, 'electron_drop_file', { selector: '#drop', paths: [file] });
    expect(await logText(conn)).toContain('dropped:notes.txt/5');
  });

  it('drags onto a target and replaces the text of a contenteditable editor', async () => {
    await ok(conn, 'electron_drag', { selector: '#src', targetSelector: '#bin' });
    expect(await logText(conn)).toContain('binned');
    const editor = refOf(snapshot, 'textbox', 'Editor');
    await ok(conn, 'electron_type_into_editor', { ref: editor, text: 'line one', replace: true });
    const mirror = await ok(conn, 'electron_find', { role: 'paragraph', text: 'mirror:' });
    expect((mirror.matches as { text?: string }[])[0].text).toBe('mirror:line one');
  });
});
