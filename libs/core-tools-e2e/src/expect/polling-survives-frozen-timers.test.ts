// Some apps (and their test doubles) freeze setTimeout, requestAnimationFrame and Date. Waits
// and expects poll from the server, so such an app can neither stall them nor make them hang.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { openSignals, type SignalsApp } from '../test-support/signals.js';

describe('waits and expects on an app with frozen timers', () => {
  let app: SignalsApp;

  beforeAll(async () => {
    app = await openSignals();
    await app.ok('electron_click', { selector: '#freeze' });
    await app.ok('electron_expect_text', { selector: '#status', equals: 'Frozen' });
  });
  afterAll(async () => app?.close());

  it('an expect still sees a change made after it started', async () => {
    const pending = app.ok('electron_expect_text', { selector: '#status', equals: 'Set while frozen', timeoutMs: 10_000 });
    await sleep(300);
    await app.ok('electron_click', { selector: '#set-now' });
    expect((await pending).text).toBe('Set while frozen');
  });

  it('an expect that never holds still ends with EXPECTATION_FAILED', async () => {
    const failed = await app.call('electron_expect_text', { selector: '#status', equals: 'Never', timeoutMs: 400 });
    expect(failed.code).toBe('EXPECTATION_FAILED');
    expect((failed.details as { actual: string }).actual).toBe('Set while frozen');
  });

  it('waits for elements and states still end, both ways', async () => {
    const checked = app.ok('electron_wait_for_state', { selector: '#submit', state: ['enabled'], timeoutMs: 10_000 });
    await sleep(300);
    await app.ok('electron_check', { selector: '#agree' });
    expect((await checked).state).toMatchObject({ enabled: true });
    const timedOut = await app.call('electron_wait_for_selector', { selector: '#panel', timeoutMs: 400 });
    expect(timedOut.code).toBe('WAIT_TIMEOUT');
  });
});
