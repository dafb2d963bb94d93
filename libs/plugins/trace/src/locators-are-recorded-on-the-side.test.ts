// A ref call's stable locator is worked out before the call and written to its trace line only:
// in Playwright codegen's order, and never carrying what the trace hides.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Recorder } from './recorder.js';
import { DEFAULT_REDACTED_FIELDS, REDACTED, Redactor } from './redact.js';
import { candidateSelectors } from './stable-locator.js';

/** A page where every selector matches `counts[selector] ?? 1` elements and the ref one element. */
function fakeSessions(counts: Record<string, number> = {}, testId: string | null = null) {
  const locator = (selector: string) => ({ count: async () => counts[selector] ?? 1 });
  const session = {
    pageOrThrow: () => ({ getByRef: () => ({ count: async () => 1, getAttribute: async () => testId }) }),
    surfaceOrThrow: () => ({ locator }),
  };
  return { getOrThrow: async () => session } as any;
}

function recorder(sessions = fakeSessions()) {
  const settings = {
    dir: mkdtempSync(join(tmpdir(), 'sw-loc-')),
    redactor: new Redactor(DEFAULT_REDACTED_FIELDS),
    maxRecords: 100,
    maxStringChars: 10_000,
  };
  const server = { serverVersion: '0', toolProfile: 'full', allowEval: [] } as any;
  return new Recorder(
    settings,
    () => server,
    () => sessions,
  );
}

const record = (
  tool: string,
  args: Record<string, unknown>,
  envelope: Record<string, unknown> = { ok: true },
  sensitive?: { args: string[]; answer: string[] },
) => ({
  tool,
  args,
  envelope,
  images: 0,
  startedAt: 0,
  endedAt: 1,
  ...(sensitive ? { sensitive } : {}),
});
const lines = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));

describe('stable locators in traces', () => {
  it('prefers a test id, then role and name, then text, as Playwright codegen does', () => {
    expect(candidateSelectors({ role: 'button', name: 'Greet' }, 'greet-btn')).toEqual([
      'data-testid=greet-btn',
      'role=button[name="Greet"]',
    ]);
    expect(candidateSelectors({ role: 'textbox', name: 'Say "hi"' })).toEqual(['role=textbox[name="Say \\"hi\\""]']);
    expect(candidateSelectors({ role: 'paragraph', name: '', text: 'Hello' })).toEqual(['text="Hello"']);
    expect(candidateSelectors({ role: 'generic', name: '' })).toEqual([]);
  });

  it('records the locator of a ref on the line, learnt from the snapshot the agent got', async () => {
    const r = recorder(fakeSessions({ 'role=button[name="Remove"]': 0 }));
    const { file } = r.start('t', [], false);
    const snapshot = '- textbox "Your name" [ref=e5]\n- button "Greet" [ref=e6]';
    r.observe(record('electron_snapshot', {}, { ok: true, snapshot }));
    await r.beforeCall('electron_type', { ref: 'e5', text: 'Ada' });
    r.observe(record('electron_type', { ref: 'e5', text: 'Ada' }));
    await r.beforeCall('electron_click', { ref: 'e9' });
    r.observe(record('electron_click', { ref: 'e9' }));
    await r.stop('trace_stop');
    const [, , typed, clicked] = lines(file.path);
    expect(typed).toMatchObject({ tool: 'electron_type', locators: { ref: 'role=textbox[name="Your name"]' } });
    // A ref no snapshot named has no stable locator: nothing is guessed (promotion refuses it).
    expect(clicked.locators).toBeUndefined();
  });

  it('never writes a redacted selector or a secret the call carried into a locator', async () => {
    const r = recorder();
    const { file } = r.start('t', ['selector'], false);
    r.observe(record('electron_click', { selector: '#account-4111' }));
    r.observe(record('electron_snapshot', {}, { ok: true, snapshot: '- textbox "PIN hunter2" [ref=e2]' }));
    await r.beforeCall('electron_type', { ref: 'e2', text: 'hunter2' });
    r.observe(record('electron_type', { ref: 'e2', text: 'hunter2' }, { ok: true }, { args: ['/text'], answer: [] }));
    await r.stop('trace_stop');
    const text = readFileSync(file.path, 'utf8');
    expect(text).not.toContain('4111');
    expect(lines(file.path)[3].locators).toEqual({ ref: `role=textbox[name="PIN ${REDACTED}"]` });
    expect(text.split('\n')[3]).not.toContain('hunter2');
  });
});
