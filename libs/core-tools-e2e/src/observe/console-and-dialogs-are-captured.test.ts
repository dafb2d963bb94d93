// Console output and web dialogs are side channels an agent cannot see in a snapshot: the
// server keeps them per session, filters them on request, and never lets a dialog hang the app.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignals, type SignalsApp } from '../test-support/signals.js';

/** Console events arrive asynchronously: read until `enough` holds (or give the last read back). */
async function entriesUntil(app: SignalsApp, args: Record<string, unknown>, enough: (entries: Entry[]) => boolean): Promise<Entry[]> {
  let entries: Entry[] = [];
  for (let i = 0; i < 50; i++) {
    entries = (await app.ok('electron_console_logs', args)).entries as Entry[];
    if (enough(entries)) break;
    await app.ok('electron_wait', { ms: 100 });
  }
  return entries;
}

interface Entry {
  seq: number;
  time: string;
  level: string;
  text: string;
  source: string;
}

describe('electron_console_logs and electron_dialog_handler', () => {
  let app: SignalsApp;

  beforeAll(async () => {
    app = await openSignals();
  });
  afterAll(async () => app?.close());

  it('returns renderer messages with level, regex, cursor and limit filters', async () => {
    const before = (await app.ok('electron_console_logs')).cursor as number;
    await app.ok('electron_click', { selector: '#log' });
    const fresh = await entriesUntil(app, { cursor: before }, (entries) => entries.length >= 3);
    expect(fresh.map((e) => [e.level, e.text, e.source])).toEqual([
      ['log', 'plain message', 'renderer'],
      ['warning', 'warn message', 'renderer'],
      ['error', 'error message 42', 'renderer'],
    ]);
    expect(((await app.ok('electron_console_logs', { cursor: before, level: 'warning' })).entries as Entry[]).map((e) => e.text)).toEqual([
      'warn message',
      'error message 42',
    ]);
    expect(((await app.ok('electron_console_logs', { matches: '/MESSAGE \\d+$/i' })).entries as Entry[]).map((e) => e.text)).toEqual([
      'error message 42',
    ]);
    const limited = await app.ok('electron_console_logs', { cursor: before, limit: 1 });
    expect((limited.entries as Entry[]).map((e) => e.text)).toEqual(['error message 42']);
    expect(limited.omitted).toBe(2);
    const byTime = (await app.ok('electron_console_logs', { cursor: new Date(Date.parse(fresh[0].time) - 1).toISOString() }))
      .entries as Entry[];
    expect(byTime.map((e) => e.text)).toContain('plain message');
  });

  it('includes main-process output', async () => {
    await app.ok('electron_click', { selector: '#log-main' });
    const main = await entriesUntil(app, { matches: '^main: ' }, (entries) => entries.length > 0);
    expect(main.map((e) => [e.source, e.text])).toEqual([['main', 'main: button pressed']]);
  });

  it('refuses unsafe patterns and unreadable cursors', async () => {
    expect((await app.call('electron_console_logs', { matches: '(x+x+)+y' })).code).toBe('UNSAFE_REGEX');
    expect((await app.call('electron_console_logs', { cursor: 'yesterday' })).code).toBe('BAD_ARGUMENT');
    // The former names (ADR-0041) still reach the same checks: an unknown parameter would be BAD_ARGUMENT.
    expect((await app.call('electron_console_logs', { match: '(x+x+)+y' })).code).toBe('UNSAFE_REGEX');
    expect((await app.call('electron_console_logs', { level: 'loud' })).code).toBe('BAD_ARGUMENT');
  });

  it('dismisses dialogs by default and records them, so the app never hangs', async () => {
    await app.ok('electron_click', { selector: '#confirm' });
    await app.ok('electron_expect_text', { selector: '#dialog-result', equals: 'cancelled' });
    const listed = await app.ok('electron_dialog_handler');
    expect(listed.policy).toBe('default');
    expect((listed.dialogs as { type: string; message: string; action: string }[]).at(-1)).toMatchObject({
      type: 'confirm',
      message: 'Proceed?',
      action: 'dismiss',
    });
  });

  it('accepts with prompt text once, then falls back to the default', async () => {
    const set = await app.ok('electron_dialog_handler', { action: 'accept', promptText: 'Ada', oneShot: true });
    expect(set.policy).toEqual({ action: 'accept', oneShot: true });
    await app.ok('electron_click', { selector: '#prompt' });
    await app.ok('electron_expect_text', { selector: '#dialog-result', equals: 'prompt: Ada' });
    await app.ok('electron_click', { selector: '#confirm' });
    await app.ok('electron_expect_text', { selector: '#dialog-result', equals: 'cancelled' });
    expect((await app.ok('electron_dialog_handler')).policy).toBe('default');
    await app.ok('electron_dialog_handler', { action: 'accept' });
    expect((await app.ok('electron_dialog_handler')).policy).toEqual({ action: 'accept' });
    await app.ok('electron_click', { selector: '#confirm' });
    await app.ok('electron_expect_text', { selector: '#dialog-result', equals: 'confirmed' });
    await app.ok('electron_click', { selector: '#alert' });
    await app.ok('electron_expect_text', { selector: '#dialog-result', equals: 'alert closed' });
    const dialogs = (await app.ok('electron_dialog_handler', { action: 'default' })).dialogs as {
      type: string;
      action: string;
      promptText?: string;
    }[];
    expect(dialogs.slice(-4).map((d) => [d.type, d.action, d.promptText])).toEqual([
      ['prompt', 'accept', 'Ada'],
      ['confirm', 'dismiss', undefined],
      ['confirm', 'accept', undefined],
      ['alert', 'accept', undefined],
    ]);
  });

  // Last: it reloads the page. With no policy a beforeunload is accepted (dismissing it would
  // block every close and reload); an explicit dismiss keeps the page.
  it('accepts beforeunload by default so leaving never hangs, and dismisses it when told to', async () => {
    await app.ok('electron_click', { selector: '#guard-leave' });
    await app.ok('electron_expect_text', { selector: '#dialog-result', equals: 'guarded' });
    await app.ok('electron_dialog_handler', { action: 'dismiss', oneShot: true });
    await app.ok('electron_click', { selector: '#leave' });
    await app.ok('electron_wait', { ms: 500 });
    await app.ok('electron_expect_text', { selector: '#dialog-result', equals: 'guarded' });
    const dismissed = ((await app.ok('electron_dialog_handler')).dialogs as { type: string; action: string }[]).at(-1);
    expect(dismissed).toMatchObject({ type: 'beforeunload', action: 'dismiss' });

    await app.ok('electron_click', { selector: '#leave' });
    await app.ok('electron_expect_text', { selector: '#dialog-result', equals: '' });
    const accepted = ((await app.ok('electron_dialog_handler')).dialogs as { type: string; action: string }[]).at(-1);
    expect(accepted).toMatchObject({ type: 'beforeunload', action: 'accept' });
  });
});
