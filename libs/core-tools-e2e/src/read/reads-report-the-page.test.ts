// Reads are how an agent checks what the app shows before and after acting: each must report
// the page's real text, value and state, and say clearly when its target is missing or ambiguous.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refOf } from '../test-support/mcp.js';
import { openSignals, type SignalsApp } from '../test-support/signals.js';

describe('read tools on the signals app', () => {
  let app: SignalsApp;
  let snapshot: string;

  beforeAll(async () => {
    app = await openSignals();
    snapshot = (await app.ok('electron_snapshot')).snapshot as string;
  });
  afterAll(async () => app?.close());

  it('reads visible text by ref and by selector, cutting long text with a flag', async () => {
    expect((await app.ok('electron_get_text', { ref: refOf(snapshot, 'button', 'Save') })).text).toBe('Save');
    expect((await app.ok('electron_get_text', { selector: '#status' })).text).toBe('Idle');
    const long = await app.ok('electron_get_text', { selector: '#long' });
    expect((long.text as string).length).toBe(4000);
    expect(long.truncated).toBe(true);
  });

  it('reads values of inputs, textareas, multiple selects and contenteditables, and refuses other elements', async () => {
    await app.ok('electron_type', { selector: '#email', text: 'ada@example.com' });
    expect((await app.ok('electron_get_value', { selector: '#email' })).value).toBe('ada@example.com');
    expect((await app.ok('electron_get_value', { selector: '#notes' })).value).toBe('first line');
    expect((await app.ok('electron_get_value', { selector: '#colors' })).value).toEqual(['red', 'blue']);
    expect((await app.ok('electron_get_value', { selector: '#editable' })).value).toBe('edit me');
    const refused = await app.call('electron_get_value', { selector: '#status' });
    expect(refused.code).toBe('ELEMENT_HAS_NO_VALUE');
  });

  it('reads state flags in one call, and they follow the app', async () => {
    const submit = await app.ok('electron_get_state', { selector: '#submit' });
    expect(submit).toMatchObject({ visible: true, enabled: false, editable: false, focused: false });
    await app.ok('electron_check', { selector: '#agree' });
    expect(await app.ok('electron_get_state', { selector: '#agree' })).toMatchObject({ checked: true, enabled: true });
    expect((await app.ok('electron_get_state', { selector: '#submit' })).enabled).toBe(true);
    expect((await app.ok('electron_get_state', { selector: '#menu' })).expanded).toBe(false);
    expect((await app.ok('electron_get_state', { selector: '#panel' })).visible).toBe(false);
    expect((await app.ok('electron_get_state', { selector: '#email' })).editable).toBe(true);
  });

  it('reports presence and absence without an error, with the match count', async () => {
    expect(await app.ok('electron_exists', { selector: '#list li' })).toMatchObject({ exists: true, count: 3 });
    expect(await app.ok('electron_exists', { selector: '#nothing-here' })).toMatchObject({ exists: false, count: 0 });
  });

  it('reads an attribute, a bounding box and computed styles', async () => {
    expect(await app.ok('electron_get_attribute', { selector: '#docs', name: 'href' })).toMatchObject({
      value: 'https://example.invalid/docs',
    });
    expect(await app.ok('electron_get_attribute', { selector: '#docs', name: 'data-missing' })).toMatchObject({ value: null });
    const box = await app.ok('electron_get_bbox', { selector: '#panel' });
    expect(box.box).toBeNull();
    const saveBox = await app.ok('electron_get_bbox', { selector: '#save' });
    expect(saveBox.width as number).toBeGreaterThan(10);
    expect(saveBox.height as number).toBeGreaterThan(5);
    const styles = await app.ok('electron_get_computed_style', { selector: '#panel', properties: ['display', 'backgroundColor'] });
    expect(styles.styles).toEqual({ display: 'none', backgroundColor: 'rgb(204, 221, 238)' });
    const bad = await app.call('electron_get_computed_style', { selector: '#panel', properties: ['a b'] });
    expect(bad.code).toBe('BAD_ARGUMENT');
  });

  it('names the focused element as ref, role and name, and keeps earlier refs usable', async () => {
    await app.ok('electron_click', { selector: '#email' });
    const { focused } = await app.ok('electron_focused_element');
    expect(focused).toMatchObject({ role: 'textbox', name: 'Email', tag: 'input' });
    expect((focused as { ref: string }).ref).toBe(refOf(snapshot, 'textbox', 'Email'));
    // Describing one element must not narrow the refs the agent already holds.
    expect((await app.ok('electron_get_text', { ref: refOf(snapshot, 'button', 'Save') })).text).toBe('Save');
    await app.ok('electron_click', { selector: 'h1' });
    expect((await app.ok('electron_focused_element')).focused).toBeNull();
  });

  it('lists every match of a selector as ref, role and name, with a limit', async () => {
    const listed = await app.ok('electron_elements', { selector: '#list li' });
    expect(listed.count).toBe(3);
    expect((listed.elements as { role: string; tag: string; ref: string | null }[]).map((e) => [e.role, e.tag, typeof e.ref])).toEqual([
      ['listitem', 'li', 'string'],
      ['listitem', 'li', 'string'],
      ['listitem', 'li', 'string'],
    ]);
    const limited = await app.ok('electron_elements', { selector: 'button', limit: 2 });
    expect((limited.elements as unknown[]).length).toBe(2);
    expect(limited.truncated).toBe(true);
    expect((await app.ok('electron_get_text', { ref: refOf(snapshot, 'button', 'Alert') })).text).toBe('Alert');
  });

  it('says which element is missing or ambiguous instead of guessing', async () => {
    expect((await app.call('electron_get_text', { selector: '#nothing-here' })).code).toBe('ELEMENT_NOT_FOUND');
    const twin = await app.call('electron_get_text', { selector: '#list li' });
    expect(twin.code).toBe('AMBIGUOUS_SELECTOR');
    expect(twin.details).toMatchObject({ count: 3 });
    expect((await app.call('electron_get_text', { ref: 'e99999' })).code).toBe('REF_NOT_FOUND');
    expect((await app.call('electron_get_state', {})).code).toBe('BAD_ARGUMENT');
  });
});
