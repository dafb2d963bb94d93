// Answers that cost an agent an extra turn: finding text that sits inline in a container, an
// empty snapshot with no reason, whitespace echoed as the actual text, a numeric ref without the
// ref format, "actual false" where nothing matched, and diffs full of focus moves.
//
// One notes app serves the whole file (a launch costs more than all these calls): each test
// leaves the app as the next one expects it (the first window selected, nothing typed, #load-more
// clicked once, by the diff test).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePath } from '../test-support/fixtures.js';
import { type Connection, closeTestApp, connect, ok } from '../test-support/mcp.js';
import { waitUntil } from '../test-support/processes.js';

let app: Connection;

beforeAll(async () => {
  app = await connect();
  await ok(app, 'electron_launch', { main: fixturePath('notes') });
});
afterAll(() => closeTestApp(app));

describe('answers on a typical app', () => {
  it('electron_find matches text that sits directly inside a container', async () => {
    const found = await app.call('electron_find', { text: 'using Node.js' });
    expect(found).toMatchObject({ ok: true, total: 1 });
    expect((found.matches as { role: string; text?: string }[])[0]).toMatchObject({ role: 'paragraph' });
    expect((found.matches as { text?: string }[])[0].text).toContain('We are using Node.js');
  });

  it('an empty snapshot says that the content is hidden; an expect shows collapsed whitespace', async () => {
    const status = await app.call('electron_expect_text', { selector: '#sync-status', equals: 'Synced', timeoutMs: 300 });
    expect(status).toMatchObject({ ok: false, code: 'EXPECTATION_FAILED', details: { actual: '' } });
    expect(String(status.error)).toContain('actual "" (no text)');

    await app.call('electron_click', { selector: '#preferences' });
    expect(await waitUntil(async () => ((await app.call('electron_windows')).windows as unknown[]).length === 2)).toBe(true);
    await app.call('electron_switch_window', { index: 1 });
    const snap = await app.call('electron_snapshot');
    expect(snap).toMatchObject({ ok: true, snapshot: '' });
    expect(String(snap.note)).toMatch(/all content is hidden/i);
    await ok(app, 'electron_switch_window', { index: 0 });
  });

  it('a numeric ref is told the ref format; expect_visible with no match says so', async () => {
    const numeric = await app.call('electron_click', { ref: 4 });
    expect(numeric).toMatchObject({ ok: false, code: 'BAD_ARGUMENT' });
    expect(String(numeric.error)).toContain('"e4"');
    const missing = await app.call('electron_expect_visible', { selector: '#no-such-panel', timeoutMs: 300 });
    expect(missing).toMatchObject({ ok: false, code: 'EXPECTATION_FAILED' });
    expect(String(missing.error)).toContain('no element matches');
  });

  it('snapshot diffs keep what changed and drop focus moving', async () => {
    await app.call('electron_snapshot');
    await app.call('electron_click', { selector: '#editor' });
    // Focus really moved (an unchanged page would give an empty diff too) ...
    expect(await app.call('electron_expect_state', { selector: '#editor', state: ['focused'] })).toMatchObject({ ok: true });
    // ... and a diff where only focus moved has nothing to say.
    const focusOnly = await app.call('electron_snapshot', { since: 'last' });
    expect(focusOnly).toMatchObject({ ok: true, diff: true, snapshot: '' });
    await app.call('electron_click', { selector: '#load-more' });
    await app.call('electron_expect_text', { selector: '#items li', equals: 'Loaded item 1' });
    const changed = String((await app.call('electron_snapshot', { since: 'last' })).snapshot);
    expect(changed).toContain('Loaded item 1');
    expect(changed).not.toContain('[active]');
  });
});

describe('electron_type_into_editor', () => {
  it('types into an editable surface and refuses a plain element with electron_type codes', async () => {
    const refused = await app.call('electron_type_into_editor', { selector: '#preview', text: 'Hello' });
    expect(refused).toMatchObject({ ok: false, code: 'ELEMENT_NOT_EDITABLE' });
    expect((await app.call('electron_get_text', { selector: '#preview' })).text).toBe('');
    expect(await app.call('electron_type_into_editor', { selector: '#editor', text: 'Hello notes' })).toMatchObject({ ok: true });
    expect(await app.call('electron_expect_text', { selector: '#preview', equals: 'Hello notes' })).toMatchObject({ ok: true });
  });
});
