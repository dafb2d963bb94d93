// Waits let an agent sync with an app that changes on its own schedule: each must end as soon as
// the condition holds, and time out with WAIT_TIMEOUT and what it last saw when it never does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { openSignals, type SignalsApp } from '../test-support/signals.js';

describe('wait tools on the signals app', () => {
  let app: SignalsApp;

  beforeAll(async () => {
    app = await openSignals();
  });
  afterAll(async () => app?.close());

  it('waits for an element to become visible, then hidden, and for presence and absence', async () => {
    await app.ok('electron_click', { selector: '#toggle' });
    expect(await app.ok('electron_wait_for_selector', { selector: '#panel' })).toMatchObject({ state: 'visible', count: 1 });
    await app.ok('electron_click', { selector: '#toggle' });
    expect(await app.ok('electron_wait_for_selector', { selector: '#panel', state: 'hidden' })).toMatchObject({ state: 'hidden' });
    expect(await app.ok('electron_wait_for_selector', { selector: '#list li', state: 'attached' })).toMatchObject({ count: 3 });
    expect(await app.ok('electron_wait_for_selector', { selector: '#nothing-here', state: 'detached' })).toMatchObject({ count: 0 });
  });

  it('times out with WAIT_TIMEOUT and what it last saw', async () => {
    const timedOut = await app.call('electron_wait_for_selector', { selector: '#panel', timeoutMs: 200 });
    expect(timedOut.code).toBe('WAIT_TIMEOUT');
    expect(timedOut.details).toEqual({ state: 'visible', count: 1, visible: false });
    expect((await app.call('electron_wait_for_selector', { selector: '#panel', state: 'gone' })).code).toBe('BAD_ARGUMENT');
  });

  it('waits for a composite state', async () => {
    const late = app.ok('electron_wait_for_state', { selector: '#submit', state: ['visible', 'enabled'] });
    await app.ok('electron_check', { selector: '#agree' });
    expect((await late).state).toMatchObject({ visible: true, enabled: true });
    const timedOut = await app.call('electron_wait_for_state', { selector: '#agree', state: ['!checked'], timeoutMs: 200 });
    expect(timedOut.code).toBe('WAIT_TIMEOUT');
    expect((timedOut.details as { actual: { checked: boolean } }).actual.checked).toBe(true);
    expect((await app.call('electron_wait_for_state', { selector: '#agree', state: ['round'] })).code).toBe('BAD_ARGUMENT');
  });

  it('pauses for a bounded fixed time', async () => {
    expect((await app.ok('electron_wait', { ms: 20 })).waitedMs).toBe(20);
    expect((await app.call('electron_wait', { ms: 60_000 })).code).toBe('BAD_ARGUMENT');
  });

  it('waits for a DOM event anywhere in the page and on an element', async () => {
    const ready = app.ok('electron_wait_for_event', { eventName: 'app:ready' });
    await sleep(100);
    await app.ok('electron_click', { selector: '#fire' });
    expect((await ready).event).toEqual({ type: 'app:ready', target: 'document', detail: '{"n":1}' });

    const clicked = app.ok('electron_wait_for_event', { eventName: 'click', selector: '#save' });
    await sleep(100);
    await app.ok('electron_click', { selector: '#save' });
    expect((await clicked).event).toMatchObject({ type: 'click', target: 'button#save' });

    const none = await app.call('electron_wait_for_event', { eventName: 'never-fires', timeoutMs: 200 });
    expect(none.code).toBe('WAIT_TIMEOUT');
    expect((await app.call('electron_wait_for_event', { eventName: 'bad name' })).code).toBe('BAD_ARGUMENT');
  });
});
